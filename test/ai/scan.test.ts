/**
 * ai/scan.ts `nearestRun`: visiting the offsets nearest first and stopping
 * at the ends of the first run must give the answer of testing them all.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nearestRun } from '../../ai/scan.js';

/** The scan as it was before 2026-12-02: every offset tested, ascending. */
function nearestRunOfAll(offsets: readonly number[], hits: readonly boolean[]) {
  let best = -1;
  for (let k = 0; k < offsets.length; k++)
    if (hits[k] && (best < 0 || Math.abs(offsets[k]!) < Math.abs(offsets[best]!))) best = k;
  if (best < 0) return null;
  let lo = best;
  while (lo > 0 && hits[lo - 1]) lo--;
  let hi = best;
  while (hi < offsets.length - 1 && hits[hi + 1]) hi++;
  return { lo, hi };
}

/** The grids the planner scans: k·step for k = −m … m (runAim, the fan kick). */
const grid = (m: number, step: number) =>
  Array.from({ length: 2 * m + 1 }, (_, i) => (i - m) * step);

describe('nearestRun', () => {
  it('finds the run through the nominal aim with 5 of 11 simulations', () => {
    const offsets = grid(5, 0.4);
    const hits = offsets.map((d) => Math.abs(d) < 0.5); // −0.4, 0, 0.4 pot
    const tested: number[] = [];
    const run = nearestRun(offsets, (d) => {
      tested.push(d);
      return Math.abs(d) < 0.5;
    });
    expect(run).toEqual({ lo: 4, hi: 6 });
    expect(run).toEqual(nearestRunOfAll(offsets, hits));
    expect(tested).toHaveLength(5);
  });

  it('breaks a tie between equally near runs toward the lower offset', () => {
    const offsets = grid(4, 0.5);
    const works = (d: number) => Math.abs(d) === 1; // −1 and +1 only
    expect(nearestRun(offsets, works)).toEqual({ lo: 2, hi: 2 });
  });

  it('answers as testing every offset would, testing each at most once', () => {
    const cases = fc
      .record({ m: fc.integer({ min: 0, max: 15 }), step: fc.constantFrom(0.1, 0.4, 0.5) })
      .chain(({ m, step }) =>
        fc.record({
          offsets: fc.constant(grid(m, step)),
          hits: fc.array(fc.boolean(), { minLength: 2 * m + 1, maxLength: 2 * m + 1 }),
        }),
      );
    fc.assert(
      fc.property(cases, ({ offsets, hits }) => {
        const seen = new Map<number, number>();
        const run = nearestRun(offsets, (d) => {
          seen.set(d, (seen.get(d) ?? 0) + 1);
          return hits[offsets.indexOf(d)]!;
        });
        expect(run).toEqual(nearestRunOfAll(offsets, hits));
        for (const times of seen.values()) expect(times).toBe(1);
      }),
      { numRuns: 5000, seed: 20261202 },
    );
  });
});
