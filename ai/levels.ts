import type { RouteModel } from './route.js';

/**
 * Player levels: execution noise and thinking budget (docs/planner.md).
 * - `olympiad`: the 2005–2008 computer olympiad "tournament values"
 *   (FastFiz Noise.h, docs/physics.md): σφ 0.125°, σθ 0.1°, σV 0.075 m/s,
 *   σa = σb = 0.5 mm = 0.0175 R.
 * - human levels: larger noise. CueTip's "pro" uses σφ = 0.75° (docs/physics.md);
 *   our `pro` is a strong club player at 0.35°, `amateur` 0.7°, `beginner`
 *   1.4°, with speed and tip noise scaled alike. These are our choices, to be
 *   calibrated against people; the olympiad preset is the reference.
 */
/**
 * Execution noise: the standard deviations of the Gaussian errors a player
 * makes on each cue parameter (ai/noise.ts `perturb`).
 */
export interface Noise {
  /** Aim direction, degrees. */
  readonly phi: number;
  /** Cue speed, m/s. */
  readonly V: number;
  /** Tip offsets, fractions of R. */
  readonly a: number;
  readonly b: number;
  /** Cue elevation, degrees. */
  readonly theta: number;
}

/**
 * Depth-2 search for the finalists (PickPocket searched to depth 2, docs/planner.md):
 * where a sample keeps the table, the next shot is planned too — the best
 * `pots` straight-in pots by geometry, `variants` speeds and spins each,
 * aim-refined and sampled `samples` times — instead of trusting the
 * geometric estimate of the leave.
 */
export interface Lookahead {
  readonly pots: number;
  readonly variants: number;
  readonly samples: number;
  /**
   * With at most this many pots to go (value.ts `ballsToGo`, the 8 included),
   * the search plays all five speeds and spins of candidates.ts `variants`,
   * soft and firm too, instead of the `variants` medium ones. Most innings
   * that end after a kept break end there: of 607 on 1,600 held-out racks,
   * 387 ended on the 8 or with one or two balls of the group left
   * (docs/measurements.md).
   */
  readonly allVariantsToGo?: number;
  /**
   * With at most `closeOutToGo` pots to go (the 8 included), `closeOutSamples`
   * noisy samples of each next shot instead of `samples`; both or neither.
   * There the leaves are nearly won or lost, and the best of a dozen
   * three-sample means cannot tell a hard shot on the 8 from an easy one: a
   * 60 % shot shows 3 of 3 in 22 % of draws, 8 of 8 in 1.7 %.
   */
  readonly closeOutToGo?: number;
  readonly closeOutSamples?: number;
  /**
   * Depth 3 in the endgame: where a depth-2 sample keeps the table with at
   * most `maxToGo` pots left (value.ts `ballsToGo`, the 8 included), that
   * position is searched once more, with this smaller budget, instead of
   * valued by the race model. The runs measured by bench/runout.ts stop one
   * or two shots beyond depth 2, most with one or two balls left. Off in
   * every level: on 400 racks it ran out 149 times against 145, for decisions
   * 1.7 times as long at the median (bench/README, 2026-12-01).
   */
  readonly endgame?: EndgameLookahead;
}

/** The depth-3 search's budget, and the most pots left (the 8 included) at which it runs. */
export interface EndgameLookahead
  extends Omit<Lookahead, 'endgame' | 'closeOutToGo' | 'closeOutSamples'> {
  readonly maxToGo: number;
}

export interface Budget {
  /** Pot targets (ball, pocket, cue-ball spot) kept after the geometric pre-ranking, each with all its variants. */
  readonly candidates: number;
  /** Noisy samples per candidate in the first level. */
  readonly samples: number;
  /** Candidates re-sampled in the second level (CueCard). */
  readonly finalists: number;
  /** Samples per finalist in the second level. */
  readonly finalSamples: number;
  /** Depth-2 search in the second level, or null for depth 1. */
  readonly lookahead: Lookahead | null;
  /**
   * With depth 2: extra depth-1 samples per finalist, on noise streams common
   * to all finalists, that measure the chance of keeping the table and the
   * cost of not keeping it; the few depth-2 samples then only value the
   * leave (planner.ts, `stratified`). 0 ranks on the depth-2 samples alone.
   */
  readonly potSamples?: number;
  /**
   * With depth 2: choose among the finalist pots by their attack value
   * (planner.ts), the decision to pot or play safe staying with the value.
   */
  readonly positionChoice?: boolean;
}

export interface Level {
  readonly name: LevelName;
  readonly noise: Noise;
  readonly budget: Budget;
  /** Typical chance of making a routine shot at this level (for the leave's race model). */
  readonly routine: number;
  /** The first-shot chance a safety typically leaves the opponent at this level (the race model's defence). */
  readonly safetyReply: number;
  /**
   * On an open table (R10), what a shot that would give the mover a group
   * is marked down, in P(win), per problem ball of that group (ai/problemBalls.ts,
   * counted up to two) when the candidates are ranked. The race model counts
   * every ball alike, but a run-out with a problem ball is rare: on the first
   * 150 racks of `--seed 21` and `--seed 5` (bench/runout.ts, 2026-12-02) the
   * breaker ran out 6 of the 39 innings whose group held one at the first shot
   * after the break, and 105 of the 183 others. Absent: no markdown.
   */
  readonly problemBallCost?: number;
  /** The route model of a leave (ai/route.ts); absent: every ball after the first at `routine`. */
  readonly route?: RouteModel;
}

export const LEVEL_NAMES = ['olympiad', 'pro', 'amateur', 'beginner'] as const;
export type LevelName = (typeof LEVEL_NAMES)[number];

const OLYMPIAD_NOISE: Noise = { phi: 0.125, V: 0.075, a: 0.0175, b: 0.0175, theta: 0.1 };

export const LEVELS: Readonly<Record<LevelName, Level>> = {
  olympiad: {
    name: 'olympiad',
    noise: OLYMPIAD_NOISE,
    budget: {
      candidates: 6,
      samples: 12,
      // 16 finalists (4 by value, the rest by attack value: planner.ts) and all speeds
      // with ≤ 3 pots to go, together: on 900 fresh racks of runout.js (docs/measurements.md,
      // "Position play: more finalists, chosen by attack value") 399 run-outs against 355
      // with 12 by value and the medium speeds only (only with 122, only without 78,
      // McNemar P 0.002), for decisions 1.2 times as long at the median at 2 threads
      // (801 ms against 673 ms) and about 1.5 times on 1 thread under load.
      finalists: 16,
      finalSamples: 16,
      lookahead: { pots: 4, variants: 3, samples: 3, allVariantsToGo: 3 },
      // Chosen, not tuned: 12 × 48 one-shot simulations cost about what the first level
      // does, and 48 + 16 samples put a 97 % shot's standard error near 2 points.
      potSamples: 48,
      // With `route` below, on 1,600 held-out racks of runout.js (docs/measurements.md,
      // "Position play on held-out racks"): 578 run-outs against 525 without both
      // (only with 200, only without 147, McNemar P 0.005).
      positionChoice: true,
    },
    routine: 0.9,
    safetyReply: 0.3,
    // Chosen, not tuned; measured once (bench/README, "Problem balls"): 227 run-outs
    // in 600 first innings against 221 without it (only with it 12, only without 6).
    problemBallCost: 0.1,
    // The milder of the three models tried on the first 100 racks of runout --seed 21
    // (42 run-outs against 44 without; { travel: 0.2, blocked: 0.35, routine: 0.92 } 38);
    // measured on held-out racks together with `positionChoice` above (alone: 150 against
    // 143 of 400 racks, McNemar P 0.46).
    route: { travel: 0.1, blocked: 0.6, routine: 0.91 },
  },
  pro: {
    name: 'pro',
    noise: { phi: 0.35, V: 0.1, a: 0.03, b: 0.03, theta: 0.2 },
    budget: {
      candidates: 5,
      samples: 12,
      finalists: 5,
      finalSamples: 16,
      lookahead: { pots: 2, variants: 3, samples: 4 },
    },
    routine: 0.8,
    safetyReply: 0.35,
  },
  amateur: {
    name: 'amateur',
    noise: { phi: 0.7, V: 0.15, a: 0.06, b: 0.06, theta: 0.4 },
    budget: { candidates: 4, samples: 10, finalists: 4, finalSamples: 12, lookahead: null },
    routine: 0.6,
    safetyReply: 0.4,
  },
  beginner: {
    name: 'beginner',
    noise: { phi: 1.4, V: 0.25, a: 0.12, b: 0.12, theta: 0.8 },
    budget: { candidates: 3, samples: 8, finalists: 3, finalSamples: 8, lookahead: null },
    routine: 0.4,
    safetyReply: 0.45,
  },
};

export function isLevelName(x: unknown): x is LevelName {
  return typeof x === 'string' && (LEVEL_NAMES as readonly string[]).includes(x);
}
