import type { Budget, LevelName } from '../ai/levels.js';
import type { Action } from '../engine/referee.js';
import type { RulesPreset } from '../engine/rules.js';
import type { ShotEvent } from '../engine/shotEvent.js';
import type { FrameState, PlayerId } from '../engine/state.js';
import type { TableSize } from '../engine/table.js';
import type { Verdict } from '../engine/verdict.js';
import type { ShotEntry, Strategy } from '../play/game.js';

/**
 * What the server keeps of a game, behind a small interface so the
 * embedded SQLite store (server/sqliteStore.ts) can be swapped for another.
 * A store must apply `commit` atomically: the action, the new state and the
 * new version together or not at all, and only when the version it was
 * given is still the current one.
 */

/** One seat: who plays it and, for the bot, how. */
export interface Seat {
  readonly level: LevelName;
  /** Whether the bot plays this seat (bot-move); otherwise a human (actions). */
  readonly bot: boolean;
  /** The bot's strategy: the planner (default), or a baseline. */
  readonly strategy: Strategy;
  /** The planner's budget instead of its level's, when given. */
  readonly budget?: Budget;
}

export interface GameSetup {
  readonly rules: RulesPreset;
  readonly table: TableSize;
  /** Fixes the rack, the bot's decisions and its execution noise. */
  readonly seed: number;
  readonly breaker: PlayerId;
  readonly seats: readonly [Seat, Seat];
}

export interface StoredGame {
  readonly id: string;
  readonly setup: GameSetup;
  readonly state: FrameState;
  /** 1 when created, one more per accepted action. */
  readonly version: number;
  readonly created: string;
  readonly updated: string;
}

/**
 * How an action came in: a stroke the server simulated, a shot reported as
 * `events`, or another action of the referee by its type (decide,
 * stalemate, correct, foul, rack…).
 */
export type ActionKind = 'stroke' | 'events' | Exclude<Action['type'], 'shot'>;

/** The kinds `pool8 replay` can re-simulate: the others are data from a real table. */
export const REPLAYABLE_KINDS: readonly ActionKind[] = ['stroke', 'decide', 'stalemate'];

export interface StoredAction {
  /** 0-based number of the action in the game. */
  readonly n: number;
  /** The game's version after it. */
  readonly version: number;
  readonly by: 'human' | 'bot';
  readonly kind: ActionKind;
  /** The record entry (play/game.ts ShotEntry), as `pool8 play` writes it. */
  readonly entry: ShotEntry;
  readonly verdict: Verdict;
  /** The events refereed (simulated or reported), for a shot. */
  readonly events?: readonly ShotEvent[];
}

/** An action with the state after it: one step of a replay (GET /v1/games/{id}/positions). */
export interface PositionedAction {
  readonly action: StoredAction;
  readonly state: FrameState;
}

/**
 * A game in a list: what a list of games shows, without the balls. The
 * fields of the state are read from the current one.
 */
export interface GameSummary {
  readonly id: string;
  readonly version: number;
  readonly created: string;
  readonly updated: string;
  readonly setup: GameSetup;
  readonly phase: FrameState['phase'];
  readonly result: FrameState['result'];
  readonly shotCount: number;
  readonly turn: PlayerId;
}

/**
 * Where a page of the list ends: the last game's `updated` and `id`. Games
 * are listed by (updated, id), newest first, so the next page is the games
 * strictly before it in that order and no game is skipped or repeated
 * between pages, unless one is updated meanwhile (it moves to the front).
 */
export interface GameCursor {
  readonly updated: string;
  readonly id: string;
}

export type CommitResult = { readonly ok: true } | { readonly ok: false; readonly current: number };

export interface GameStore {
  create(game: StoredGame): void;
  get(id: string): StoredGame | null;
  /** The game's actions in order. */
  actions(id: string): StoredAction[];
  /** The game's actions in order, each with the state after it, as committed. */
  positions(id: string): PositionedAction[];
  /** Up to `limit` games, newest first by (updated, id), those before `before` when given. */
  list(limit: number, before?: GameCursor): GameSummary[];
  /**
   * Records an action and the state after it, moving the game from
   * `expected` to `expected + 1`, in one transaction; refused (with the
   * current version) when the game is no longer at `expected`.
   */
  commit(id: string, expected: number, action: StoredAction, state: FrameState): CommitResult;
  close(): void;
}
