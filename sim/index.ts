/**
 * pool8 shot simulator: the public API. The determinism contract
 * and the planck/Box2D design notes are in sim/README.md; in short:
 * - same input, same output bits in any thread or process of the same
 *   runtime: no clock, no I/O, no unseeded randomness, no writes to planck Settings,
 *   fixed creation order of planck bodies and fixtures, fixed tie-breaking of
 *   simultaneous events, event-driven closed-form motion; the one stepped
 *   process, cluster contacts (sim/cluster.ts), takes its step and order
 *   from the input alone;
 * - physics constants come only from the `PhysicsParams` argument.
 */
export { SIM_ERROR_CODES, type SimError, type SimErrorCode } from './errors.js';
export { outcomeHash, textHash } from './hash.js';
export { DEFAULT_PHYSICS, type PhysicsParams } from './params.js';
export { checkBallsAt, checkStatePositions } from './positions.js';
export { PreparedLayout, prepareLayout, simulatePrepared } from './prepared.js';
export {
  type BallState,
  checkPosition,
  type SimOptions,
  type SimOutcome,
  simulate,
  simulateFrom,
  type TraceSample,
} from './simulate.js';
export { parseLayout, parseShot } from './validate.js';
