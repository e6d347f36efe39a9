/**
 * An aim scan's answer: given offsets from a nominal aim (ascending) and
 * whether each one works, the run of working offsets that holds the one
 * nearest the nominal aim, as indices [lo, hi]; null when none works. Shared
 * by the pot aim refinement (ai/sampling.ts runAim) and the firm fan kick
 * (ai/candidates.ts): both aim at the window nearest the geometric guess.
 */
export function nearestRun(
  offsets: readonly number[],
  hits: readonly boolean[],
): { lo: number; hi: number } | null {
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
