import type { Adjudication } from './adjudicate.js';
import { CUE, EIGHT } from './ball.js';
import { type EngineError, engineError } from './errors.js';
import { err, ok, type Result } from './result.js';
import { spotBalls } from './spot.js';
import {
  DECISION_OPTIONS,
  type DecisionOption,
  type FrameState,
  opponent,
  racked,
  type TableBall,
} from './state.js';
import type { Verdict } from './verdict.js';

/**
 * Carries out a pending choice (R6, R8, R9 and the readings "Fouls on the
 * break" and "Re-racks"):
 * - acceptTable: shoot with the cue ball where it lies; if it left the table,
 *   in hand behind the head string (R7's restriction applies);
 * - cueInKitchen: cue ball in hand behind the head string (R8);
 * - rerackAndBreak / rerackOpponentBreaks: a new rack, the decider or the
 *   other player breaks (R6; after R9 the decider breaks, reading "Re-racks");
 * - spotEightAcceptTable / spotEightCueInKitchen: the 8 goes to the foot spot
 *   (R9) and the decider shoots as above; refused while the positions of the
 *   balls are not known (the spot may be taken: E_SPOT_POSITIONS_UNKNOWN).
 */
export function decide(state: FrameState, option: unknown): Result<Adjudication, EngineError> {
  if (state.phase === 'over') return err(engineError('E_FRAME_OVER'));
  const pending = state.pending;
  if (pending === null) return err(engineError('E_NO_DECISION_PENDING'));
  if (typeof option !== 'string' || !(DECISION_OPTIONS as readonly string[]).includes(option)) {
    return err(
      engineError(
        'E_BAD_OPTION',
        `${JSON.stringify(option)}; on offer: ${pending.options.join(', ')}`,
        { field: 'option' },
      ),
    );
  }
  const choice = option as DecisionOption;
  if (!pending.options.includes(choice)) {
    return err(
      engineError('E_BAD_OPTION', `${choice}; on offer: ${pending.options.join(', ')}`, {
        field: 'option',
      }),
    );
  }
  const p = pending.player;
  const verdictBase = {
    player: p,
    fouls: [],
    credited: [],
    stayDown: [],
    groups: state.groups,
    groupsDecided: false,
    pending: null,
    frame: null,
    rules: [...pending.rules],
  } as const;

  if (choice === 'rerackAndBreak' || choice === 'rerackOpponentBreaks') {
    const breaker = choice === 'rerackAndBreak' ? p : opponent(p);
    const next = { ...racked(state, breaker), previous: state.previous };
    const verdict: Verdict = {
      ...verdictBase,
      kind: 'rerack',
      respotted: [],
      nextPlayer: breaker,
      ballInHand: next.ballInHand,
      groups: null,
    };
    return ok({ state: next, verdict });
  }

  let balls: readonly TableBall[] = state.balls;
  let respotted: TableBall[] = [];
  let pocketed = state.pocketed;
  if (choice === 'spotEightAcceptTable' || choice === 'spotEightCueInKitchen') {
    // Only a pocketed 8 is spotted: a state whose choice offers it with the 8
    // elsewhere is inconsistent, and spotting would put a second 8 on the table.
    if (!pocketed.includes(EIGHT)) {
      return err(
        engineError('E_BAD_STATE', 'the pending choice spots the 8, but the 8 is not pocketed', {
          field: 'state.pending.options',
          ball: EIGHT,
        }),
      );
    }
    const unknown = balls.find((b) => b.x === null || b.y === null);
    if (unknown !== undefined) {
      return err(
        engineError(
          'E_SPOT_POSITIONS_UNKNOWN',
          `the 8 must be spotted (R9), and where ball ${unknown.id} lies is not known: correct the break with its layout`,
          { field: 'state.balls', ball: unknown.id },
        ),
      );
    }
    respotted = spotBalls(state.table, balls, [EIGHT]);
    balls = [...balls, ...respotted].sort((a, b) => a.id - b.id);
    const i = pocketed.lastIndexOf(EIGHT);
    pocketed = i >= 0 ? [...pocketed.slice(0, i), ...pocketed.slice(i + 1)] : pocketed;
  }
  const cueOnTable = balls.some((b) => b.id === CUE);
  const kitchen = choice === 'cueInKitchen' || choice === 'spotEightCueInKitchen' || !cueOnTable;
  const ballInHand = kitchen ? ({ region: 'kitchen', restricted: true } as const) : null;
  const next: FrameState = { ...state, balls, pocketed, turn: p, pending: null, ballInHand };
  const verdict: Verdict = {
    ...verdictBase,
    kind: 'decided',
    respotted,
    nextPlayer: p,
    ballInHand,
  };
  return ok({ state: next, verdict });
}
