/**
 * Simulator fuzz, the short pass (`npm test`; the long one is
 * simulate-*.slow.test.ts). Over random legal layouts on the three tables
 * and random shots across the accepted ranges (engine/shot.ts SHOT_LIMITS):
 * every ball ends on the slate or pocketed with an event, the log is in time
 * order, the referee accepts it, and no in-range shot is refused (the event
 * limit included). Then the range's edges, and execution noise within its
 * bounds never making a shot the simulator refuses.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { overrideBudget } from '../../ai/budget.js';
import { LEVELS, type Noise } from '../../ai/levels.js';
import { NOISE_FIELDS, NOISE_MAX, overrideNoise, perturb } from '../../ai/noise.js';
import { playShot } from '../../ai/sampling.js';
import { noiseOption } from '../../cli/options.js';
import { SHOT_LIMITS, type Shot } from '../../engine/shot.js';
import { DEFAULT_PHYSICS, parseShot, simulate } from '../../sim/index.js';
import { checkShot } from '../../sim/validate.js';
import { examine, randomCase, stateFor } from './harness.js';
import { fuzz, runSeed } from './run.js';

describe('simulator fuzz (short pass)', () => {
  it('1 500 random shots over the accepted ranges keep the contract', () => {
    const t = fuzz('short, all ranges', 1500, runSeed(20261210));
    expect(t.calls).toBe(1500);
  });

  it('400 power shots with spin at θ = 0 on the 7-ft table keep the contract', () => {
    fuzz('short, 7ft power', 400, runSeed(20261211), {
      table: '7ft',
      V: [8, SHOT_LIMITS.V.max],
      theta: [0, 0],
    });
  });

  it('400 elevated shots near the top of the range keep the contract', () => {
    fuzz('short, elevated', 400, runSeed(20261212), {
      theta: [0.75 * SHOT_LIMITS.theta.max, SHOT_LIMITS.theta.max],
    });
  });
});

describe('the cases of the issue', () => {
  it('the massé at θ = 85° that left the table is refused with a coded error', () => {
    const layout = { table: '9ft' as const, balls: [{ id: 0 as const, x: 1.27, y: 0.3 }] };
    const r = simulate(layout, { phi: 229, V: 8, a: -0.5, b: 0, theta: 85 });
    expect(!r.ok && r.error.code).toBe('E_SIM_BAD_SHOT');
    expect(!r.ok && r.error.field).toBe('shot.theta');
    // At the top of the range the same stroke ends on the slate or in a pocket.
    const top = { phi: 229, V: 8, a: -0.5, b: 0, theta: SHOT_LIMITS.theta.max };
    const c = { seed: 1, layout, shot: top };
    expect(examine(c).failures).toEqual([]);
  });

  it('states the ranges in the schema and refuses everything outside them, field named', () => {
    const edge = SHOT_LIMITS;
    const inside: Shot[] = [
      { phi: 0, V: edge.V.max, a: edge.tip, b: 0, theta: edge.theta.max },
      { phi: -1e6, V: edge.V.min, a: 0, b: -edge.tip },
      { phi: 0, V: 1, a: 0.49, b: 0.49 },
    ];
    for (const s of inside) {
      expect(parseShot(s).ok).toBe(true);
      expect(checkShot(s)).toBeNull();
    }
    const outside = fc.oneof(
      fc.record({
        field: fc.constant('shot.V'),
        v: fc.oneof(
          fc.double({ min: edge.V.max, max: 1e308, minExcluded: true, noNaN: true }),
          fc.double({ min: -1e308, max: edge.V.min - 1e-9, noNaN: true }),
          fc.constant(Number.NaN),
        ),
      }),
      fc.record({
        field: fc.constant('shot.theta'),
        v: fc.oneof(
          fc.double({ min: edge.theta.max, max: 1e308, minExcluded: true, noNaN: true }),
          fc.double({ min: -1e308, max: edge.theta.min - 1e-9, noNaN: true }),
        ),
      }),
      fc.record({
        field: fc.constant('shot.a'),
        v: fc.double({ min: edge.tip, max: 1e308, minExcluded: true, noNaN: true }),
      }),
    );
    fc.assert(
      fc.property(outside, ({ field, v }) => {
        const shot: Shot = { phi: 0, V: 1, a: 0, b: 0, theta: 0 };
        const key = field.slice(5) as 'V' | 'theta' | 'a';
        (shot as Record<string, number>)[key] = v;
        const viaSim = simulate({ table: '9ft', balls: [{ id: 0, x: 1, y: 0.5 }] }, shot);
        expect(!viaSim.ok && viaSim.error.code).toBe('E_SIM_BAD_SHOT');
        expect(!viaSim.ok && viaSim.error.field).toBe(field);
        if (Number.isFinite(v)) {
          const viaWire = parseShot(shot);
          expect(!viaWire.ok && viaWire.error.field).toBe(field);
        }
      }),
      { numRuns: 300, seed: runSeed(20261213) },
    );
    // Each offset in range, together past the miscue limit.
    const both = simulate(
      { table: '9ft', balls: [{ id: 0, x: 1, y: 0.5 }] },
      { phi: 0, V: 1, a: 0.6, b: 0.6 },
    );
    expect(!both.ok && both.error.field).toBe('shot.b');
  });
});

describe('execution noise stays in what the simulator accepts', () => {
  const noiseArb = fc.record(
    Object.fromEntries(
      NOISE_FIELDS.map((k) => [k, fc.double({ min: 0, max: NOISE_MAX[k], noNaN: true })]),
    ) as Record<keyof Noise, fc.Arbitrary<number>>,
  );
  const shotArb = fc.record({
    phi: fc.double({ min: -720, max: 720, noNaN: true }),
    V: fc.double({ min: SHOT_LIMITS.V.min, max: SHOT_LIMITS.V.max, noNaN: true }),
    a: fc.double({ min: -0.49, max: 0.49, noNaN: true }),
    b: fc.double({ min: -0.49, max: 0.49, noNaN: true }),
    theta: fc.double({ min: SHOT_LIMITS.theta.min, max: SHOT_LIMITS.theta.max, noNaN: true }),
  });

  it('a shot in range, perturbed by any noise within the bounds, is still in range', () => {
    fc.assert(
      fc.property(shotArb, noiseArb, fc.integer({ min: 0, max: 0xffffffff }), (shot, n, s) => {
        const [executed] = perturb(shot, n, s);
        expect(checkShot(executed)).toBeNull();
        expect(parseShot(executed).ok).toBe(true);
      }),
      { numRuns: 2000, seed: runSeed(20261214) },
    );
  });

  it('the bounds are the ranges: at most them is accepted, more is refused (CLI and library)', () => {
    expect(overrideNoise(LEVELS.olympiad.noise, NOISE_MAX)).toEqual(NOISE_MAX);
    for (const k of NOISE_FIELDS) {
      expect(overrideNoise(LEVELS.olympiad.noise, { [k]: NOISE_MAX[k] * (1 + 1e-9) })).toBeNull();
      expect(() => noiseOption(JSON.stringify({ [k]: NOISE_MAX[k] * 2 }))).toThrow(/at most/);
    }
    // The values.
    for (const v of ['{"V":100}', '{"theta":1000}', '{"a":1e308}'])
      expect(() => noiseOption(v)).toThrow(/--noise must be/);
    expect(NOISE_MAX.V).toBe(SHOT_LIMITS.V.max - SHOT_LIMITS.V.min);
    expect(NOISE_MAX.theta).toBe(SHOT_LIMITS.theta.max - SHOT_LIMITS.theta.min);
  });

  it('no sample at the largest noise is a simulator refusal (which the planner would count a foul)', () => {
    let sampled = 0;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffffff }), (seed) => {
        const c = randomCase(seed);
        const state = stateFor(c.layout, seed);
        const [executed] = perturb(c.shot, NOISE_MAX, seed);
        const out = playShot(state, null, executed, null, DEFAULT_PHYSICS);
        sampled++;
        expect('error' in out ? out.error : null).toBeNull();
      }),
      { numRuns: 300, seed: runSeed(20261215) },
    );
    expect(sampled).toBe(300);
  });

  it('every budget field has an upper bound (--budget)', () => {
    const base = LEVELS.olympiad.budget;
    const huge = fc.oneof(fc.constant(1e308), fc.integer({ min: 10_001, max: 2 ** 52 }));
    const field = fc.constantFrom(
      'candidates',
      'samples',
      'finalists',
      'finalSamples',
      'potSamples',
    );
    fc.assert(
      fc.property(field, huge, (k, v) => {
        expect(overrideBudget(base, { [k]: v }).ok).toBe(false);
        expect(overrideBudget(base, { lookahead: { pots: v } }).ok).toBe(false);
      }),
      { numRuns: 100, seed: runSeed(20261216) },
    );
  });
});
