import type { BallId, Group } from './ball.js';
import type { FoulCode } from './foul.js';
import type { BallInHand, FrameResult, PendingDecision, PlayerId, TableBall } from './state.js';

/**
 * What the referee decided about one action (docs/wire.md "Game state and
 * verdicts"): a discriminated union on `kind` (docs/design.md: continue, turn over,
 * foul, won/lost, an option for the incoming player), with every field a UI
 * or the planner needs and the rule numbers that decided it.
 */
export type VerdictKind =
  /** The shooter keeps the table (R2 after a break, R14). */
  | 'continue'
  /** No foul; the opponent shoots from where the cue ball lies. */
  | 'turnOver'
  /** A foul: the opponent has ball in hand (R15) or a choice (R6, R8, R9). */
  | 'foul'
  /** No foul, but a player must choose (R9 after a clean 8 on the break). */
  | 'decision'
  /** The frame is over (R1, R20). */
  | 'frameOver'
  /** The balls are racked again (R6, R9 choices). */
  | 'rerack'
  /** A stalemate: re-rack, the same breaker (R21). */
  | 'stalemate'
  /** A decision was carried out and play goes on. */
  | 'decided'
  /** A rack made by people was checked and taken for the break (R3). */
  | 'racked'
  /** The next frame of a match is racked, its breaker by R4 (engine/match.ts). */
  | 'newFrame';

/** The referee's ruling on one action: its kind, fouls, balls, who plays next, and the rules that decided it. */
export interface Verdict {
  readonly kind: VerdictKind;
  /** Who played the shot or made the decision. */
  readonly player: PlayerId;
  readonly fouls: readonly FoulCode[];
  /** Balls legally pocketed and credited to the shooter (R14). */
  readonly credited: readonly BallId[];
  /** Balls that dropped and stay down uncredited (R2, R10, R13, R17). */
  readonly stayDown: readonly BallId[];
  /** Balls put back on the long string, and where (R9, R18). */
  readonly respotted: readonly TableBall[];
  /** Who plays next (or must decide); null when the frame is over. */
  readonly nextPlayer: PlayerId | null;
  readonly ballInHand: BallInHand | null;
  readonly groups: readonly [Group, Group] | null;
  /** The groups were decided by this shot (R11). */
  readonly groupsDecided: boolean;
  readonly pending: PendingDecision | null;
  readonly frame: FrameResult | null;
  /** The rules that decided it, R1–R21 (and R20A–E for a lost frame). */
  readonly rules: readonly string[];
}
