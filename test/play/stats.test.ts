/**
 * Match and comparison statistics (play/stats.ts) against hand-computed values.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  eloOf,
  pairedEstimate,
  pairedRate,
  pentanomialLlr,
  scoreOf,
  signTest,
  sprt,
} from '../../play/stats.js';

const pairs = (xs: readonly (readonly [number, number])[]) => xs.flatMap((p) => [...p]);
/** Pairs won twice, split, split, lost twice, won twice, split (A's points 2 1 1 0 2 1). */
const SIX_PAIRS = pairs([
  [1, 1],
  [1, 0],
  [1, 0],
  [0, 0],
  [1, 1],
  [1, 0],
]);

describe('pairedEstimate: score, Elo and its 95 % interval with the pair as the unit', () => {
  it('six pairs WW WL WL LL WW WL: 7/12, +58 (−162 … +354), worth 10.3 games', () => {
    // Pair points 2 1 1 0 2 1, score 7/12; Σ(x − 2·7/12)² = 2.8333;
    // variance 6/5 · 2.8333 / 12² = 0.023611, se 0.15366; 7/12 ∓ 1.96·se
    // = 0.2822 … 0.8845; per-game variance (7/12)(5/12) / 0.023611 = 10.29.
    const e = pairedEstimate(SIX_PAIRS);
    expect(e.score).toBeCloseTo(7 / 12, 12);
    expect(e.elo).toBeCloseTo(58.45, 2);
    expect(e.eloLow).toBeCloseTo(-162.2, 1);
    expect(e.eloHigh).toBeCloseTo(353.6, 1);
    expect(e.effectiveGames).toBeCloseTo(10.294, 3);
    expect(e.los).toBeCloseTo(0.7062, 4);
    expect(e.pentanomial).toEqual([1, 0, 3, 0, 2]);
    expect(e.pairs).toBe(6);
  });
  it('pairs split by the break are worth more than independent games; pairs won twice, less', () => {
    // 40 pairs 1–1, 5 won twice, 5 lost twice: score ½ either way.
    const split = pairedEstimate(
      pairs([...Array(40).fill([1, 0]), ...Array(5).fill([1, 1]), ...Array(5).fill([0, 0])]),
    );
    // 10 pairs 1–1, 20 won twice, 20 lost twice.
    const same = pairedEstimate(
      pairs([...Array(10).fill([0, 1]), ...Array(20).fill([1, 1]), ...Array(20).fill([0, 0])]),
    );
    // Variance 50/49 · (10 · 1²) / 100² → 0.25 / 0.0010204 = 245 games; 50/49 · 40 / 100² → 61.25.
    expect(split.effectiveGames).toBeCloseTo(245, 6);
    expect(same.effectiveGames).toBeCloseTo(61.25, 6);
    expect(split.eloHigh).toBeLessThan(same.eloHigh);
    expect(split.elo).toBeCloseTo(0, 9);
    expect(split.los).toBeCloseTo(0.5, 6); // erf by A–S 7.1.26, |error| < 1.5e-7
    expect(split.pentanomial).toEqual([5, 0, 40, 0, 5]);
  });
  it('a clean sweep still has an interval: one pair 2–0 is Wilson at 1, Elo −234 … +2400', () => {
    // Wilson at p 1, n 1: centre (1 + z²/2)/(1 + z²) = 0.6031, half-width (z²/2)/(1 + z²) = 0.3967.
    const e = pairedEstimate([1, 1]);
    expect(e.eloLow).toBeCloseTo(-233.8, 0);
    expect(e.eloHigh).toBe(e.elo);
    expect(e.los).toBe(1);
    const drawn = pairedEstimate([0.5, 0.5, 0.5, 0.5]);
    expect(drawn.eloLow).toBeLessThan(-100);
    expect(drawn.eloHigh).toBeCloseTo(-drawn.eloLow, 9);
    expect(drawn.pentanomial).toEqual([0, 0, 2, 0, 0]);
  });
  it('an odd last game is a unit of its own, not in the pentanomial counts', () => {
    const e = pairedEstimate([1, 0, 1, 1, 0]);
    expect(e.games).toBe(5);
    expect(e.pairs).toBe(3);
    expect(e.pentanomial).toEqual([0, 0, 1, 0, 1]);
    expect(e.score).toBeCloseTo(3 / 5, 12);
  });
  it('mirrors: swapping the players negates the Elo and its interval; the interval holds the estimate', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(0, 0.5, 1), { minLength: 1, maxLength: 60 }),
        (scores) => {
          const e = pairedEstimate(scores);
          const m = pairedEstimate(scores.map((x) => 1 - x));
          expect(m.elo).toBeCloseTo(-e.elo, 6);
          expect(m.eloLow).toBeCloseTo(-e.eloHigh, 6);
          expect(m.eloHigh).toBeCloseTo(-e.eloLow, 6);
          expect(m.los).toBeCloseTo(1 - e.los, 6);
          expect(e.eloLow).toBeLessThanOrEqual(e.elo);
          expect(e.eloHigh).toBeGreaterThanOrEqual(e.elo);
          expect(e.pentanomial.reduce((a, b) => a + b, 0)).toBe(Math.floor(scores.length / 2));
        },
      ),
    );
  });
  it('Elo is antisymmetric in the score', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.01, max: 0.99, noNaN: true }), (p) => {
        expect(eloOf(p) + eloOf(1 - p)).toBeCloseTo(0, 6);
      }),
    );
  });
});

/**
 * Golden values: fishtest's `LLR_logistic(elo0, elo1, results)` in
 * server/fishtest/stats/LLRcalc.py (official-stockfish/fishtest at b8eecff2),
 * run with Python 3 and SciPy 1.17.1 on 2026-12-01.
 */
const FISHTEST_LLR: readonly [[number, number, number, number, number], number, number, number][] =
  [
    [[0, 0, 0, 1, 0], 0, 100, 0.24687236336462387],
    [[0, 0, 0, 1, 0], -3, 2, 0.01442620872066256],
    [[1, 3, 5, 2, 1], 0, 100, -1.983454698039988],
    [[1, 3, 5, 2, 1], 0, 5, -0.030695446567272203],
    [[2, 10, 40, 15, 3], 0, 5, 0.26684334493919126],
    [[2, 10, 40, 15, 3], 0, 100, -9.30088714310256],
    [[0, 5, 25, 0, 0], -3, 2, -0.4308899808685916],
    [[3, 40, 110, 50, 7], 0, 5, 0.7038170259258631],
    [[3, 40, 110, 50, 7], -3, 2, 0.87157971093278],
    [[0, 0, 3, 0, 0], 0, 100, -0.9797105439530336],
    [[0, 0, 0, 0, 1], 0, 5, 0.014315849412829656],
    // A split pair turned into a pair won twice, and the LLR falls a little (see below).
    [[0, 0, 2, 1, 0], -77, -76, 0.01050474950026787],
    [[0, 0, 1, 1, 1], -77, -76, 0.010504714352657955],
  ];

describe('sprt: the GSPRT on the pentanomial counts, as fishtest', () => {
  it("matches fishtest's LLR_logistic on 13 count vectors", () => {
    for (const [counts, elo0, elo1, llr] of FISHTEST_LLR)
      expect(pentanomialLlr(counts, scoreOf(elo0), scoreOf(elo1))).toBeCloseTo(llr, 9);
  });
  it('six pairs WW WL WL LL WW WL against 0 / +100 Elo: LLR 0.0858 (fishtest), go on', () => {
    // Pentanomial [1, 0, 3, 0, 2]: fishtest LLR_logistic(0, 100, …) = 0.08584841789534714.
    const t = sprt(SIX_PAIRS, 0, 100);
    expect(t.llr).toBeCloseTo(0.0858484179, 8);
    expect(t.lower).toBeCloseTo(-2.944439, 5);
    expect(t.upper).toBeCloseTo(2.944439, 5);
    expect(t.result).toBeNull();
  });
  it('25 pairs won twice and 5 split accept H1 (+50) with LLR 4.01, not the 23.5 of the normal approximation; the mirror accepts H0', () => {
    // fishtest LLR_logistic(0, 50, [0, 0, 5, 0, 25]) = 4.0077992590936535.
    const games = pairs([...Array(25).fill([1, 1]), ...Array(5).fill([1, 0])]);
    const t = sprt(games, 0, 50);
    expect(t.llr).toBeCloseTo(4.0077992591, 8);
    expect(t.result).toBe('H1');
    const m = sprt(
      games.map((x) => 1 - x),
      -50,
      0,
    );
    expect(m.llr).toBeCloseTo(-4.0077992591, 8);
    expect(m.result).toBe('H0');
  });
  it('weighs one pair, and pairs that do not vary (fishtest regularises empty counts)', () => {
    // fishtest LLR_logistic(0, 50, [0, 0, 0, 0, 1]) = 0.1338…, (0, 50, [0, 0, 3, 0, 0]) = −0.4565….
    expect(sprt([1, 1], 0, 50).llr).toBeCloseTo(0.1338369462, 8);
    expect(sprt([1, 0, 0, 1, 1, 0], 0, 50).llr).toBeCloseTo(-0.4565002533, 8);
    expect(sprt([1], 0, 50)).toMatchObject({ llr: 0, result: null });
    expect(sprt([], 0, 50)).toMatchObject({ llr: 0, result: null });
  });
  it('an odd last game is not counted', () => {
    expect(sprt([...SIX_PAIRS, 1], 0, 100).llr).toBe(sprt(SIX_PAIRS, 0, 100).llr);
  });
  it('favours the hypothesis on the side of the observed mean (the profile likelihood peaks there)', () => {
    // The most likely pentanomial with mean s is worth less the farther s lies from the
    // observed mean (after fishtest's 0.001 for empty counts), so with both hypotheses on
    // one side of it the nearer one wins. Not "a better result always raises the LLR":
    // fast-check found [0, 0, 2, 1, 0] → [0, 0, 1, 1, 1] at −77 / −76 lowering it, and
    // fishtest agrees (0.0105047495 → 0.0105047144, the golden table above).
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 30 }), { minLength: 5, maxLength: 5 }),
        fc.integer({ min: -300, max: 300 }),
        fc.integer({ min: 1, max: 100 }),
        (xs, elo0, gap) => {
          const c = xs as [number, number, number, number, number];
          const r = c.map((x) => (x === 0 ? 1e-3 : x));
          const mean = r.reduce((a, x, i) => a + (x * i) / 4, 0) / r.reduce((a, x) => a + x, 0);
          const [s0, s1] = [scoreOf(elo0), scoreOf(elo0 + gap)];
          const llr = pentanomialLlr(c, s0, s1);
          if (mean >= s1) expect(llr).toBeGreaterThan(0);
          if (mean <= s0) expect(llr).toBeLessThan(0);
        },
      ),
    );
  });
  it('mirrors: swapping the players and the hypotheses negates the LLR', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(0, 0.5, 1), { minLength: 4, maxLength: 60 }),
        fc.integer({ min: -200, max: 190 }),
        fc.integer({ min: 1, max: 100 }),
        (scores, elo0, gap) => {
          const t = sprt(scores, elo0, elo0 + gap);
          const m = sprt(
            scores.map((x) => 1 - x),
            -(elo0 + gap),
            -elo0,
          );
          expect(m.llr).toBeCloseTo(-t.llr, 9);
        },
      ),
    );
  });
  it('scoreOf inverts eloOf', () => {
    fc.assert(
      fc.property(fc.double({ min: -800, max: 800, noNaN: true }), (elo) => {
        expect(eloOf(scoreOf(elo))).toBeCloseTo(elo, 6);
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

describe('pairedRate', () => {
  it('counts pairs that agree as fewer games than pairs that split', () => {
    // The same rate, 1/2, from 4 pairs: both-or-neither against one-each.
    const agree = pairedRate([true, true, false, false, true, true, false, false]);
    const split = pairedRate([true, false, false, true, true, false, false, true]);
    expect(agree.rate).toBe(0.5);
    expect(split.rate).toBe(0.5);
    // Residuals ±1 per pair: var = 4/3 · 4 / 8² = 1/12, worth 0.25 / (1/12) = 3 games;
    // Wilson at n = 3: 0.1253 … 0.8747.
    expect(agree.effectiveGames).toBeCloseTo(3, 12);
    expect(agree.low).toBeCloseTo(0.1253, 4);
    expect(agree.high).toBeCloseTo(0.8747, 4);
    // No spread between pairs: the variance cannot be told, so the pairs count (n = 4).
    expect(split.effectiveGames).toBe(4);
    expect(split.low).toBeCloseTo(0.15, 4);
    expect(split.high).toBeCloseTo(0.85, 4);
  });

  it('matches the hand computation for self-play like `match --seed 82` (10 pairs both, 10 one, 30 none)', () => {
    const games: boolean[] = [];
    for (let k = 0; k < 10; k++) games.push(true, true);
    for (let k = 0; k < 10; k++) games.push(true, false);
    for (let k = 0; k < 30; k++) games.push(false, false);
    const r = pairedRate(games);
    expect(r).toMatchObject({ hits: 30, games: 100, pairs: 50, rate: 0.3 });
    // Σ(h − 0.6)² = 10·1.4² + 10·0.4² + 30·0.6² = 32; var = 50/49 · 32 / 100² = 0.0032653,
    // worth 0.21 / 0.0032653 = 64.3 games; Wilson at that n: 0.2019 … 0.4207.
    expect(r.effectiveGames).toBeCloseTo(64.3125, 4);
    expect(r.low).toBeCloseTo(0.2019, 4);
    expect(r.high).toBeCloseTo(0.4207, 4);
  });

  it('never counts more games than were played', () => {
    // 9 pairs split one-each and one pair both: little spread between pairs
    // (residuals 0.9 and 9 × −0.1; var = 10/9 · 0.9 / 20² = 0.0025), worth 0.2475 / 0.0025 = 99 > 20 games.
    const games = [true, true];
    for (let k = 0; k < 9; k++) games.push(true, false);
    const r = pairedRate(games);
    expect(r.rate).toBe(0.55);
    expect(r.effectiveGames).toBe(20);
  });

  it('gives a real interval at a rate of 0, and every interval holds its rate', () => {
    const none = pairedRate([false, false, false, false]);
    expect(none.low).toBe(0);
    expect(none.high).toBeGreaterThan(0.5); // two pairs tell little
    // Found by the property below: 7 frames all run out gave an upper end of 1 − 2⁻⁵³.
    const all = pairedRate(new Array<boolean>(7).fill(true));
    expect(all.high).toBe(1);
    expect(all.low).toBeLessThan(0.7);
    fc.assert(
      fc.property(fc.array(fc.boolean(), { minLength: 1, maxLength: 60 }), (xs) => {
        const r = pairedRate(xs);
        return 0 <= r.low && r.low <= r.rate && r.rate <= r.high && r.high <= 1;
      }),
    );
  });
});
