import { type BallId, CUE, EIGHT, isBallId } from './ball.js';
import { type EngineError, engineError } from './errors.js';
import { err, ok, type Result } from './result.js';
import { isPocketId, type PocketId } from './table.js';

/**
 * A call (R2, R13; wire.md "Calls"): ball and pocket, or a safety. `null` is
 * no call: the break (R2), or a shot reported as obvious.
 */
export type Call =
  | { readonly kind: 'pocket'; readonly ball: BallId; readonly pocket: PocketId }
  | { readonly kind: 'safety' };

/** Parses a call at the edge; `undefined` and `null` mean no call. */
export function parseCall(x: unknown): Result<Call | null, EngineError> {
  if (x === undefined || x === null) return ok(null);
  if (typeof x !== 'object' || Array.isArray(x)) {
    return err(engineError('E_BAD_CALL', 'a call is an object', { field: 'call' }));
  }
  const c = x as Record<string, unknown>;
  if (c.kind === 'safety') return ok({ kind: 'safety' });
  if (c.kind !== 'pocket') {
    return err(
      engineError('E_BAD_CALL', 'call.kind must be "pocket" or "safety"', { field: 'call.kind' }),
    );
  }
  if (!isBallId(c.ball)) {
    return err(
      engineError(
        typeof c.ball === 'number' ? 'E_UNKNOWN_BALL' : 'E_BAD_CALL',
        `call.ball = ${JSON.stringify(c.ball)}`,
        {
          field: 'call.ball',
        },
      ),
    );
  }
  if (c.ball === CUE) {
    return err(
      engineError('E_CALL_ILLEGAL_BALL', 'the cue ball cannot be called', {
        field: 'call.ball',
        ball: 0,
      }),
    );
  }
  if (!isPocketId(c.pocket)) {
    return err(
      engineError('E_BAD_CALL', 'call.pocket must be HR HL SR SL FR or FL', {
        field: 'call.pocket',
      }),
    );
  }
  return ok({ kind: 'pocket', ball: c.ball, pocket: c.pocket });
}

export const callsEight = (c: Call | null): boolean => c?.kind === 'pocket' && c.ball === EIGHT;
