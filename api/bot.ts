import { availableParallelism } from 'node:os';
import { overrideBudget } from '../ai/budget.js';
import { isLevelName, LEVELS, type LevelName, type Lookahead, type Noise } from '../ai/levels.js';
import { overrideNoise } from '../ai/noise.js';
import type { Decision } from '../ai/planner.js';
import { PoolEvaluator } from '../ai/pool.js';
import { type Suggestion as AiSuggestion, suggestionOf } from '../ai/suggestion.js';
import { parseState } from '../engine/parse.js';
import { err, ok, type Result } from '../engine/result.js';
import type { FrameState } from '../engine/state.js';
import { type DecideFn, noiseOf, type PlayerSpec } from '../play/game.js';
import { makeDecider } from '../play/players.js';
import { checkStatePositions, type PhysicsParams } from '../sim/index.js';
import { BotOptionsError, type Pool8Error } from './errors.js';
import type { Move, Stroke } from './move.js';

/**
 * Changes to a level's thinking budget: more samples think longer and
 * better, fewer faster. Each field is a whole number; `lookahead: null`
 * searches one shot deep.
 */
export interface BudgetOptions {
  /** Pot targets kept after the geometric pre-ranking. */
  readonly candidates?: number;
  /** Noisy samples per candidate in the first round. */
  readonly samples?: number;
  /** Candidates sampled again in the second round. */
  readonly finalists?: number;
  /** Samples per finalist in the second round. */
  readonly finalSamples?: number;
  /** Extra one-shot-deep samples per finalist when searching two shots deep. */
  readonly potSamples?: number;
  /** Two shots deep (some of `pots`, `variants`, `samples`), or null for one. */
  readonly lookahead?: Partial<Lookahead> | null;
}

/** How a bot plays and thinks. Every field is optional. */
export interface BotOptions {
  /**
   * Its skill: `olympiad` (the computer olympiad's noise, the strongest and
   * the default), `pro`, `amateur` or `beginner`. The level sets the
   * execution noise the bot plans with and its thinking budget.
   */
  readonly level?: LevelName;
  /**
   * Worker threads for the simulations (default: one per core). The
   * threads start on the first decision that needs them; a decision does not
   * depend on their number.
   */
  readonly threads?: number;
  /**
   * Seed of the planner's sampling (an integer, default 1). The same seed,
   * options and state give the same move.
   */
  readonly seed?: number;
  /**
   * Execution noise over the level's, standard deviations: `phi` and `theta`
   * in degrees, `V` in m/s, `a` and `b` in ball radii. The bot plans with it
   * (and {@link Bot.noise} reports it, to execute its strokes with it).
   */
  readonly noise?: Partial<Noise>;
  /** The thinking budget over the level's. */
  readonly budget?: BudgetOptions;
  /**
   * Stop the second round of sampling once this many milliseconds have
   * passed. Decisions then depend on the machine's speed, not on the seed
   * alone.
   */
  readonly timeLimitMs?: number;
  /** Physics to plan with (default: `DEFAULT_PHYSICS` of `pool8/sim`). */
  readonly params?: PhysicsParams;
}

/** Options of {@link Bot.suggest}. */
export interface SuggestOptions {
  /** How many suggestions to return at most (default 5). */
  readonly top?: number;
}

/**
 * One shot the bot considered, with how good it judged it (ai/suggestion.ts,
 * schemas/Suggestion.json): a {@link Stroke} — `referee.apply(state,
 * suggestion)` plays it — with its estimate, the estimate's standard error
 * and 95 % margin, and the samples it rests on.
 */
export type Suggestion = AiSuggestion;

/** A computer opponent and coach. Create one with {@link createBot}; close it when done. */
export interface Bot {
  /** The level it plays at. */
  readonly level: LevelName;
  /**
   * The execution noise it shoots with: pass it to `referee.apply` as the
   * `noise` option to play the bot's strokes as it would.
   */
  readonly noise: Noise;
  /**
   * The bot's move for a state: the stroke with its call (and placement when
   * the cue ball is in hand), the option it takes when a decision is pending
   * (`state.pending`), or a stalemate when R21 allows one and it sees no way
   * to win. The mover is `state.pending.player` when a decision is pending,
   * `state.turn` otherwise.
   *
   * @param state - the frame, as `newFrame` and `referee.apply` make it
   * @returns the move, or an error: `E_BAD_STATE` (not a valid state, or a
   * ball without a position), `E_FRAME_OVER`, `E_BOT_CLOSED`
   */
  decide(state: FrameState): Promise<Result<Move, Pool8Error>>;
  /**
   * The best shots for the player to move, best first, each with its
   * estimated chance of winning and standard error.
   *
   * @remarks
   * Empty where the bot ranks no shots: on the break (it plays its stored,
   * searched break), with a decision pending, or when it would declare a
   * stalemate. {@link Bot.decide} gives the move in those cases.
   *
   * @param state - the frame
   * @param options - how many to return
   * @returns the suggestions, or an error as for {@link Bot.decide}; rejects
   * with a {@link BotOptionsError} when `top` is not a whole number from 1 to 1000
   */
  suggest(
    state: FrameState,
    options?: SuggestOptions,
  ): Promise<Result<readonly Suggestion[], Pool8Error>>;
  /** Stops the worker threads. The bot refuses to decide afterwards (`E_BOT_CLOSED`). */
  close(): Promise<void>;
}

/** A PoolEvaluator started on the first task, so a bot that only breaks starts no thread. */
function whole(field: string, v: unknown, min: number, max: number): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max)
    throw new BotOptionsError(
      field,
      `${field} must be a whole number from ${min} to ${max}, not ${JSON.stringify(v)}`,
    );
  return v;
}

/** The planner spec from the options, checked (play/game.ts `levelOf` turns it into a level). */
function specOf(options: BotOptions): PlayerSpec {
  const level = options.level ?? 'olympiad';
  if (!isLevelName(level))
    throw new BotOptionsError(
      'level',
      `level must be olympiad, pro, amateur or beginner, not ${JSON.stringify(level)}`,
    );
  let spec: PlayerSpec = { strategy: 'planner', level };
  if (options.noise !== undefined) {
    const noise = overrideNoise(LEVELS[level].noise, options.noise);
    if (noise === null)
      throw new BotOptionsError(
        'noise',
        'noise must be an object of phi, V, a, b, theta, each a number ≥ 0',
      );
    spec = { ...spec, noise };
  }
  if (options.budget !== undefined) {
    const budget = overrideBudget(LEVELS[level].budget, options.budget);
    if (!budget.ok) throw new BotOptionsError('budget', budget.error);
    spec = { ...spec, budget: budget.value };
  }
  if (options.timeLimitMs !== undefined)
    spec = { ...spec, timeLimitMs: whole('timeLimitMs', options.timeLimitMs, 1, 3_600_000) };
  return spec;
}

/** A planner's decision as the move the library and the service answer with. */
export function moveOf(d: Decision): Move {
  switch (d.kind) {
    case 'shot':
      return {
        type: 'stroke',
        call: d.call,
        shot: d.shot,
        placement: d.placement,
        reason: d.reason,
      };
    case 'decide':
      return { type: 'decide', option: d.option, reason: d.reason };
    case 'stalemate':
      return { type: 'stalemate', reason: d.reason };
  }
}

/**
 * Creates a bot: the Monte Carlo planner at a level, on a pool of worker
 * threads.
 *
 * @remarks
 * The bot plans; it does not play. Play its move with `referee.apply`,
 * which simulates a stroke and referees it. Call {@link Bot.close} when done,
 * or the worker threads keep the process alive.
 *
 * @param options - level, threads, seed, noise, budget (all optional)
 * @returns the bot
 * @throws {@link BotOptionsError} when an option is unknown or out of range
 *
 * @example
 * ```ts
 * const bot = createBot({ level: 'amateur', threads: 2 });
 * const state = newFrame({ seed: 7 });
 * const move = await bot.decide(state);
 * if (move.ok) console.log(move.value);
 * await bot.close();
 * ```
 */
export function createBot(options: BotOptions = {}): Bot {
  const spec = specOf(options);
  const threads =
    options.threads === undefined
      ? Math.max(1, availableParallelism())
      : whole('threads', options.threads, 1, 64);
  const seed = whole('seed', options.seed ?? 1, -(2 ** 31), 2 ** 32 - 1);
  // The pool starts on the first decision that needs it (a break needs none).
  const evaluator = new PoolEvaluator(threads);
  // The planner driven as play/ drives a seat: the same decision function.
  const decider: DecideFn = makeDecider(spec, {
    evaluator,
    ...(options.params ? { params: options.params } : {}),
    ...(spec.timeLimitMs !== undefined ? { now: () => performance.now() } : {}),
  });
  let closed = false;
  const plan = async (state: FrameState): Promise<Result<Decision, Pool8Error>> => {
    if (closed) return err({ code: 'E_BOT_CLOSED', message: 'the bot was closed' });
    const parsed = parseState(state);
    if (!parsed.ok) return parsed;
    // An impossible position (overlapping balls, a ball in a pocket) is refused, never ranked.
    const misplaced = checkStatePositions(parsed.value);
    if (misplaced) return err(misplaced);
    return decider(parsed.value, seed);
  };
  return {
    level: spec.level,
    noise: noiseOf(spec),
    async decide(state) {
      const d = await plan(state);
      return d.ok ? ok(moveOf(d.value)) : d;
    },
    async suggest(state, opts = {}) {
      const top = whole('top', opts.top ?? 5, 1, 1000);
      const d = await plan(state);
      if (!d.ok) return d;
      if (d.value.kind !== 'shot') return ok([]);
      // The rows `pool8 suggest --json` prints (ai/suggestion.ts), typed as this API documents them.
      return ok(d.value.ranked.slice(0, top).map((r): Suggestion => suggestionOf(r)));
    },
    async close() {
      closed = true;
      await evaluator.close();
    },
  };
}
