/**
 * Match and comparison statistics (ai/stats.ts) against hand-computed values.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { eloOf, estimate, signTest } from '../../ai/stats.js';

describe('estimate: score, Elo and its 95 % interval', () => {
  it('360–40 gives +382 (+331 … +448), the figures of the 400-game match in issue 5', () => {
    // variance (360·0.1² + 40·0.9²)/400 = 0.09; half-width 1.96·√(0.09/400) = 0.0294;
    // Elo = 400·log10(p/(1−p)) at 0.9, 0.8706 and 0.9294.
    const e = estimate({ wins: 360, losses: 40, draws: 0 });
    expect(e.score).toBe(0.9);
    expect(e.elo).toBeCloseTo(381.7, 1);
    expect(e.eloLow).toBeCloseTo(331.1, 0);
    expect(e.eloHigh).toBeCloseTo(447.9, 0);
    expect(e.los).toBeGreaterThan(0.9999);
  });
  it('an even score is 0 Elo with LOS ½', () => {
    const e = estimate({ wins: 30, losses: 30, draws: 40 });
    expect(e.elo).toBeCloseTo(0, 9);
    expect(e.los).toBeCloseTo(0.5, 6); // erf by A–S 7.1.26, |error| < 1.5e-7
  });
  it('Elo is antisymmetric in the score', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.01, max: 0.99, noNaN: true }), (p) => {
        expect(eloOf(p) + eloOf(1 - p)).toBeCloseTo(0, 6);
      }),
    );
  });
});

describe("signTest: McNemar's exact test on discordant pairs", () => {
  it('matches the binomial tails: 1 of 10 → 22/1024, 5 of 20 → 2·21700/2²⁰', () => {
    // P(X ≤ 1 | n 10) = (1 + 10)/1024; P(X ≤ 5 | n 20) = (1+20+190+1140+4845+15504)/1048576.
    expect(signTest(1, 9).p).toBeCloseTo(22 / 1024, 12);
    expect(signTest(15, 5).p).toBeCloseTo((2 * 21700) / 1048576, 12);
  });
  it('no discordant pairs, or an even split, is no evidence (P = 1)', () => {
    expect(signTest(0, 0).p).toBe(1);
    expect(signTest(7, 7).p).toBe(1);
  });
  it('is symmetric, in (0, 1], and falls as the split grows more lopsided', () => {
    fc.assert(
      fc.property(fc.nat(150), fc.nat(150), (x, y) => {
        const t = signTest(x, y);
        expect(t.p).toBe(signTest(y, x).p);
        expect(t.p).toBeGreaterThan(0);
        expect(t.p).toBeLessThanOrEqual(1);
        if (x < y) expect(signTest(x, y + 1).p).toBeLessThan(t.p);
      }),
    );
  });
});
