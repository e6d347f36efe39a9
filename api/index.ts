/**
 * pool8: an eight-ball computer opponent, referee and shot simulator.
 *
 * @remarks
 * Four things to know:
 *
 * - {@link newFrame} racks a frame; the state is plain JSON data.
 *
 * - {@link createBot} makes a bot; `bot.decide(state)` gives its move,
 *   `bot.suggest(state)` its ranked shots, `bot.close()` stops its threads.
 *
 * - `referee.apply(state, move)` ({@link referee}) plays a move: it simulates
 *   a stroke, referees it, and returns the next state and the verdict.
 *
 * - {@link simulate} runs the physics alone.
 *
 * Bad game data never throws: functions return a {@link Result}, either
 * `{ ok: true, value }` or `{ ok: false, error }` with a coded
 * {@link Pool8Error}. The
 * layers underneath are `pool8/engine` (the rules), `pool8/sim` (the
 * physics), `pool8/ai` (the planner) and `pool8/play` (matches and records).
 *
 * The game data ({@link FrameState}, {@link Call}, {@link Shot},
 * {@link Layout}, {@link ShotEvent}, {@link Action}) is plain JSON, its types
 * derived from the wire schemas: docs/wire.md describes each field, and
 * `pool8/schemas/*.json` are the same schemas as JSON Schema.
 *
 * @packageDocumentation
 */
import * as referee from './referee.js';

export type { CandidateKind } from '../ai/candidates.js';
export {
  type Budget,
  type EndgameLookahead,
  LEVEL_NAMES,
  type LevelName,
  type Lookahead,
  type Noise,
} from '../ai/levels.js';
export type { ShotReport } from '../engine/adjudicate.js';
export type { BallId, Group } from '../engine/ball.js';
export type { Call } from '../engine/call.js';
export type { EngineError, EngineErrorCode } from '../engine/errors.js';
export type { FoulCode } from '../engine/foul.js';
export type { BallPosition, Layout } from '../engine/layout.js';
export type {
  Lag,
  MatchAction,
  MatchAdjudication,
  MatchFrame,
  MatchState,
  NewMatchOptions,
} from '../engine/match.js';
export type {
  RackBall,
  RackCheck,
  RackFailure,
  RackInput,
  RackRequirement,
} from '../engine/rackCheck.js';
export type { Action } from '../engine/referee.js';
export type { Err, Ok, Result } from '../engine/result.js';
export { RULES_PRESETS, type RuleOptions, type RulesPreset } from '../engine/rules.js';
export type { Shot } from '../engine/shot.js';
export type { ShotEvent } from '../engine/shotEvent.js';
export {
  type BallInHand,
  DECISION_OPTIONS,
  type DecisionOption,
  type FrameEndReason,
  type FrameResult,
  type FrameState,
  type NewFrameOptions,
  type NoAttemptStreak,
  type PendingDecision,
  type PlayerId,
  type TableBall,
} from '../engine/state.js';
export {
  POCKET_IDS,
  type PocketId,
  type Point,
  TABLE_SIZES,
  type TableSize,
} from '../engine/table.js';
export type { Verdict, VerdictKind } from '../engine/verdict.js';
export type {
  PhysicsParams,
  SimError,
  SimErrorCode,
  SimOutcome,
  TraceSample,
} from '../sim/index.js';
export {
  type Bot,
  type BotOptions,
  type BudgetOptions,
  createBot,
  type Suggestion,
  type SuggestOptions,
} from './bot.js';
export { BotOptionsError, type Pool8Error, type Pool8ErrorCode } from './errors.js';
export type { Choice, Move, Stalemate, Stroke } from './move.js';
export { type ApplyOptions, newFrame, type Outcome } from './referee.js';
export { type SimulateOptions, simulate } from './simulate.js';
export { referee };
