import { callableBalls, legalFirstContacts } from './adjudicate.js';
import type { BallId } from './ball.js';
import { ballsBehindHeadString } from './placement.js';
import { stalemateAvailable } from './stalemate.js';
import type { BallInHand, DecisionOption, FrameState, PlayerId } from './state.js';
import { POCKET_IDS, type PocketId } from './table.js';

/**
 * What the player to move may do next — for the planner and for UIs, so
 * neither re-implements a rule (docs/design.md: the bot asks the engine).
 */
export interface LegalTargets {
  readonly player: PlayerId;
  /** 'break' (R6), 'shot', 'decide' (R6, R8, R9), or 'none' when the frame is over. */
  readonly action: 'break' | 'shot' | 'decide' | 'none';
  /** Balls that may be called (R10, R14); empty on the break (R2). */
  readonly callable: readonly BallId[];
  readonly pockets: readonly PocketId[];
  /** Balls the cue ball may strike first without a foul (R10, R12, R16). */
  readonly firstContact: readonly BallId[];
  /** R7 note: balls that may not be shot at directly from the kitchen. */
  readonly noDirectShot: readonly BallId[];
  readonly ballInHand: BallInHand | null;
  readonly options: readonly DecisionOption[];
  readonly safetyAllowed: boolean;
  readonly stalemateAvailable: boolean;
}

export function legalTargets(state: FrameState): LegalTargets {
  const player = state.pending ? state.pending.player : state.turn;
  const base = {
    player,
    pockets: POCKET_IDS,
    ballInHand: state.ballInHand,
    stalemateAvailable: stalemateAvailable(state),
  };
  if (state.phase === 'over' || state.pending) {
    return {
      ...base,
      action: state.pending ? 'decide' : 'none',
      callable: [],
      firstContact: [],
      noDirectShot: [],
      options: state.pending?.options ?? [],
      safetyAllowed: false,
    };
  }
  const restricted = state.ballInHand?.restricted && state.rules.kitchenRestriction;
  const noDirectShot = restricted ? ballsBehindHeadString(state.table, state.balls) : [];
  if (state.phase === 'break') {
    return {
      ...base,
      action: 'break',
      callable: [],
      firstContact: state.balls.map((b) => b.id).filter((id) => id !== 0),
      noDirectShot,
      options: [],
      safetyAllowed: false,
    };
  }
  return {
    ...base,
    action: 'shot',
    callable: callableBalls(state, player),
    firstContact: legalFirstContacts(state, player),
    noDirectShot,
    options: [],
    safetyAllowed: true,
  };
}
