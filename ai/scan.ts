/**
 * An aim scan's answer: given offsets from a nominal aim (ascending) and a
 * test of whether each one works, the run of working offsets that holds the
 * one nearest the nominal aim, as indices [lo, hi]; null when none works.
 * Ties go to the lower offset. Shared by the pot aim refinement
 * (ai/sampling.ts runAim) and the firm fan kick (ai/candidates.ts): both aim
 * at the window nearest the geometric guess.
 *
 * Each test is a whole noiseless simulation, so the offsets are visited
 * nearest first and the scan stops at the ends of the first run found: the
 * offsets beyond them cannot change the answer. The aim scans were 56 % of a
 * planner decision's time (23 decisions, 2026-12-02); every offset is tested
 * at most once, and the answer is the one a test of every offset would give
 * (test/ai/scan.test.ts).
 */
export function nearestRun(
  offsets: readonly number[],
  works: (offset: number) => boolean,
): { lo: number; hi: number } | null {
  const n = offsets.length;
  const known: (boolean | undefined)[] = new Array(n);
  const test = (k: number) => {
    let w = known[k];
    if (w === undefined) {
      w = works(offsets[k]!);
      known[k] = w;
    }
    return w;
  };
  const order = Array.from({ length: n }, (_, k) => k).sort(
    (i, j) => Math.abs(offsets[i]!) - Math.abs(offsets[j]!) || i - j,
  );
  for (const best of order) {
    if (!test(best)) continue;
    let lo = best;
    while (lo > 0 && test(lo - 1)) lo--;
    let hi = best;
    while (hi < n - 1 && test(hi + 1)) hi++;
    return { lo, hi };
  }
  return null;
}
