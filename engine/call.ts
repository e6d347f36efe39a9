import { Type } from '@sinclair/typebox';
import { BallIdSchema, CUE, EIGHT } from './ball.js';
import { type EngineError, engineError, engineProblem } from './errors.js';
import { err, ok, type Result } from './result.js';
import { PocketIdSchema } from './table.js';
import { firstProblem } from './validator.js';
import { closed, tagged, type Wire } from './wireType.js';

/**
 * A call (R2, R13; docs/wire.md "Calls"): ball and pocket, or a safety. `null` is
 * no call: the break (R2), or a shot reported as obvious.
 */
export const CallSchema = tagged(
  'kind',
  [
    closed({ kind: Type.Literal('pocket'), ball: BallIdSchema, pocket: PocketIdSchema }),
    closed({ kind: Type.Literal('safety') }),
  ],
  'a call: { kind: "pocket", ball, pocket } or { kind: "safety" }',
);
export type Call = Wire<typeof CallSchema>;

/** Parses a call at the edge; `undefined` and `null` mean no call. */
export function parseCall(x: unknown): Result<Call | null, EngineError> {
  if (x === undefined || x === null) return ok(null);
  const problem = firstProblem(CallSchema, x, 'call');
  if (problem !== null) return err(engineProblem(problem, 'E_BAD_CALL'));
  const call = x as Call;
  if (call.kind === 'pocket' && call.ball === CUE) {
    return err(
      engineError('E_CALL_ILLEGAL_BALL', 'the cue ball cannot be called', {
        field: 'call.ball',
        ball: 0,
      }),
    );
  }
  return ok(call);
}

export const callsEight = (c: Call | null): boolean => c?.kind === 'pocket' && c.ball === EIGHT;
