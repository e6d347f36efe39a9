import { describe, expect, it } from 'vitest';
import { collideBalls } from '../../sim/collision.js';
import { simulate, simulateFrom, type TraceSample } from '../../sim/index.js';
import { advance, Balls, ROLLING, SLIDING, STATIONARY, setPhase } from '../../sim/motion.js';
import { squirtAngle } from '../../sim/strike.js';
import { angleBetween, DEG, deg, P, R, W9 } from './helpers.js';

const g = P.g;
const mus = P.muSlide;
const mur = P.muRoll;

/** Runs one ball with velocity v0 along +x, no spin, through its phases in closed form. */
function centreBall(v0: number) {
  const b = new Balls(1);
  b.vx[0] = v0;
  setPhase(b, 0, P);
  expect(b.phase[0]).toBe(SLIDING);
  const tRoll = b.tEnd[0]!;
  advance(b, 0, tRoll, P);
  expect(b.phase[0]).toBe(ROLLING);
  const xRoll = b.x[0]!;
  const vRoll = b.vx[0]!;
  const tStop = b.tEnd[0]!;
  advance(b, 0, tStop, P);
  expect(b.phase[0]).toBe(STATIONARY);
  return { tRoll, xRoll, vRoll, tStop, xStop: b.x[0]! };
}

const within1pct = (got: number, want: number) =>
  expect(Math.abs(got / want - 1)).toBeLessThan(0.01);

describe('law 1–2: centre-ball hit, slide → roll → rest (docs/physics.md)', () => {
  const speeds = [0.3, 0.5, 1, 2, 3, 4];
  it.each(speeds)(
    'v0 = %s m/s: t = 2v/(7μs g), d = 12v²/(49μs g), 5/7 v, stop after v²/(2μr g)',
    (v0) => {
      const r = centreBall(v0);
      within1pct(r.tRoll, (2 * v0) / (7 * mus * g));
      within1pct(r.xRoll, (12 * v0 * v0) / (49 * mus * g));
      within1pct(r.vRoll, (5 / 7) * v0);
      const v = (5 / 7) * v0;
      within1pct(r.tStop - r.tRoll, v / (mur * g));
      within1pct(r.xStop - r.xRoll, (v * v) / (2 * mur * g));
    },
  );

  it.each([0.3, 0.45, 0.6])(
    'the same inside simulate (v0 = %s m/s, whole run fits on the table)',
    (v0) => {
      const out = simulateFrom('9ft', [{ id: 0, x: 0.2, y: W9 / 2, vx: v0 }], P, { trace: true });
      expect(out.ok).toBe(true);
      if (!out.ok) return;
      const d = out.value.layout.balls[0]!.x - 0.2;
      const v = (5 / 7) * v0;
      within1pct(d, (12 * v0 * v0) / (49 * mus * g) + (v * v) / (2 * mur * g));
      const rest = out.value.events.at(-1)!;
      expect(rest.type).toBe('rest');
      within1pct(rest.t!, (2 * v0) / (7 * mus * g) + v / (mur * g));
      // The slide→roll instant is sampled: the speed there is 5/7 v0.
      const tr = out.value.trace![0]!;
      const tRoll = (2 * v0) / (7 * mus * g);
      const s = tr.find((x) => Math.abs(x[0] - tRoll) < 1e-9)!;
      within1pct(s[3], v);
    },
  );
});

/** CB state and OB state right after the first contact, from the trace. */
function afterContact(trace: Record<number, TraceSample[]>, tc: number, id: number): TraceSample {
  return trace[id]!.filter((s) => s[0] <= tc + 1e-12).at(-1)!;
}

describe('law 4: the 30° rule (Alciatore TP A-4 / docs/physics.md)', () => {
  // Medium speed (docs/physics.md: 0.9–1.9 m/s). The law assumes e = 1 and no
  // ball–ball friction; with e = 0.95 and Alciatore's μ(v) the model gives
  // 34.9° at 0.5 m/s (friction eats more follow at low slip speed), 33.9° at
  // 1, 33.3° at 1.5, 33.0° at 2 and 32.7° at 3 m/s.
  it.each([1, 1.25, 1.5])(
    'rolling cue ball at %s m/s, half-ball hit: deflects 33.7° ± 0.5° once rolling',
    (v) => {
      const off = 2 * R * Math.sin(30 * DEG);
      const out = simulateFrom(
        '9ft',
        [
          { id: 0, x: 0.7, y: W9 / 2, vx: v, wy: v / R },
          { id: 1, x: 1.0, y: W9 / 2 + off },
        ],
        P,
        { trace: true },
      );
      if (!out.ok) throw new Error(out.error.message);
      const tc = out.value.events.find((e) => e.type === 'contact')!.t!;
      const next = out.value.events.find((e) => e.t! > tc)!.t!;
      // Rolling again after 2|u|/(7 μs g) ≤ 2v/(7 μs g); take the last sample before anything else happens.
      const tRoll = tc + (2 * v) / (7 * mus * g);
      expect(next).toBeGreaterThan(tRoll);
      const s = out.value
        .trace![0]!.filter((x) => x[0] > tRoll && x[0] < next && Math.hypot(x[3], x[4]) > 1e-6)
        .at(-1)!;
      const defl = -angleBetween(1, 0, s[3], s[4]);
      const law = deg(
        Math.atan((Math.sin(30 * DEG) * Math.cos(30 * DEG)) / (Math.sin(30 * DEG) ** 2 + 0.4)),
      );
      expect(law).toBeCloseTo(33.7, 1);
      expect(Math.abs(defl - law)).toBeLessThan(0.5);
    },
  );
});

/** A stun (sliding, no spin) cue ball meeting the OB at cut angle phi, 1 µm from contact. */
function stun(v: number, phiDeg: number) {
  const ph = phiDeg * DEG;
  const out = simulateFrom(
    '9ft',
    [
      { id: 0, x: 1.2 - 2 * R * Math.cos(ph) - 1e-6, y: W9 / 2 - 2 * R * Math.sin(ph), vx: v },
      { id: 1, x: 1.2, y: W9 / 2 },
    ],
    P,
    { trace: true },
  );
  if (!out.ok) throw new Error(out.error.message);
  const tc = out.value.events.find((e) => e.type === 'contact')!.t!;
  const c = afterContact(out.value.trace!, tc, 0);
  const o = afterContact(out.value.trace!, tc, 1);
  // Throw: the OB's departure angle from the line of centres at contact, toward the cut side.
  const throwDeg = angleBetween(o[1] - c[1], o[2] - c[2], o[3], o[4]);
  const separation = angleBetween(o[3], o[4], c[3], c[4]);
  return { throwDeg, separation };
}

describe('law 3: stun shot, 90° rule less throw (docs/physics.md)', () => {
  it.each([15, 30, 45, 60])(
    'cut %s°: separation within 1° of 90° − atan((1−e)/(2 tan φ)) − throw',
    (phi) => {
      for (const v of [0.5, 1.5, 3]) {
        const r = stun(v, phi);
        const law =
          90 - deg(Math.atan((1 - P.eBall) / (2 * Math.tan(phi * DEG)))) - Math.abs(r.throwDeg);
        expect(Math.abs(Math.abs(r.separation) - law)).toBeLessThan(1);
      }
    },
  );
});

describe('law 5: cut-induced throw, Alciatore TP A-14', () => {
  // TP A-14's three speeds: slow 1.5 mph, medium 3 mph, fast 7 mph.
  const speeds: [string, number][] = [
    ['slow', 0.67],
    ['medium', 1.34],
    ['fast', 3.13],
  ];
  const cuts = [5, 10, 15, 20, 30, 40, 50, 60];
  it.each(speeds)('%s (%s m/s): throw within 0.5° of atan(min(μ(v sin φ), tan φ / 7))', (_, v) => {
    for (const phi of cuts) {
      const r = stun(v, phi);
      const f = P.ballFriction;
      const mu = f.a + f.b * Math.exp(-f.c * v * Math.sin(phi * DEG));
      const tpA14 = deg(Math.atan(Math.min(mu, Math.tan(phi * DEG) / 7)));
      expect(Math.abs(Math.abs(r.throwDeg) - tpA14)).toBeLessThan(0.5);
    }
  });
});

describe('law 6: head-on hits and a frozen line (docs/physics.md)', () => {
  it('head-on: cue ball keeps (1 − e)/2, object ball takes (1 + e)/2', () => {
    const b = new Balls(2);
    b.x[1] = 2 * R;
    b.vx[0] = 2;
    expect(collideBalls(b, 0, 1, P)).toBe(true);
    expect(b.vx[0]).toBeCloseTo(((1 - P.eBall) / 2) * 2, 12);
    expect(b.vx[1]).toBeCloseTo(((1 + P.eBall) / 2) * 2, 12);
  });

  /** A cue ball at v0 into a line of three balls `gap` metres apart; speeds / v0 before 10 ms. */
  function line(gap: number) {
    const v0 = 2;
    const x1 = 1.5;
    const out = simulateFrom(
      '9ft',
      [
        { id: 0, x: x1 - 2 * R - 1e-6, y: W9 / 2, vx: v0 },
        { id: 1, x: x1, y: W9 / 2 },
        { id: 2, x: x1 + 2 * R + gap, y: W9 / 2 },
        { id: 3, x: x1 + 4 * R + 2 * gap, y: W9 / 2 },
      ],
      P,
      { trace: true },
    );
    if (!out.ok) throw new Error(out.error.message);
    const last = Math.max(
      ...out.value.trace![3]!.filter((s) => s[0] < 0.01).map((s) => Math.hypot(s[3], s[4])),
    );
    const others = [0, 1, 2].map((id) => {
      const s = out.value.trace![id]!.filter((x) => x[0] < 0.01).at(-1)!;
      return Math.hypot(s[3], s[4]) / v0;
    });
    return { last: last / v0, others };
  }

  it('a frozen line of 3 balls hit head-on sends the last off at ≥ 0.9 v0', () => {
    // Touching balls load their contacts together (sim/cluster.ts, Hertz): the
    // last ball leaves at ≈ 0.94 v0 and the one behind it keeps ≈ 0.13 v0 —
    // Hertz's dispersion, which even a perfectly elastic chain shows (≈ 0.11;
    // Hinch & Saint-Jean 1999, Proc. R. Soc. A 455). The rest are nearly still.
    const r = line(0);
    expect(r.last).toBeGreaterThanOrEqual(0.9);
    expect(r.others[0]).toBeLessThan(0.1);
    expect(r.others[1]).toBeLessThan(0.1);
    expect(r.others[2]).toBeLessThan(0.15);
  });

  it('a racked line (0.1 mm gaps, docs/physics.md) leaves all but the last nearly still (law 6)', () => {
    const r = line(1e-4);
    expect(r.last).toBeGreaterThanOrEqual(0.9);
    for (const v of r.others) expect(v).toBeLessThan(0.1);
  });
});

describe('law 7: squirt and the strike', () => {
  it('squirt is 1–2° at a = 0.5 with m_b/m_e = 30, away from the english', () => {
    const s = deg(squirtAngle(0.5, P));
    expect(s).toBeGreaterThan(1);
    expect(s).toBeLessThan(2);
    const out = simulate(
      { table: '9ft', balls: [{ id: 0, x: 0.3, y: W9 / 2 }] },
      { phi: 0, V: 1, a: 0.5 },
      P,
      { trace: true },
    );
    if (!out.ok) throw new Error(out.error.message);
    const s0 = out.value.trace![0]![0]!;
    expect(deg(Math.atan2(s0[4], s0[3]))).toBeCloseTo(s, 9);
  });

  it('b = 2/5 strikes a naturally rolling ball; b < 0 draws back after a full hit', () => {
    const roll = simulate(
      { table: '9ft', balls: [{ id: 0, x: 0.3, y: W9 / 2 }] },
      { phi: 0, V: 1, b: 0.4 },
      P,
      {
        trace: true,
      },
    );
    if (!roll.ok) throw new Error(roll.error.message);
    const tr = roll.value.trace![0]!;
    // Rolling from the start: constant deceleration μr g between the first samples.
    const a = (tr[1]![3] - tr[0]![3]) / (tr[1]![0] - tr[0]![0]);
    expect(a).toBeCloseTo(-mur * g, 9);
    const draw = simulate(
      {
        table: '9ft',
        balls: [
          { id: 0, x: 0.6, y: W9 / 2 },
          { id: 1, x: 1.0, y: W9 / 2 },
        ],
      },
      { phi: 0, V: 2, b: -0.6 },
    );
    if (!draw.ok) throw new Error(draw.error.message);
    expect(draw.value.layout.balls.find((b) => b.id === 0)!.x).toBeLessThan(1.0 - 2 * R - 0.1);
  });
});
