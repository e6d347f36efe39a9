import { problemText, type WireProblem } from './validator.js';

/**
 * The engine's error registry: every expected failure of engine/ is one of
 * these stable codes, with a message naming what is wrong (docs/design.md, after
 * chessops' `ERR_KINGS` and piscina's error table).
 */
export const ENGINE_ERRORS = {
  E_BAD_STATE: 'the game state is not a valid pool8 state',
  E_BAD_ACTION: 'the action is not one the referee knows',
  E_BAD_CALL: 'the call is malformed',
  E_BAD_EVENT: 'a shot event is malformed',
  E_UNKNOWN_BALL: 'a ball id is not 0–15',
  E_BALL_NOT_ON_TABLE: 'an event names a ball that is not on the table',
  E_EVENT_ORDER: 'the events are in an impossible order',
  E_NO_STRIKE: 'the shot has no strike event',
  E_CALL_BALL_NOT_ON_TABLE: 'the call names a ball that is not on the table',
  E_CALL_ILLEGAL_BALL: 'the call names a ball the shooter may not pocket',
  E_CALL_ON_BREAK: 'the break is not a called shot (R2)',
  E_FRAME_OVER: 'the frame is over',
  E_DECISION_PENDING: 'a decision is pending; it must be made before the next shot',
  E_NO_DECISION_PENDING: 'no decision is pending',
  E_BAD_OPTION: 'that option is not on offer',
  E_STALEMATE_TOO_EARLY: 'a stalemate needs more consecutive shots with no attempt to win (R21)',
  E_NOTHING_TO_CORRECT: 'there is no record of the last shot to correct',
  E_PROTEST_TOO_LATE:
    'a protest must be made before the next shot (R20 note): the correction names a shot another shot followed',
  E_NO_SUCH_SHOT: 'the correction names a shot that has not been played',
  E_NOT_A_FOUL: 'what the foul action reports is no foul under these rules (R5, R15)',
  E_SPOT_POSITIONS_UNKNOWN:
    'a ball must be re-spotted (R9, R18) but where the balls lie is not known: report the layout',
  E_BAD_RACK: 'the rack is malformed',
  E_RACK_ILLEGAL: 'the rack does not meet R3',
  E_RACK_NOT_ALLOWED: 'the balls are racked only before the break',
  E_BAD_MATCH: 'the match state is not a valid pool8 match',
  E_MATCH_OVER: 'the match is over',
  E_FRAME_NOT_OVER: 'the frame is not over: the next frame cannot be racked yet',
  E_PLACEMENT_REQUIRED: 'the cue ball is in hand and off the table: the shot must place it',
  E_PLACEMENT_NOT_ALLOWED: 'the cue ball is not in hand',
  E_PLACEMENT_OUTSIDE_KITCHEN: 'the cue ball must be placed behind the head string',
  E_PLACEMENT_OFF_TABLE: 'the cue ball must lie inside the cushions',
  E_PLACEMENT_OVERLAP: 'the cue ball overlaps another ball',
  E_LAYOUT_MISMATCH: 'the final layout does not match the balls the events leave on the table',
} as const;

export type EngineErrorCode = keyof typeof ENGINE_ERRORS;

export interface EngineError {
  readonly code: EngineErrorCode;
  readonly message: string;
  /** The offending field (a JSON path such as `events[3].ball`), where one applies. */
  readonly field?: string;
  /** The offending ball, where one applies. */
  readonly ball?: number;
}

export function engineError(
  code: EngineErrorCode,
  detail?: string,
  where: { field?: string; ball?: number } = {},
): EngineError {
  const message = detail ? `${ENGINE_ERRORS[code]}: ${detail}` : ENGINE_ERRORS[code];
  return { code, message, ...where };
}

/**
 * A schema problem as an engine error. A number that is not a ball id is
 * E_UNKNOWN_BALL (the code a caller checks for); every other problem takes
 * the code of the document it is in (E_BAD_STATE, E_BAD_CALL, E_BAD_EVENT…).
 */
export function engineProblem(p: WireProblem, code: EngineErrorCode): EngineError {
  const ballId = p.schema['x-kind'] === 'ballId' && typeof p.value === 'number';
  return engineError(ballId ? 'E_UNKNOWN_BALL' : code, problemText(p), { field: p.field });
}

/**
 * The code of a malformed action or input document, by the part of it that
 * is wrong: the state, an event, the call, the layout, or the action itself.
 */
export function actionPartProblem(p: WireProblem): EngineError {
  const f = p.field;
  const part = (name: string) => new RegExp(`(^|\\.)${name}([.[]|$)`).test(f);
  const code = part('state')
    ? 'E_BAD_STATE'
    : part('events')
      ? 'E_BAD_EVENT'
      : part('call')
        ? 'E_BAD_CALL'
        : part('layout')
          ? 'E_LAYOUT_MISMATCH'
          : 'E_BAD_ACTION';
  return engineProblem(f === '' ? { ...p, field: 'action' } : p, code);
}
