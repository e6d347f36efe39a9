/**
 * The finalists' stratified value (ai/planner.ts `stratified`): the chance of
 * keeping the table and the value when not from all fresh samples, the value
 * of a kept table from the depth-2 ones.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { attackValue, stratified } from '../../ai/planner.js';
import type { SampleResult } from '../../ai/sampling.js';

/** A result from its counts and the mean values of its kept and other samples. */
function result(n: number, keeps: number, keptMean: number, otherMean: number): SampleResult {
  const sumKeep = keeps * keptMean;
  const sumOther = (n - keeps) * otherMean;
  return {
    n,
    sumValue: sumKeep + sumOther,
    sumSquares: keeps * keptMean ** 2 + (n - keeps) * otherMean ** 2,
    pots: keeps,
    fouls: 0,
    losses: 0,
    wins: 0,
    sumLeave: sumKeep,
    keeps,
    sumKeep,
    sumKeepSquares: keeps * keptMean ** 2,
    // The attack value equal to the value: a table where every leave has a shot.
    sumAttack: sumKeep + sumOther,
    sumKeepAttack: sumKeep,
  };
}

describe('stratified', () => {
  it('weighs the deep samples’ leave by P(keep) over all samples (hand-computed)', () => {
    // 48 plain samples: 46 kept (depth-1 value 0.5, ignored), 2 not (0.2).
    // 16 deep samples, all kept at 0.8. P(keep) = 62/64; value = 62/64·0.8 + 2/64·0.2.
    const v = stratified(result(48, 46, 0.5, 0.2), result(16, 16, 0.8, 0)).value;
    expect(v).toBeCloseTo((62 / 64) * 0.8 + (2 / 64) * 0.2, 12);
  });
  it('falls back to the plain samples’ kept value when no deep sample kept the table', () => {
    // P(keep) = 10/(40+8) from the plain ones only; kept value 0.7 from them; others 0.3.
    const v = stratified(result(40, 10, 0.7, 0.3), result(8, 0, 0, 0.3)).value;
    expect(v).toBeCloseTo((10 / 48) * 0.7 + (38 / 48) * 0.3, 12);
  });
  it('is the deep mean when every sample keeps the table, and the plain mean when none does', () => {
    expect(stratified(result(48, 48, 0.1, 0), result(16, 16, 0.9, 0)).value).toBeCloseTo(0.9, 12);
    expect(stratified(result(48, 0, 0, 0.25), result(16, 0, 0, 0.25)).value).toBeCloseTo(0.25, 12);
  });
  it('its standard error adds the spread of the kept values and the uncertainty of P(keep) (hand-computed)', () => {
    // Every sample keeps; the 16 deep ones are half 0.7, half 0.9: variance 0.01, stderr √(0.01/16) = 0.025.
    const deep: SampleResult = {
      ...result(16, 16, 0.8, 0),
      sumKeepSquares: 8 * 0.49 + 8 * 0.81,
      sumSquares: 8 * 0.49 + 8 * 0.81,
    };
    expect(stratified(result(48, 48, 0.5, 0), deep).stderr).toBeCloseTo(0.025, 12);
    // Constant strata, 48 of 64 kept: only P(keep) is uncertain, √(0.75·0.25/64)·(0.8 − 0.2).
    const s = stratified(result(48, 36, 0.5, 0.2), result(16, 12, 0.8, 0.2));
    expect(s.value).toBeCloseTo(0.75 * 0.8 + 0.25 * 0.2, 12);
    expect(s.stderr).toBeCloseTo(Math.sqrt((0.75 * 0.25) / 64) * 0.6, 12);
  });
  it('lies between the smallest and largest stratum mean (property)', () => {
    const counts = fc
      .integer({ min: 1, max: 64 })
      .chain((n) => fc.tuple(fc.constant(n), fc.integer({ min: 0, max: n })));
    fc.assert(
      fc.property(
        counts,
        counts,
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        ([n1, k1], [n2, k2], kPlain, kDeep, other) => {
          const v = stratified(result(n1, k1, kPlain, other), result(n2, k2, kDeep, other)).value;
          const lo = Math.min(kPlain, kDeep, other);
          const hi = Math.max(kPlain, kDeep, other);
          expect(v).toBeGreaterThanOrEqual(lo - 1e-12);
          expect(v).toBeLessThanOrEqual(hi + 1e-12);
        },
      ),
    );
  });
});

describe('attackValue', () => {
  it('is the stratified value when every sample’s attack value is its value', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 0, max: 40 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.integer({ min: 1, max: 40 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (n, k, kept, other, dn, deepKept) => {
          const plain = result(n, Math.min(k, n), kept, other);
          const deep = result(dn, dn, deepKept, 0);
          expect(attackValue(plain, deep)).toBeCloseTo(stratified(plain, deep).value, 12);
          expect(attackValue(plain, null)).toBeCloseTo(plain.sumValue / plain.n, 12);
        },
      ),
    );
  });
});
