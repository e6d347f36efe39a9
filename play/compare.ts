import type { FrameRecord } from './game.js';
import { scoreOfA } from './match.js';
import { type SignTest, signTest } from './stats.js';

/**
 * Two experiments on the same racks, compared game for game: the game of a
 * rack (its seed) and a breaker in one is the same deal in the other, so
 * what differs is what the players did with it. A's score is compared with
 * the racks as units (a rack's two games, breaker swapped, are correlated),
 * and A's wins with McNemar's exact test on the games only one experiment won
 * (the concordant games say nothing about the difference), as
 * bench/pairedRunouts.ts compares run-outs.
 */
export interface Comparison {
  /** Games found in both (same rack seed and breaker), and the racks they come from. */
  readonly games: number;
  readonly racks: number;
  /** Games of either left out because the other has no game on that deal. */
  readonly unmatched: readonly [number, number];
  /** A's mean score in each over the common games (win 1, draw ½). */
  readonly scoreA: readonly [number, number];
  /** The second's score less the first's, and its 95 % interval with racks as units. */
  readonly difference: number;
  readonly low: number;
  readonly high: number;
  /** Games A won only in the first, only in the second; exact two-sided P. */
  readonly wins: SignTest;
}

const Z95 = 1.959963984540054;

const keyOf = (f: FrameRecord) => `${f.seed}/${f.breaker}`;

/** Compares the frames of two experiments on the deals they share; null when they share none. */
export function compareFrames(
  first: readonly FrameRecord[],
  second: readonly FrameRecord[],
): Comparison | null {
  const other = new Map(second.map((f) => [keyOf(f), f]));
  const byRack = new Map<number, number[]>();
  let onlyFirst = 0;
  let onlySecond = 0;
  let sum0 = 0;
  let sum1 = 0;
  let games = 0;
  const seen = new Set<string>();
  for (const f of first) {
    const g = other.get(keyOf(f));
    if (g === undefined || seen.has(keyOf(f))) continue;
    seen.add(keyOf(f));
    games++;
    const [a, b] = [scoreOfA(f), scoreOfA(g)];
    sum0 += a;
    sum1 += b;
    if (a === 1 && b !== 1) onlyFirst++;
    if (b === 1 && a !== 1) onlySecond++;
    const d = byRack.get(f.seed) ?? [];
    d.push(b - a);
    byRack.set(f.seed, d);
  }
  if (games === 0) return null;
  // Racks as units: the mean difference per game is Σ rack sums / games; its
  // variance from the spread of the rack sums (a ratio estimator, as
  // play/stats.ts pairClusters does for one experiment).
  const difference = (sum1 - sum0) / games;
  const racks = byRack.size;
  let ss = 0;
  for (const d of byRack.values()) {
    const s = d.reduce((x, y) => x + y, 0);
    ss += (s - difference * d.length) ** 2;
  }
  const se = racks > 1 ? Math.sqrt((ss * racks) / (racks - 1)) / games : Number.POSITIVE_INFINITY;
  return {
    games,
    racks,
    unmatched: [first.length - games, second.length - games],
    scoreA: [sum0 / games, sum1 / games],
    difference,
    low: Math.max(-1, difference - Z95 * se),
    high: Math.min(1, difference + Z95 * se),
    wins: signTest(onlyFirst, onlySecond),
  };
}
