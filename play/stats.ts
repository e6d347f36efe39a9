/**
 * Match statistics that hold up (docs/planner.md "Strength: what to measure"): score,
 * Elo with a 95 % interval, likelihood of superiority, the SPRT.
 */

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

/** The two-sided 95 % point of the standard normal. */
const Z95 = 1.959964;

export const eloOf = (p: number): number =>
  -400 * Math.log10(1 / Math.min(Math.max(p, 1e-6), 1 - 1e-6) - 1);

export interface EloEstimate {
  readonly games: number;
  readonly score: number;
  readonly elo: number;
  /** 95 % interval of the Elo difference. */
  readonly eloLow: number;
  readonly eloHigh: number;
  /** Likelihood of superiority: P(the first player is stronger). */
  readonly los: number;
}

export interface PairedEstimate extends EloEstimate {
  readonly pairs: number;
  /**
   * Complete pairs by the first player's points in them, 0, ½, 1, 1½ and 2
   * (fishtest's pentanomial counts; an odd last game is not in them).
   */
  readonly pentanomial: readonly [number, number, number, number, number];
  /** Effective number of independent games: the per-game variance over the variance with pairs as units. */
  readonly effectiveGames: number;
}

/**
 * Score and Elo of paired games (games 2k and 2k + 1 share a rack and the
 * noise streams, play/match.ts) with the pair as the unit, as fishtest's
 * pentanomial model does: the per-game normal interval treats the two games
 * of a pair as independent, and they are not. In pool the breaker has the
 * edge, so a pair split 1–1 is common and its two results cancel; the
 * interval is then narrower than the per-game one, and wider where both
 * games tend to go the same way. The variance is `pairClusters`'; with no
 * spread between pairs (every pair alike, or one pair) the interval is
 * Wilson's at the number of pairs. LOS is the normal
 * P(score > ½) at that standard error. Unlike `pairedRate`, the effective
 * number of games is not capped at the games played: the breaker's edge makes
 * the two results of a pair cancel by design, and that is what pairing buys.
 */
export function pairedEstimate(scores: readonly number[]): PairedEstimate {
  const { units, games, mean: score, variance } = pairClusters(scores);
  const pairs = units.length;
  const pentanomial = pentanomialOf(units);
  const perGame = games > 0 ? scores.reduce((a, x) => a + (x - score) ** 2, 0) / games : 0.25;
  let low: number;
  let high: number;
  let los: number;
  if (variance > 0) {
    const se = Math.sqrt(variance);
    [low, high] = [score - Z95 * se, score + Z95 * se];
    los = normalCdf((score - 0.5) / se);
  } else {
    [low, high] = wilson(score, Math.max(1, pairs));
    los = score > 0.5 ? 1 : score < 0.5 ? 0 : 0.5;
  }
  return {
    games,
    score,
    elo: eloOf(score),
    eloLow: eloOf(low),
    eloHigh: eloOf(high),
    los,
    pairs,
    pentanomial,
    effectiveGames: variance > 0 ? perGame / variance : pairs,
  };
}

/** The 95 % Wilson score interval of a rate p observed over n trials. */
function wilson(p: number, n: number): [number, number] {
  const z2 = Z95 ** 2;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (Math.sqrt(z2) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n);
  // Mathematically the interval holds p; in floating point its end at p = 1
  // came out 1 − 2⁻⁵³ (pairedRate over 7 frames, all run out).
  return [Math.min(p, Math.max(0, centre - half)), Math.max(p, Math.min(1, centre + half))];
}

export interface SignTest {
  /** Pairs where only the first variant succeeded, and where only the second did. */
  readonly onlyFirst: number;
  readonly onlySecond: number;
  /** Exact two-sided P-value of the sign test on the discordant pairs (McNemar's exact test). */
  readonly p: number;
}

/**
 * McNemar's exact test for paired binary outcomes: under "no difference"
 * each discordant pair is a fair coin, so the P-value is the two-sided
 * binomial tail of the smaller count out of b + c at ½. Used to compare two
 * planners on the same racks (bench/pairedRunouts.ts), where the concordant
 * racks carry no information about the difference.
 */
export function signTest(onlyFirst: number, onlySecond: number): SignTest {
  const n = onlyFirst + onlySecond;
  const k = Math.min(onlyFirst, onlySecond);
  // Sum C(n, i) / 2^n for i ≤ k in log space (n can be a few hundred).
  let logC = 0;
  let tail = 0;
  for (let i = 0; i <= k; i++) {
    if (i > 0) logC += Math.log((n - i + 1) / i);
    tail += Math.exp(logC - n * Math.LN2);
  }
  return { onlyFirst, onlySecond, p: n === 0 ? 1 : Math.min(1, 2 * tail) };
}

export interface PairedRate {
  readonly hits: number;
  readonly games: number;
  readonly pairs: number;
  readonly rate: number;
  /** Effective number of independent games: p(1 − p) over the variance with pairs as units. */
  readonly effectiveGames: number;
  /** 95 % Wilson score interval at the effective number of games. */
  readonly low: number;
  readonly high: number;
}

/**
 * A rate over paired games (games 2k and 2k + 1 share a rack and the noise
 * streams) with a 95 % interval that takes each pair as one unit. The
 * variance (`pairClusters`) gives an effective number of games, p(1 − p) / variance (the
 * number of pairs when it cannot be told, at a rate of 0 or 1 or with no
 * spread between pairs; never more than the games), and the Wilson score
 * interval at that number,
 * which stays inside [0, 1] and is not empty at a rate of 0. The two games
 * of a pair are correlated: in the olympiad self-play of `pool8 match
 * --seed 82` both or neither breaker ran out in 40 of the 50 pairs, worth
 * about 64 independent frames, not 100.
 */
export function pairedRate(outcomes: readonly boolean[]): PairedRate {
  const { units, games, mean, variance } = pairClusters(outcomes.map((hit) => (hit ? 1 : 0)));
  const hits = units.reduce((a, u) => a + u.sum, 0);
  const pairs = units.length;
  const rate = games > 0 ? mean : 0;
  const pq = rate * (1 - rate);
  // At most the games themselves: a split within pairs that happens to leave
  // little spread between them is not taken as more than independent games.
  const n = pq > 0 && variance > 0 ? Math.min(games, pq / variance) : pairs;
  if (n <= 0) return { hits, games, pairs, rate, effectiveGames: 0, low: 0, high: 1 };
  const [low, high] = wilson(rate, n);
  return { hits, games, pairs, rate, effectiveGames: n, low, high };
}

/**
 * Games 2k and 2k + 1 as one unit: each unit's sum and size, the mean per
 * game, and the cluster-robust variance of that mean (a ratio estimator),
 * K/(K−1) · Σ(x_k − mean·n_k)² / (Σn_k)²; 0 with fewer than two units.
 */
function pairClusters(xs: readonly number[]): {
  units: { sum: number; size: number }[];
  games: number;
  mean: number;
  variance: number;
} {
  const units: { sum: number; size: number }[] = [];
  xs.forEach((x, i) => {
    const k = Math.floor(i / 2);
    if (!units[k]) units[k] = { sum: 0, size: 0 };
    units[k].sum += x;
    units[k].size++;
  });
  const games = xs.length;
  const mean = games > 0 ? units.reduce((a, u) => a + u.sum, 0) / games : 0.5;
  const n = units.length;
  const ss = units.reduce((a, u) => a + (u.sum - mean * u.size) ** 2, 0);
  const variance = n > 1 ? ((n / (n - 1)) * ss) / games ** 2 : 0;
  return { units, games, mean, variance };
}

type Pentanomial = [number, number, number, number, number];

/** Complete pairs by the first player's points in them, 0, ½, 1, 1½, 2 (an odd last game is left out). */
function pentanomialOf(units: readonly { sum: number; size: number }[]): Pentanomial {
  const counts: Pentanomial = [0, 0, 0, 0, 0];
  for (const u of units) if (u.size === 2) counts[Math.round(u.sum * 2)]!++;
  return counts;
}

/** The expected score of a player `elo` points stronger (the logistic Elo model). */
export const scoreOf = (elo: number): number => 1 / (1 + 10 ** (-elo / 400));

export interface Sprt {
  readonly elo0: number;
  readonly elo1: number;
  readonly alpha: number;
  readonly beta: number;
  /** Log-likelihood ratio of H1 (A − B = elo1) against H0 (= elo0). */
  readonly llr: number;
  /** Stop bounds: accept H0 at or below `lower`, H1 at or above `upper`. */
  readonly lower: number;
  readonly upper: number;
  readonly result: 'H0' | 'H1' | null;
}

/**
 * The sequential probability ratio test of fishtest (docs/planner.md: α = β = 0.05,
 * bounds ±2.94) on paired games, with the pair as the unit: the generalised
 * SPRT on the pentanomial counts (pairs by A's points 0, ½, 1, 1½, 2; an odd
 * last game is not counted), as fishtest's `LLR_logistic` computes it (M. Van
 * den Bergh's note on the maximum likelihood multinomial with a given mean,
 * cantate.be/Fishtest/support_MLE_multinomial.pdf, Proposition 1.1). For
 * each hypothesis score s the most likely pentanomial distribution with mean
 * s is q_i = p_i / (1 + θ (a_i − s)), p the observed frequencies, a_i = i / 4
 * a pair's score and θ the root of Σ p_i (a_i − s) / (1 + θ (a_i − s)) = 0;
 * the LLR is N Σ p_i ln(q1_i / q0_i).
 * Empty counts are taken as 0.001 pairs, fishtest's regularisation, so a
 * test with one pair or with no spread between pairs still weighs what it
 * saw. The normal approximation N (s1 − s0)(2 x̄ − s0 − s1) / (2 σ²) this
 * replaces overstated the evidence where the pairs barely vary: 25 pairs won
 * twice and 5 split, against 0 / +50 Elo, gave it 23.5 where the likelihood
 * ratio is 4.0 (test/play/stats.test.ts).
 */
export function sprt(
  scores: readonly number[],
  elo0: number,
  elo1: number,
  alpha = 0.05,
  beta = 0.05,
): Sprt {
  const pentanomial = pentanomialOf(pairClusters(scores).units);
  const pairs = pentanomial.reduce((a, b) => a + b, 0);
  const llr = pairs > 0 ? pentanomialLlr(pentanomial, scoreOf(elo0), scoreOf(elo1)) : 0;
  const lower = Math.log(beta / (1 - alpha));
  const upper = Math.log((1 - beta) / alpha);
  return {
    elo0,
    elo1,
    alpha,
    beta,
    llr,
    lower,
    upper,
    result: llr >= upper ? 'H1' : llr <= lower ? 'H0' : null,
  };
}

/** Fishtest's regularisation of empty pentanomial counts (stats/LLRcalc.py `regularize`). */
const EMPTY_COUNT = 1e-3;

/** The generalised log-likelihood ratio of mean score s1 against s0 for pentanomial counts (see `sprt`). */
export function pentanomialLlr(counts: Readonly<Pentanomial>, s0: number, s1: number): number {
  const c = counts.map((x) => (x === 0 ? EMPTY_COUNT : x));
  const n = c.reduce((a, b) => a + b, 0);
  const p = c.map((x) => x / n);
  const a = [0, 0.25, 0.5, 0.75, 1];
  const logRatio = (s: number) => {
    const t = tilt(p, a, s);
    return a.map((ai) => Math.log(1 + t * (ai - s)));
  };
  // ln q1 − ln q0 = ln(1 + θ0 (a − s0)) − ln(1 + θ1 (a − s1)).
  const l0 = logRatio(s0);
  const l1 = logRatio(s1);
  return n * p.reduce((acc, pi, i) => acc + pi * (l0[i]! - l1[i]!), 0);
}

/**
 * θ with Σ p_i (a_i − s) / (1 + θ (a_i − s)) = 0, by bisection: the sum falls
 * as θ grows, on the θ that keep every 1 + θ (a_i − s) positive (a from 0 to 1,
 * so −1 / (1 − s) < θ < 1 / s).
 */
function tilt(p: readonly number[], a: readonly number[], s: number): number {
  const f = (t: number) =>
    p.reduce((acc, pi, i) => acc + (pi * (a[i]! - s)) / (1 + t * (a[i]! - s)), 0);
  let lo = -1 / (1 - s);
  let hi = 1 / s;
  // Strictly inside: at the bounds a term's denominator is 0.
  const inset = 1e-12 * (hi - lo);
  lo += inset;
  hi -= inset;
  for (let k = 0; k < 200 && hi - lo > 1e-15 * Math.max(1, Math.abs(lo), Math.abs(hi)); k++) {
    const m = (lo + hi) / 2;
    if (f(m) > 0) lo = m;
    else hi = m;
  }
  return (lo + hi) / 2;
}
