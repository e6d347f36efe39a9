/**
 * sim/roots.ts: the no-contact proof in `firstEntry` must never change a
 * result. Compared bit for bit with the exact walk alone on ball-pair gap
 * polynomials (|Δr(t)|² − (2R)² for two balls in quadratic motion, as
 * sim/simulate.ts predictPair builds them), most of them near a grazing
 * contact, where a loose proof would claim "no contact" wrongly.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clearOfCircle, firstEntry } from '../../sim/roots.js';

/** The exact walk alone, without the no-contact proof. */
const byWalk = (c: readonly [number, number, number, number, number], H: number, lo: number) =>
  firstEntry(...c, H, lo, false);

const R2 = 2 * 0.028575;
/** simulate.ts passes lo = GRAZE (1e-9 s) when a pair starts touching. */
const GRAZE = 1e-9;

/** Coefficients of |d + v t + h t²|² − R2² (h: half the relative acceleration). */
function gap(dx: number, dy: number, vx: number, vy: number, hx: number, hy: number) {
  return [
    dx * dx + dy * dy - R2 * R2,
    2 * (dx * vx + dy * vy),
    vx * vx + vy * vy + 2 * (dx * hx + dy * hy),
    2 * (vx * hx + vy * hy),
    hx * hx + hy * hy,
  ] as const;
}

const unit = fc.double({ min: -1, max: 1, noNaN: true });

/**
 * A pair whose closest approach on its straight-line part is R2 + miss: the
 * ball j at the origin, ball i passing at `miss` beyond contact, plus a
 * small curvature from the acceleration (sliding balls, R11 of physics).
 */
const nearGrazing = fc
  .record({
    angle: fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }),
    speed: fc.double({ min: 0.05, max: 8, noNaN: true }),
    miss: fc.oneof(
      fc.constantFrom(0, 1e-15, -1e-15, 1e-12, -1e-12, 1e-10, 1e-9, 1e-7),
      fc.double({ min: -0.01, max: 0.01, noNaN: true }),
    ),
    before: fc.double({ min: 0.01, max: 2, noNaN: true }),
    hx: fc.oneof(fc.constant(0), fc.double({ min: -2, max: 2, noNaN: true })),
    hy: fc.oneof(fc.constant(0), fc.double({ min: -2, max: 2, noNaN: true })),
    H: fc.double({ min: 0.001, max: 6, noNaN: true }),
    lo: fc.constantFrom(0, GRAZE),
  })
  .map(({ angle, speed, miss, before, hx, hy, H, lo }) => {
    const ux = Math.cos(angle);
    const uy = Math.sin(angle);
    // Closest point at (R2 + miss) along the normal, reached after `before` seconds.
    const px = -uy * (R2 + miss);
    const py = ux * (R2 + miss);
    const dx = px - ux * speed * before;
    const dy = py - uy * speed * before;
    const m = [dx, dy, ux * speed, uy * speed, hx, hy] as const;
    return { m, c: gap(...m), H, lo };
  });

const anyPair = fc
  .record({
    d: fc.tuple(unit, unit),
    v: fc.tuple(unit, unit),
    h: fc.tuple(unit, unit),
    speed: fc.double({ min: 0, max: 10, noNaN: true }),
    H: fc.double({ min: 0.001, max: 10, noNaN: true }),
    lo: fc.constantFrom(0, GRAZE),
  })
  .map(({ d, v, h, speed, H, lo }) => {
    const m = [d[0], d[1], v[0] * speed, v[1] * speed, 2 * h[0], 2 * h[1]] as const;
    return { m, c: gap(...m), H, lo };
  });

describe('firstEntry (sim/roots.ts)', () => {
  it('finds a head-on contact where the gap closes, and none for balls moving apart', () => {
    // Ball 1 m away closing at 1 m/s: contact when the centres are 2R apart.
    expect(firstEntry(...gap(1, 0, -1, 0, 0, 0), 5)).toBeCloseTo(1 - R2, 12);
    expect(firstEntry(...gap(1, 0, 1, 0, 0, 0), 5)).toBe(Number.POSITIVE_INFINITY);
    // Decelerating to a stop 1 cm short of contact: no contact.
    const v = 0.5;
    const stopAt = 1 - R2 - 0.01;
    expect(
      firstEntry(...gap(1, 0, -v, 0, (v * v) / (4 * stopAt), 0), v / ((v * v) / (2 * stopAt))),
    ).toBe(Number.POSITIVE_INFINITY);
  });

  it('equals the exact walk bit for bit on pairs passing within a centimetre of contact', () => {
    fc.assert(
      fc.property(nearGrazing, ({ c, H, lo }) => {
        expect(Object.is(firstEntry(...c, H, lo), byWalk(c, H, lo))).toBe(true);
      }),
      { numRuns: 20_000, seed: 20261202 },
    );
  });

  it('equals the exact walk bit for bit on arbitrary pairs', () => {
    fc.assert(
      fc.property(anyPair, ({ c, H, lo }) => {
        expect(Object.is(firstEntry(...c, H, lo), byWalk(c, H, lo))).toBe(true);
      }),
      { numRuns: 20_000, seed: 20261203 },
    );
  });

  it("clearOfCircle, the callers' first test, only ever claims pairs the walk finds no contact for", () => {
    let claimed = 0;
    fc.assert(
      fc.property(fc.oneof(nearGrazing, anyPair), ({ m, c, H, lo }) => {
        if (!clearOfCircle(...m, H, R2)) return;
        claimed++;
        expect(byWalk(c, H, lo)).toBe(Number.POSITIVE_INFINITY);
      }),
      { numRuns: 20_000, seed: 20261204 },
    );
    // The property is not empty: many of the pairs are cleared.
    expect(claimed).toBeGreaterThan(2000);
  });
});
