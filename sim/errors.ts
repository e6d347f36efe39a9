/**
 * The simulator's error-code registry (docs/design.md: one table of error
 * factories, stable codes, the offending field or ball named).
 */
export const SIM_ERROR_CODES = [
  /** The input is not an object or lacks a required member. */
  'E_SIM_BAD_INPUT',
  /** `layout.table` is not one of '9ft' | '8ft' | '7ft'. */
  'E_SIM_BAD_TABLE',
  /** `layout.balls` is not an array, or an entry is not { id, x, y }. */
  'E_SIM_BAD_BALL',
  /** A ball id is not an integer 0..15. */
  'E_SIM_UNKNOWN_BALL',
  /** The same ball id is listed twice. */
  'E_SIM_DUPLICATE_BALL',
  /** A ball centre is closer than R to a cushion nose or jaw, or outside the table. */
  'E_SIM_OUTSIDE_CUSHIONS',
  /** A ball centre lies over a pocket hole. */
  'E_SIM_IN_POCKET',
  /** Two balls overlap (centres closer than 2R, within a 1 µm tolerance). */
  'E_SIM_OVERLAP',
  /** A shot field is missing, not finite or out of range. */
  'E_SIM_BAD_SHOT',
  /** The shot needs the cue ball (id 0) on the table. */
  'E_SIM_NO_CUE_BALL',
  /** The physics parameters are invalid (non-positive mass, radius, …). */
  'E_SIM_BAD_PARAMS',
  /** Safety valve: more events than `maxEvents` (a degenerate configuration). */
  'E_SIM_EVENT_LIMIT',
  /**
   * Safety net: the shot ended with a ball where no ball can rest (off the
   * slate, in a cushion, over a hole, in another ball), so the model did not
   * follow it faithfully; refused rather than answered wrongly. Not seen in
   * 200 000 fuzzed shots over the accepted ranges (docs/measurements.md).
   */
  'E_SIM_UNFAITHFUL',
] as const;
export type SimErrorCode = (typeof SIM_ERROR_CODES)[number];

export interface SimError {
  readonly code: SimErrorCode;
  readonly message: string;
  readonly ball?: number;
  readonly field?: string;
}

export function simError(
  code: SimErrorCode,
  message: string,
  where: { ball?: number; field?: string } = {},
): SimError {
  const e: { code: SimErrorCode; message: string; ball?: number; field?: string } = {
    code,
    message,
  };
  if (where.ball !== undefined) e.ball = where.ball;
  if (where.field !== undefined) e.field = where.field;
  return e;
}
