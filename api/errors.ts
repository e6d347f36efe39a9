import type { EngineErrorCode } from '../engine/errors.js';
import type { SimErrorCode } from '../sim/index.js';

/**
 * Every code a {@link Pool8Error} can carry: the referee's (`E_BAD_STATE`,
 * `E_FRAME_OVER`, `E_CALL_ILLEGAL_BALL`, …), the simulator's (`E_SIM_OVERLAP`,
 * `E_SIM_BAD_SHOT`, …) and the bot's own `E_BOT_CLOSED`.
 *
 * @remarks
 * The codes are stable: match on them, not on the message. The referee's are
 * listed with their meaning in `ENGINE_ERRORS` (`pool8/engine`), the
 * simulator's in `SIM_ERROR_CODES` (`pool8/sim`).
 */
export type Pool8ErrorCode = EngineErrorCode | SimErrorCode | 'E_BOT_CLOSED';

/**
 * An expected failure, returned as a value (see {@link Result}): a state,
 * action, layout or shot that is not valid, or a move the rules refuse.
 *
 * @remarks
 * pool8 does not throw for bad game data; every function of this API that
 * takes it returns a `Result` whose `error` is one of these. Only
 * {@link createBot} throws, a {@link BotOptionsError}, when its options are
 * wrong (a mistake in the program, not in the data).
 */
export interface Pool8Error {
  /** What went wrong, as a stable code. */
  readonly code: Pool8ErrorCode;
  /** The code's meaning and the detail, in words. */
  readonly message: string;
  /** The offending field as a path such as `events[3].ball` or `shot.V`, where one applies. */
  readonly field?: string;
  /** The offending ball (0 is the cue ball), where one applies. */
  readonly ball?: number;
}

/**
 * Thrown by {@link createBot} when an option is out of range or unknown.
 *
 * @example
 * ```ts
 * try {
 *   createBot({ threads: 0 });
 * } catch (e) {
 *   if (e instanceof BotOptionsError) console.error(e.field, e.message);
 * }
 * ```
 */
export class BotOptionsError extends Error {
  /** Always `E_BOT_OPTIONS`. */
  readonly code = 'E_BOT_OPTIONS' as const;
  /** The option at fault, e.g. `level` or `budget.samples`. */
  readonly field: string;

  /**
   * @param field - the option at fault
   * @param message - what is wrong with it
   */
  constructor(field: string, message: string) {
    super(message);
    this.name = 'BotOptionsError';
    this.field = field;
  }
}
