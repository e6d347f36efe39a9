import { Type } from '@sinclair/typebox';
import {
  type Adjudication,
  adjudicateChecked,
  type ShotReport,
  shotReportFields,
} from './adjudicate.js';
import { decide } from './decide.js';
import { actionPartProblem, type EngineError, engineError } from './errors.js';
import { foulBeforeStroke, foulReportFields } from './foulBeforeStroke.js';
import { parseState } from './parse.js';
import { applyRack, RackBallSchema } from './rackCheck.js';
import { err, type Result } from './result.js';
import { declareStalemate } from './stalemate.js';
import type { FrameState } from './state.js';
import { firstProblem } from './validator.js';
import { closed, tagged, type Wire } from './wireType.js';

/** The number of a shot of the frame, 1 for the first: the last one played is `state.shotCount`. */
const ShotNumberSchema = Type.Integer({
  minimum: 1,
  description:
    'the number of the shot corrected (1 for the first): the last shot played, state.shotCount',
});

/**
 * Everything a player (or the referee) can do, as data (docs/design.md: the
 * game is a pure reducer `(state, action) => state`; an invalid move comes
 * back as data).
 */
export const ActionSchema = tagged(
  'type',
  [
    closed({ type: Type.Literal('shot'), ...shotReportFields }),
    closed({
      type: Type.Literal('decide'),
      option: Type.String({ description: 'an option on offer' }),
    }),
    closed({ type: Type.Literal('stalemate') }),
    /**
     * R20 note: the last shot's record corrected before the next shot is
     * played. `shot` names the shot corrected, so a correction meant for an
     * earlier shot is refused (E_PROTEST_TOO_LATE), never applied to another.
     */
    closed({ type: Type.Literal('correct'), shot: ShotNumberSchema, ...shotReportFields }),
    /** R5, R15: a foul before the stroke — the touch, no stroke (engine/foulBeforeStroke.ts). */
    closed({ type: Type.Literal('foul'), ...foulReportFields }),
    /** R3: the balls racked by people, checked and taken for the break (engine/rackCheck.ts). */
    closed({ type: Type.Literal('rack'), balls: Type.Array(RackBallSchema) }),
  ],
  'an action: shot, decide, stalemate, correct, foul or rack',
);
export type Action = Wire<typeof ActionSchema>;

/** The code of a malformed action (engine/errors.ts actionPartProblem); kept under its old name for cli/. */
export const actionProblem = actionPartProblem;

/**
 * Plays an action read from outside: the action is checked against
 * ActionSchema first, and the state it leaves is checked against the
 * state's own parser last, so every state the referee hands out is one it
 * reads back (an input state inconsistent in a way only the outcome shows is
 * refused with E_BAD_STATE rather than passed on).
 */
export function apply(state: FrameState, action: Action): Result<Adjudication, EngineError> {
  const problem = firstProblem(ActionSchema, action, '');
  if (problem !== null) return err(actionPartProblem(problem));
  const res = applyChecked(state, action);
  if (!res.ok) return res;
  const back = parseState(res.value.state);
  if (!back.ok)
    return err(
      engineError(
        'E_BAD_STATE',
        `the state this action would leave is invalid: ${back.error.message}`,
        {
          ...(back.error.field !== undefined ? { field: back.error.field } : {}),
        },
      ),
    );
  return res;
}

/**
 * Protests (R20 note, reading "Protests"): a correction names the shot it
 * corrects, by number. Only the last shot played can be corrected, and only
 * while its record — the state before it, `previous` — is kept: until the
 * next shot, a foul before the stroke or a stalemate moves play on.
 */
export function correctShot(
  state: FrameState,
  shot: number,
  report: ShotReport,
): Result<Adjudication, EngineError> {
  const last = state.shotCount;
  if (shot > last)
    return err(
      engineError('E_NO_SUCH_SHOT', `shot ${shot}; ${last} shot(s) played this frame`, {
        field: 'shot',
      }),
    );
  if (shot < last)
    return err(
      engineError(
        'E_PROTEST_TOO_LATE',
        `shot ${shot} was followed by shot ${shot + 1}; only shot ${last}, the last, can be corrected`,
        { field: 'shot' },
      ),
    );
  const before = state.previous;
  if (before === null || before.shotCount !== shot - 1)
    return err(
      engineError(
        'E_NOTHING_TO_CORRECT',
        `shot ${shot}: its record is no longer kept (none, or play moved on by a foul or a stalemate)`,
        { field: 'shot' },
      ),
    );
  return adjudicateChecked(before, report);
}

/**
 * `apply` for an action already known to match ActionSchema: built
 * in-process from typed values, as the planner's simulated shots are, where
 * the wire check per sample was measurable (about 4 µs of a 45 µs sample,
 * docs/measurements.md). Anything read from outside goes through `apply`.
 */
export function applyChecked(state: FrameState, action: Action): Result<Adjudication, EngineError> {
  switch (action.type) {
    case 'shot':
      return adjudicateChecked(state, action);
    case 'decide':
      return decide(state, action.option);
    case 'stalemate':
      return declareStalemate(state);
    case 'correct':
      return correctShot(state, action.shot, action);
    case 'foul':
      return foulBeforeStroke(state, action);
    case 'rack':
      return applyRack(state, action.balls);
  }
}
