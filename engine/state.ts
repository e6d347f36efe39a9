import { type TSchema, Type } from '@sinclair/typebox';
import { type BallId, BallIdSchema, CUE, GroupSchema, ObjectBallIdSchema } from './ball.js';
import { seedState } from './prng.js';
import { rack } from './rack.js';
import {
  PRESETS,
  type RuleOptions,
  RuleOptionsSchema,
  RulesInputSchema,
  type RulesPreset,
} from './rules.js';
import {
  BALL_RADIUS,
  DEFAULT_TABLE,
  headStringX,
  TABLE_DIMENSIONS,
  type TableSize,
  TableSizeSchema,
} from './table.js';
import { CountSchema, closed, oneOf, type Wire } from './wireType.js';

/**
 * The frame state: plain data that round-trips exactly through JSON
 * (docs/wire.md "Game state and verdicts"). Unknown values are `null`,
 * never `undefined`, so a JSON round trip is the identity.
 */
export type PlayerId = 0 | 1;
export const PLAYERS: readonly PlayerId[] = [0, 1];
export const opponent = (p: PlayerId): PlayerId => (p === 0 ? 1 : 0);

/** A player on the wire: 0 or 1. */
export const PlayerIdSchema = Type.Unsafe<PlayerId>(
  Type.Union([Type.Literal(0), Type.Literal(1)], { description: '0 or 1' }),
);

const CoordinateSchema = Type.Union([Type.Number(), Type.Null()], {
  description: 'a finite number (metres) or null',
});

/** A ball on the table; x and y are null when its position is not known. */
export const TableBallSchema = closed({
  id: BallIdSchema,
  x: CoordinateSchema,
  y: CoordinateSchema,
});
export type TableBall = Wire<typeof TableBallSchema>;

/**
 * Cue ball in hand (R15): anywhere, or behind the head string (after a foul on
 * the break, R7, R8, R9, R15) — and then, by R7's note, no direct shot at a
 * ball behind the head string (`restricted`).
 */
export const BallInHandSchema = closed({
  region: oneOf(['anywhere', 'kitchen'] as const, '"anywhere" or "kitchen"'),
  restricted: Type.Boolean(),
});
export type BallInHand = Wire<typeof BallInHandSchema>;

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
export const DecisionOptionSchema = oneOf(
  DECISION_OPTIONS,
  `one of ${DECISION_OPTIONS.join(', ')}`,
);

export const PendingDecisionSchema = closed({
  /** Who decides (and, unless a re-rack hands the break over, shoots next). */
  player: PlayerIdSchema,
  options: Type.Array(DecisionOptionSchema, { minItems: 1 }),
  /** The rules that offer the choice, e.g. ['R6'] or ['R8', 'R9']. */
  rules: Type.Array(Type.String()),
});
export type PendingDecision = Wire<typeof PendingDecisionSchema>;

export const FRAME_END_REASONS = ['R1', 'R20A', 'R20B', 'R20C', 'R20D', 'R20E'] as const;
export type FrameEndReason = (typeof FRAME_END_REASONS)[number];

export const FrameResultSchema = closed({
  winner: PlayerIdSchema,
  loser: PlayerIdSchema,
  /** R1: the 8 legally pocketed; R20A–E: the loser's fault. */
  reason: oneOf(FRAME_END_REASONS, `one of ${FRAME_END_REASONS.join(', ')}`),
});
export type FrameResult = Wire<typeof FrameResultSchema>;

/** Consecutive shots with no attempt to win (R21), and how many each player played. */
export const NoAttemptStreakSchema = closed({
  shots: CountSchema,
  byPlayer: Type.Tuple([CountSchema, CountSchema]),
});
export type NoAttemptStreak = Wire<typeof NoAttemptStreakSchema>;

/** The fields of a frame state other than `previous` (see FrameStateSchema). */
function frameFields<R extends TSchema>(rules: R) {
  return {
    format: Type.Literal('pool8/1'),
    rules,
    table: TableSizeSchema,
    /** PRNG state for re-racks (R6, R9, R21): data, so the referee stays pure. */
    rng: Type.Integer({ minimum: 0, maximum: 0xffffffff, description: 'a uint32' }),
    /** Who broke (or is to break) this rack; R21's replay is broken by this player. */
    breaker: PlayerIdSchema,
    /** Whose turn it is (or who must decide, when a decision is pending). */
    turn: PlayerIdSchema,
    phase: oneOf(['break', 'play', 'over'] as const, '"break", "play" or "over"'),
    /** The groups of players 0 and 1, or null while the table is open (R10, R11). */
    groups: Type.Union([Type.Tuple([GroupSchema, GroupSchema]), Type.Null()], {
      description: 'null or ["solids","stripes"] / ["stripes","solids"]',
    }),
    /** The balls on the table, by id; the cue ball is absent while it is in hand off the table. */
    balls: Type.Array(TableBallSchema),
    /** Object balls pocketed this rack, in the order they dropped. */
    pocketed: Type.Array(ObjectBallIdSchema, { maxItems: 15 }),
    /**
     * Object balls jumped off the table and not spotted: in wpa, or on the
     * shot that ended the frame (R18 spots them otherwise).
     */
    offTable: Type.Array(ObjectBallIdSchema, { maxItems: 15 }),
    ballInHand: Type.Union([BallInHandSchema, Type.Null()]),
    pending: Type.Union([PendingDecisionSchema, Type.Null()]),
    result: Type.Union([FrameResultSchema, Type.Null()]),
    /**
     * Shots played this frame (re-racks included): the last one played is
     * shot number `shotCount`, the number a correction names (R20 note).
     */
    shotCount: CountSchema,
    /** Fouls this frame by player 0 and 1 (three fouls do not lose, R21 note). */
    fouls: Type.Tuple([CountSchema, CountSchema]),
    noAttempt: NoAttemptStreakSchema,
  };
}

/**
 * The frame state as pool8 prints it. `previous` is the state before the
 * last shot, kept until the next shot so the last shot can be corrected (R20
 * note: protests before the next shot); its own `previous` is always null, so
 * the schema spells out the two levels rather than recursing.
 */
export const FrameStateSchema = closed(
  {
    ...frameFields(RuleOptionsSchema),
    previous: Type.Union([
      closed({ ...frameFields(RuleOptionsSchema), previous: Type.Null() }),
      Type.Null(),
    ]),
  },
  {
    $id: 'FrameState',
    description: 'a pool8 frame state (docs/wire.md "Game state and verdicts")',
  },
);
export type FrameState = Wire<typeof FrameStateSchema>;

/**
 * A frame state as pool8 reads it: as printed, or with the shorthands a
 * person writes by hand — `format` and `previous` left out, rules as a preset
 * name or a preset with some options changed (docs/wire.md).
 */
export const FrameStateInputSchema = closed(
  {
    ...frameFields(RulesInputSchema),
    format: Type.Optional(Type.Literal('pool8/1')),
    previous: Type.Optional(
      Type.Union([
        closed({
          ...frameFields(RulesInputSchema),
          format: Type.Optional(Type.Literal('pool8/1')),
          previous: Type.Optional(Type.Null()),
        }),
        Type.Null(),
      ]),
    ),
  },
  {
    $id: 'FrameStateInput',
    description: 'a pool8 frame state as input: as printed, or with its shorthands',
  },
);

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
    // The cue ball starts on the long string one ball radius behind the head
    // string (the head spot, on the string itself, is not behind it: reading
    // "Behind the head string"); the breaker may move it anywhere behind the
    // head string (R6).
    balls: [
      {
        id: CUE,
        x: headStringX(base.table) - BALL_RADIUS,
        y: TABLE_DIMENSIONS[base.table].width / 2,
      },
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
