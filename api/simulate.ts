import type { Layout } from '../engine/layout.js';
import type { Result } from '../engine/result.js';
import type { Shot } from '../engine/shot.js';
import {
  DEFAULT_PHYSICS,
  type PhysicsParams,
  parseLayout,
  type SimError,
  type SimOutcome,
  simulate as simulateShot,
} from '../sim/index.js';

/** Options of {@link simulate}. */
export interface SimulateOptions {
  /** Physics constants (default: `DEFAULT_PHYSICS` of `pool8/sim`). */
  readonly params?: PhysicsParams;
  /** Also return each ball's path, `[t, x, y, vx, vy]` samples every 10 ms and at every event, for drawing. */
  readonly trace?: boolean;
  /** Table time after which the shot is cut off, seconds (default 60). */
  readonly maxTime?: number;
}

/**
 * Simulates one shot on a layout: the cue strikes ball 0, and every ball
 * runs until all are at rest.
 *
 * @remarks
 * Deterministic: the same layout and shot give the same result, bit for
 * bit, on any thread of the same runtime. Nothing is refereed: pass the
 * events to the referee, or play a {@link Stroke} with `referee.apply`,
 * which does both.
 *
 * @param layout - the table and the balls on it, metres from the corner
 * @param shot - cue direction φ (degrees), speed V (m/s), tip offsets a, b
 * (ball radii), elevation θ (degrees)
 * @param options - physics and tracing
 * @returns the events (strike, contacts, cushions, pockets, rests) and
 * where the balls stopped, or a code such as `E_SIM_OVERLAP`,
 * `E_SIM_BAD_SHOT`, `E_SIM_NO_CUE_BALL`
 *
 * @example
 * ```ts
 * const r = simulate(
 *   { table: '9ft', balls: [{ id: 0, x: 0.6, y: 0.635 }, { id: 1, x: 1.9, y: 0.635 }] },
 *   { phi: 0, V: 2 },
 * );
 * if (r.ok) console.log(r.value.events.length, r.value.layout.balls);
 * ```
 */
export function simulate(
  layout: Layout,
  shot: Shot,
  options: SimulateOptions = {},
): Result<SimOutcome, SimError> {
  const parsed = parseLayout(layout);
  if (!parsed.ok) return parsed;
  return simulateShot(parsed.value, shot, options.params ?? DEFAULT_PHYSICS, {
    ...(options.trace !== undefined ? { trace: options.trace } : {}),
    ...(options.maxTime !== undefined ? { maxTime: options.maxTime } : {}),
  });
}
