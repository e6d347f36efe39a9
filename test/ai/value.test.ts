/** The race model and the noise model: closed forms and their invariants. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { erf, positionValue, raceWin } from '../../ai/estimate.js';
import { LEVELS } from '../../ai/levels.js';
import { perturb } from '../../ai/noise.js';
import { deriveSeed } from '../../ai/seeds.js';

describe('race model', () => {
  it('W(a,b) solves W(a,b) = r_a + (1 − r_a)(1 − W(b,a))', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 1, max: 8 }),
        fc.double({ min: 0.05, max: 0.99, noNaN: true }),
        (a, b, q) => {
          const ra = q ** a;
          expect(raceWin(a, b, q)).toBeCloseTo(ra + (1 - ra) * (1 - raceWin(b, a, q)), 9);
        },
      ),
    );
  });
  it('is monotone: fewer balls to go and more chance are worth more', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 7 }),
        fc.integer({ min: 1, max: 8 }),
        fc.double({ min: 0.1, max: 0.95, noNaN: true }),
        (a, b, q) => {
          expect(raceWin(a, b, q)).toBeGreaterThanOrEqual(raceWin(a + 1, b, q));
          expect(positionValue(0.9, a, b, q, 0.3)).toBeGreaterThanOrEqual(
            positionValue(0.2, a, b, q, 0.3) - 1e-12,
          );
        },
      ),
    );
  });
  it('erf matches known values', () => {
    expect(erf(0)).toBeCloseTo(0, 7);
    expect(erf(1)).toBeCloseTo(0.8427008, 6);
    expect(erf(-0.5)).toBeCloseTo(-0.5204999, 6);
  });
});

describe('execution noise', () => {
  it('is Gaussian with the level σ on φ and V (olympiad: 0.125°, 0.075 m/s)', () => {
    const n = 20000;
    let sp = 0;
    let sp2 = 0;
    let sv2 = 0;
    for (let i = 0; i < n; i++) {
      const [s] = perturb({ phi: 10, V: 2, a: 0, b: 0 }, LEVELS.olympiad.noise, deriveSeed(1, i));
      sp += s.phi - 10;
      sp2 += (s.phi - 10) ** 2;
      sv2 += (s.V - 2) ** 2;
    }
    expect(Math.abs(sp / n)).toBeLessThan(0.005);
    expect(Math.sqrt(sp2 / n)).toBeCloseTo(0.125, 2);
    expect(Math.sqrt(sv2 / n)).toBeCloseTo(0.075, 2);
  });
  it('seeds are derived, not shared: neighbouring samples differ', () => {
    const seen = new Set<number>();
    for (let c = 0; c < 50; c++) for (let k = 0; k < 50; k++) seen.add(deriveSeed(7, c, k));
    expect(seen.size).toBe(2500);
  });
});
