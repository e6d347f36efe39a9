import { type BallId, CUE } from './ball.js';
import { type EngineError, engineError } from './errors.js';
import type { ShotEvent } from './shotEvent.js';

/**
 * The balls handled around a stroke, as the events report them: the cue
 * ball placed from hand (R15), the placement confirmed, and balls touched
 * by hand, cue or bridge (R5, R15). A shot's facts (engine/shotFacts.ts) and
 * a foul before the stroke (engine/foulBeforeStroke.ts) read these events
 * alike; this is the one reading.
 */
export interface Touch {
  readonly ball: BallId;
  readonly phase: 'stroke' | 'placement' | 'afterPlacement';
  readonly stroke: 'jump' | 'masse' | 'curve' | null;
  /** True when the touch came after a confirmPlacement event. */
  readonly afterConfirm: boolean;
}

export interface Handling {
  /** The last placement of the cue ball, if any. */
  placement: { x: number; y: number } | null;
  confirmed: boolean;
  readonly touches: Touch[];
}

export const newHandling = (): Handling => ({ placement: null, confirmed: false, touches: [] });

/**
 * Applies event `i` when it is a handling event (place, confirmPlacement,
 * touch) and answers null, or the error for a bad one; `false` when the
 * event is of another kind. A placed cue ball joins `onTable`.
 */
export function handle(
  h: Handling,
  e: ShotEvent,
  i: number,
  onTable: Set<BallId>,
): EngineError | null | false {
  switch (e.type) {
    case 'place':
      if (e.ball !== CUE)
        return engineError('E_BAD_EVENT', 'only the cue ball is placed', {
          field: `events[${i}]`,
          ball: e.ball,
        });
      h.placement = { x: e.x, y: e.y };
      onTable.add(CUE);
      return null;
    case 'confirmPlacement':
      h.confirmed = true;
      return null;
    case 'touch':
      h.touches.push({
        ball: e.ball,
        phase: e.phase,
        stroke: e.stroke ?? null,
        afterConfirm: h.confirmed,
      });
      return null;
    default:
      return false;
  }
}
