/**
 * Bands of the planner's estimated P(pot), shared by the diagnosis tools
 * (bench/chosenShots.ts, bench/runout.ts `missedAt`): below 60 %, 60–80 %,
 * 80–95 %, 95 % and over. A miss at 95 % is bad luck; a shot below 80 % was
 * usually forced by the position before it (bench/README).
 */
export const ESTIMATE_BANDS: readonly [number, number][] = [
  [0, 0.6],
  [0.6, 0.8],
  [0.8, 0.95],
  [0.95, 1.0001],
];

/** The index of the band an estimate falls in. */
export function bandOf(p: number): number {
  const i = ESTIMATE_BANDS.findIndex(([lo, hi]) => p >= lo && p < hi);
  return i < 0 ? (p < 0 ? 0 : ESTIMATE_BANDS.length - 1) : i;
}
