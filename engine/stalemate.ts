import type { Adjudication } from './adjudicate.js';
import { type EngineError, engineError } from './errors.js';
import { err, ok, type Result } from './result.js';
import { type FrameState, racked } from './state.js';
import type { Verdict } from './verdict.js';

/**
 * R21 and its reading: a stalemate is a referee's judgement, so it comes as
 * an explicit action, refused until `rules.stalemateShots` consecutive shots
 * (half by each player) were played with no attempt to win. A shot counts
 * when it was a declared safety (R13); any called pot or break resets the
 * count. The balls are re-racked and the replay is broken by the player who
 * broke the interrupted frame.
 */
export function stalemateAvailable(state: FrameState): boolean {
  const need = state.rules.stalemateShots;
  const { shots, byPlayer } = state.noAttempt;
  return (
    state.phase === 'play' &&
    state.pending === null &&
    shots >= need &&
    byPlayer[0] >= need / 2 &&
    byPlayer[1] >= need / 2
  );
}

export function declareStalemate(state: FrameState): Result<Adjudication, EngineError> {
  if (state.phase === 'over') return err(engineError('E_FRAME_OVER'));
  if (!stalemateAvailable(state)) {
    const { shots, byPlayer } = state.noAttempt;
    return err(
      engineError(
        'E_STALEMATE_TOO_EARLY',
        `${shots} of ${state.rules.stalemateShots} shots (player 0: ${byPlayer[0]}, player 1: ${byPlayer[1]})`,
      ),
    );
  }
  const next = racked(state, state.breaker);
  const verdict: Verdict = {
    kind: 'stalemate',
    player: state.turn,
    fouls: [],
    credited: [],
    stayDown: [],
    respotted: [],
    nextPlayer: state.breaker,
    ballInHand: next.ballInHand,
    groups: null,
    groupsDecided: false,
    pending: null,
    frame: null,
    rules: ['R21'],
  };
  return ok({ state: next, verdict });
}
