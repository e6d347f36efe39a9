import { type Adjudication, adjudicateShot, type ShotReport } from './adjudicate.js';
import { decide } from './decide.js';
import { type EngineError, engineError } from './errors.js';
import { err, type Result } from './result.js';
import { declareStalemate } from './stalemate.js';
import type { FrameState } from './state.js';

/**
 * Everything a player can do, as data (STYLE.md: the game is a pure reducer
 * `(state, action) => state`; an invalid move comes back as data).
 */
export type Action =
  | ({ readonly type: 'shot' } & ShotReport)
  | { readonly type: 'decide'; readonly option: string }
  | { readonly type: 'stalemate' }
  /** R20 note: the last shot's record corrected before the next shot is played. */
  | ({ readonly type: 'correct' } & ShotReport);

export function apply(state: FrameState, action: Action): Result<Adjudication, EngineError> {
  if (typeof action !== 'object' || action === null)
    return err(engineError('E_BAD_ACTION', 'not an object'));
  switch (action.type) {
    case 'shot':
      return adjudicateShot(state, action);
    case 'decide':
      return decide(state, action.option);
    case 'stalemate':
      return declareStalemate(state);
    case 'correct':
      // The state before the last shot is kept until the next one (R20 note).
      if (state.previous === null) return err(engineError('E_NOTHING_TO_CORRECT'));
      return adjudicateShot(state.previous, action);
    default:
      return err(
        engineError('E_BAD_ACTION', `type ${JSON.stringify((action as { type?: unknown }).type)}`, {
          field: 'type',
        }),
      );
  }
}
