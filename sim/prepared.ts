import type { BallPosition, Layout } from '../engine/layout.js';
import { err, type Result } from '../engine/result.js';
import type { Shot } from '../engine/shot.js';
import type { TableSize } from '../engine/table.js';
import { type SimError, simError } from './errors.js';
import { DEFAULT_PHYSICS, type PhysicsParams } from './params.js';
import { type BallState, runUnchecked, type SimOptions, type SimOutcome } from './simulate.js';
import { strike } from './strike.js';
import { checkLayout, checkParams, checkShot } from './validate.js';
import { tableWorld } from './world.js';

/**
 * One layout and parameter set, checked once, for many shots: the planner
 * plays hundreds of shots from each position (an aim scan, noisy samples,
 * the next shot's plan), and `simulate` checks the params and the layout
 * on every call. `simulatePrepared(prepareLayout(layout, params), shot)`
 * answers exactly what `simulate(layout, shot, params)` answers, error
 * codes and their order included (test/sim/prepared.test.ts): the shot is
 * checked first, then what the handle found when it was made.
 *
 * The handle keeps its own frozen copies, so a caller changing its layout
 * or params afterwards cannot make it answer for something it did not
 * check.
 */
export class PreparedLayout {
  /** @internal */
  constructor(
    readonly table: TableSize,
    /** The balls in the layout's order, the cue ball's slot marked by `cue`. */
    readonly balls: readonly BallPosition[],
    readonly params: PhysicsParams,
    /** What simulate would refuse the layout or params for, after the shot's own check. */
    readonly error: SimError | null,
    /** The cue ball's index in `balls` (−1 when there is none). */
    readonly cue: number,
  ) {
    Object.freeze(this);
  }
}

/** Checks a layout and params once (as `simulate` would on every call) and keeps them for many shots. */
export function prepareLayout(
  layout: Layout,
  params: PhysicsParams = DEFAULT_PHYSICS,
): PreparedLayout {
  const balls = Object.freeze(layout.balls.map((b) => Object.freeze({ id: b.id, x: b.x, y: b.y })));
  const f = params.ballFriction;
  const p: PhysicsParams = Object.freeze({
    ...params,
    ballFriction: typeof f === 'object' && f !== null ? Object.freeze({ ...f }) : f,
  });
  const cue = balls.findIndex((b) => b.id === 0);
  // simulate's order: the cue ball, then the params, then the layout.
  let error: SimError | null =
    cue < 0
      ? simError('E_SIM_NO_CUE_BALL', 'the cue ball (id 0) must be on the table to strike', {
          ball: 0,
        })
      : checkParams(p);
  if (error === null) {
    error = checkLayout({ table: layout.table, balls }, tableWorld(layout.table, p).geometry, p);
  }
  return new PreparedLayout(layout.table, balls, p, error, cue);
}

/** `simulate(layout, shot, params, options)` for the handle's layout and params, without checking them again. */
export function simulatePrepared(
  prepared: PreparedLayout,
  shot: Shot,
  options: SimOptions = {},
): Result<SimOutcome, SimError> {
  const bad = checkShot(shot);
  if (bad !== null) return err(bad);
  if (prepared.error !== null) return err(prepared.error);
  const s = { vx: 0, vy: 0, wx: 0, wy: 0, wz: 0 };
  strike(shot, prepared.params, s);
  const states: BallState[] = prepared.balls.slice();
  const c = prepared.balls[prepared.cue]!;
  states[prepared.cue] = { id: 0, x: c.x, y: c.y, ...s };
  return runUnchecked(prepared.table, states, prepared.params, options);
}
