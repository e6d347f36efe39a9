import { Type } from '@sinclair/typebox';
import { type Adjudication, adjudicateChecked, shotReportFields } from './adjudicate.js';
import { decide } from './decide.js';
import { actionPartProblem, type EngineError, engineError } from './errors.js';
import { err, type Result } from './result.js';
import { declareStalemate } from './stalemate.js';
import type { FrameState } from './state.js';
import { firstProblem } from './validator.js';
import { closed, tagged, type Wire } from './wireType.js';

/**
 * Everything a player can do, as data (docs/design.md: the game is a pure
 * reducer `(state, action) => state`; an invalid move comes back as data).
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
    /** R20 note: the last shot's record corrected before the next shot is played. */
    closed({ type: Type.Literal('correct'), ...shotReportFields }),
  ],
  'an action: shot, decide, stalemate or correct',
);
export type Action = Wire<typeof ActionSchema>;

/** The code of a malformed action (engine/errors.ts actionPartProblem); kept under its old name for cli/. */
export const actionProblem = actionPartProblem;

export function apply(state: FrameState, action: Action): Result<Adjudication, EngineError> {
  const problem = firstProblem(ActionSchema, action, '');
  if (problem !== null) return err(actionPartProblem(problem));
  return applyChecked(state, action);
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
      // The state before the last shot is kept until the next one (R20 note).
      if (state.previous === null) return err(engineError('E_NOTHING_TO_CORRECT'));
      return adjudicateChecked(state.previous, action);
  }
}
