import type { Call } from '../engine/call.js';
import type { Shot } from '../engine/shot.js';
import type { DecisionOption } from '../engine/state.js';
import type { Point } from '../engine/table.js';

/**
 * A stroke of the cue, still to be played: what to call, how to hit the cue
 * ball, and where to put it first when it is in hand.
 *
 * @remarks
 * `referee.apply` simulates it on the default physics and referees the
 * result. A real table (or another physics engine) reports a shot to the
 * referee as events instead: the engine's `{ type: 'shot', events }`
 * {@link Action}.
 */
export interface Stroke {
  readonly type: 'stroke';
  /**
   * Ball and pocket (`{ kind: 'pocket', ball: 3, pocket: 'FR' }`), a safety
   * (`{ kind: 'safety' }`), or null / absent for no call: the break, which is
   * never called (R2).
   */
  readonly call?: Call | null;
  /** Cue direction φ in degrees, speed V in m/s, tip offsets a and b in ball radii, elevation θ. */
  readonly shot: Shot;
  /** Where the cue ball is placed first, in metres, when it is in hand; null / absent otherwise. */
  readonly placement?: Point | null;
  /** Why the bot chose it, in words (set by the bot; not needed to play it). */
  readonly reason?: string;
}

/**
 * A choice offered after the break (R6, R8, R9): one of
 * `state.pending.options`.
 */
export interface Choice {
  readonly type: 'decide';
  readonly option: DecisionOption;
  /** Why the bot chose it (set by the bot). */
  readonly reason?: string;
}

/** A stalemate declared (R21): the balls are re-racked and the frame replayed. */
export interface Stalemate {
  readonly type: 'stalemate';
  /** Why the bot declares it (set by the bot). */
  readonly reason?: string;
}

/**
 * What a player does on their turn: a {@link Stroke}, a {@link Choice} when a
 * decision is pending, or a {@link Stalemate}. {@link Bot.decide} returns
 * one; `referee.apply` plays one.
 */
export type Move = Stroke | Choice | Stalemate;
