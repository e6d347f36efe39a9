/**
 * sim/prepared.ts: a prepared layout answers exactly what `simulate`
 * answers for the same layout, shot and params, bit for bit, refusals and
 * their order included; and it cannot be changed after it was checked.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Layout } from '../../engine/layout.js';
import { DEFAULT_PHYSICS, prepareLayout, simulate, simulatePrepared } from '../../sim/index.js';
import { randomCase } from '../fuzz/harness.js';

describe('prepareLayout / simulatePrepared', () => {
  it('equals simulate on 300 random layouts and shots, several shots per handle', () => {
    for (let k = 0; k < 100; k++) {
      const first = randomCase(7000 + k);
      const prepared = prepareLayout(first.layout, DEFAULT_PHYSICS);
      for (let j = 0; j < 3; j++) {
        const shot = j === 0 ? first.shot : randomCase(9000 + 3 * k + j).shot;
        expect(simulatePrepared(prepared, shot, { trace: j === 1 })).toEqual(
          simulate(first.layout, shot, DEFAULT_PHYSICS, { trace: j === 1 }),
        );
      }
    }
  });

  it('refuses what simulate refuses, with the same error, the shot checked first', () => {
    const one: Layout = { table: '9ft', balls: [{ id: 0, x: 1.0, y: 0.6 }] };
    const cases: { layout: Layout; shot: { phi: number; V: number; theta?: number } }[] = [
      { layout: { table: '9ft', balls: [{ id: 3, x: 1, y: 0.6 }] }, shot: { phi: 0, V: 1 } },
      { layout: { table: '9ft', balls: [{ id: 3, x: 1, y: 0.6 }] }, shot: { phi: 0, V: 99 } },
      {
        layout: {
          table: '9ft',
          balls: [
            { id: 0, x: 1, y: 0.6 },
            { id: 1, x: 1.01, y: 0.6 },
          ],
        },
        shot: { phi: 0, V: 1 },
      },
      { layout: { table: '9ft', balls: [{ id: 0, x: 9, y: 0.6 }] }, shot: { phi: 0, V: 1 } },
      { layout: one, shot: { phi: 0, V: 1, theta: 80 } },
      { layout: one, shot: { phi: Number.NaN, V: 1 } },
    ];
    for (const c of cases) {
      const a = simulatePrepared(prepareLayout(c.layout), c.shot);
      expect(a.ok).toBe(false);
      expect(a).toEqual(simulate(c.layout, c.shot));
    }
    const badParams = { ...DEFAULT_PHYSICS, muSlide: -1 };
    expect(simulatePrepared(prepareLayout(one, badParams), { phi: 0, V: 1 })).toEqual(
      simulate(one, { phi: 0, V: 1 }, badParams),
    );
  });

  it('keeps what it checked: changing the caller’s layout or params later changes nothing', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), (seed) => {
        const c = randomCase(seed);
        const layout = { table: c.layout.table, balls: c.layout.balls.map((b) => ({ ...b })) };
        const params = { ...DEFAULT_PHYSICS };
        const prepared = prepareLayout(layout, params);
        const before = simulatePrepared(prepared, c.shot);
        layout.balls[0]!.x = 1e9;
        (params as { muSlide: number }).muSlide = 0.9;
        expect(simulatePrepared(prepared, c.shot)).toEqual(before);
        expect(Object.isFrozen(prepared) && Object.isFrozen(prepared.balls)).toBe(true);
      }),
      { numRuns: 40, seed: 3 },
    );
  });
});
