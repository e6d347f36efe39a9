import type { BallId, Group } from './ball.js';
import { CUE } from './ball.js';
import { type PrngState, seedState } from './prng.js';
import { rack } from './rack.js';
import { PRESETS, type RuleOptions, type RulesPreset } from './rules.js';
import { DEFAULT_TABLE, headStringX, TABLE_DIMENSIONS, type TableSize } from './table.js';

/**
 * The frame state: plain data that round-trips exactly through JSON
 * (shared/spec/wire.md "Game state and verdicts"). Unknown values are `null`,
 * never `undefined`, so a JSON round trip is the identity.
 */
export type PlayerId = 0 | 1;
export const PLAYERS: readonly PlayerId[] = [0, 1];
export const opponent = (p: PlayerId): PlayerId => (p === 0 ? 1 : 0);

/** A ball on the table; x and y are null when its position is not known. */
export interface TableBall {
  readonly id: BallId;
  readonly x: number | null;
  readonly y: number | null;
}

/**
 * Cue ball in hand (R15): anywhere, or behind the head string (after a foul on
 * the break, R7, R8, R9, R15) — and then, by R7's note, no direct shot at a
 * ball behind the head string (`restricted`).
 */
export interface BallInHand {
  readonly region: 'anywhere' | 'kitchen';
  readonly restricted: boolean;
}

/** The choices a player can be offered after a break (R6, R8, R9). */
export const DECISION_OPTIONS = [
  'acceptTable',
  'cueInKitchen',
  'rerackAndBreak',
  'rerackOpponentBreaks',
  'spotEightAcceptTable',
  'spotEightCueInKitchen',
] as const;
export type DecisionOption = (typeof DECISION_OPTIONS)[number];

export interface PendingDecision {
  /** Who decides (and, unless a re-rack hands the break over, shoots next). */
  readonly player: PlayerId;
  readonly options: readonly DecisionOption[];
  /** The rules that offer the choice, e.g. ['R6'] or ['R8', 'R9']. */
  readonly rules: readonly string[];
}

export const FRAME_END_REASONS = ['R1', 'R20A', 'R20B', 'R20C', 'R20D', 'R20E'] as const;
export type FrameEndReason = (typeof FRAME_END_REASONS)[number];

export interface FrameResult {
  readonly winner: PlayerId;
  readonly loser: PlayerId;
  /** R1: the 8 legally pocketed; R20A–E: the loser's fault. */
  readonly reason: FrameEndReason;
}

/** Consecutive shots with no attempt to win (R21), and how many each player played. */
export interface NoAttemptStreak {
  readonly shots: number;
  readonly byPlayer: readonly [number, number];
}

export interface FrameState {
  readonly format: 'pool8/1';
  readonly rules: RuleOptions;
  readonly table: TableSize;
  /** PRNG state for re-racks (R6, R9, R21): data, so the referee stays pure. */
  readonly rng: PrngState;
  /** Who broke (or is to break) this rack; R21's replay is broken by this player. */
  readonly breaker: PlayerId;
  /** Whose turn it is (or who must decide, when a decision is pending). */
  readonly turn: PlayerId;
  readonly phase: 'break' | 'play' | 'over';
  /** The groups of players 0 and 1, or null while the table is open (R10, R11). */
  readonly groups: readonly [Group, Group] | null;
  /** The balls on the table, by id; the cue ball is absent while it is in hand off the table. */
  readonly balls: readonly TableBall[];
  /** Object balls pocketed this rack, in the order they dropped. */
  readonly pocketed: readonly BallId[];
  /** Object balls jumped off the table and not spotted (wpa preset only; R18 spots them). */
  readonly offTable: readonly BallId[];
  readonly ballInHand: BallInHand | null;
  readonly pending: PendingDecision | null;
  readonly result: FrameResult | null;
  /** Shots played this frame (re-racks included). */
  readonly shotCount: number;
  /** Fouls this frame by player 0 and 1 (three fouls do not lose, R21 note). */
  readonly fouls: readonly [number, number];
  readonly noAttempt: NoAttemptStreak;
  /**
   * The state before the last shot, kept until the next shot so the last
   * shot can be corrected (R20 note: protests before the next shot).
   */
  readonly previous: FrameState | null;
}

export interface NewFrameOptions {
  readonly seed: number;
  /** Who breaks: the lag winner's choice (R4), or alternating in a match. */
  readonly breaker?: PlayerId;
  readonly table?: TableSize;
  readonly rules?: RulesPreset | RuleOptions;
}

/** The rack set up for a break, the breaker with the cue ball in hand in the kitchen (R3, R6). */
export function racked(
  base: Pick<FrameState, 'rules' | 'table' | 'rng' | 'shotCount' | 'fouls'>,
  breaker: PlayerId,
): FrameState {
  const [balls, rng] = rack(base.table, base.rng);
  return {
    format: 'pool8/1',
    rules: base.rules,
    table: base.table,
    rng,
    breaker,
    turn: breaker,
    phase: 'break',
    groups: null,
    // The cue ball starts on the head spot (L/4, W/2); the breaker may move it
    // anywhere behind the head string (R6).
    balls: [
      { id: CUE, x: headStringX(base.table), y: TABLE_DIMENSIONS[base.table].width / 2 },
      ...balls.map((b) => ({ id: b.id, x: b.x, y: b.y })),
    ],
    pocketed: [],
    offTable: [],
    // The break is shot from behind the head string (R6); nothing lies there to restrict.
    ballInHand: { region: 'kitchen', restricted: false },
    pending: null,
    result: null,
    shotCount: base.shotCount,
    fouls: base.fouls,
    noAttempt: { shots: 0, byPlayer: [0, 0] },
    previous: null,
  };
}

/** A new frame from a seed: the rack by R3, the breaker by R4. */
export function newFrame(opts: NewFrameOptions): FrameState {
  const rules = typeof opts.rules === 'object' ? opts.rules : PRESETS[opts.rules ?? 'pl-bca'];
  return racked(
    {
      rules,
      table: opts.table ?? DEFAULT_TABLE,
      rng: seedState(opts.seed),
      shotCount: 0,
      fouls: [0, 0],
    },
    opts.breaker ?? 0,
  );
}

export function ballOnTable(state: Pick<FrameState, 'balls'>, id: BallId): TableBall | undefined {
  return state.balls.find((b) => b.id === id);
}

export function objectBallsOnTable(state: Pick<FrameState, 'balls'>): BallId[] {
  return state.balls.filter((b) => b.id !== CUE).map((b) => b.id);
}
