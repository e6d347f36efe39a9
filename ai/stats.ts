/**
 * Match statistics that hold up (ai.md "Strength: what to measure"): score,
 * Elo with a 95 % interval, likelihood of superiority.
 */
export interface Score {
  readonly wins: number;
  readonly losses: number;
  readonly draws: number;
}

/** Standard normal CDF via erf (Abramowitz–Stegun 7.1.26). */
export function normalCdf(x: number): number {
  const z = Math.abs(x) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * z);
  const y =
    1 -
    ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) *
      t *
      Math.exp(-z * z);
  return x >= 0 ? (1 + y) / 2 : (1 - y) / 2;
}

export const eloOf = (p: number): number =>
  -400 * Math.log10(1 / Math.min(Math.max(p, 1e-6), 1 - 1e-6) - 1);

export interface EloEstimate {
  readonly games: number;
  readonly score: number;
  readonly elo: number;
  /** 95 % interval of the Elo difference (normal approximation on the per-game score). */
  readonly eloLow: number;
  readonly eloHigh: number;
  /** Likelihood of superiority: P(the first player is stronger) from wins and losses. */
  readonly los: number;
}

export function estimate(s: Score): EloEstimate {
  const n = s.wins + s.losses + s.draws;
  const score = n > 0 ? (s.wins + 0.5 * s.draws) / n : 0.5;
  // Per-game variance of the result in {0, ½, 1}.
  const variance =
    n > 0
      ? (s.wins * (1 - score) ** 2 + s.losses * score ** 2 + s.draws * (0.5 - score) ** 2) / n
      : 0.25;
  const half = 1.959964 * Math.sqrt(variance / Math.max(1, n));
  const los =
    s.wins + s.losses > 0 ? normalCdf((s.wins - s.losses) / Math.sqrt(s.wins + s.losses)) : 0.5;
  return {
    games: n,
    score,
    elo: eloOf(score),
    eloLow: eloOf(score - half),
    eloHigh: eloOf(score + half),
    los,
  };
}
