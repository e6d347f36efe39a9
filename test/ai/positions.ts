/**
 * Play-phase positions for tests that need a state from a few balls
 * (planner.test.ts, bench/chosenShots.test.ts).
 */
import { type FrameState, newFrame, OBJECT_BALLS } from '../../engine/index.js';

/** A play-phase state from a few balls; the rest pocketed. */
export function position(
  balls: { id: number; x: number; y: number }[],
  groups: FrameState['groups'] = ['solids', 'stripes'],
): FrameState {
  const base = newFrame({ seed: 1 });
  const on = new Set(balls.map((b) => b.id));
  return {
    ...base,
    phase: 'play',
    groups,
    balls: [...balls].sort((a, b) => a.id - b.id) as FrameState['balls'],
    pocketed: OBJECT_BALLS.filter((b) => !on.has(b)),
    ballInHand: null,
  };
}

/** The 3 a ball's width from the foot-left corner, the cue ball across the table: the planner pots it. */
export const HANGING_THREE = [
  { id: 0, x: 1.2, y: 0.5 },
  { id: 3, x: 2.49, y: 1.22 },
  { id: 8, x: 1.0, y: 1.0 },
  { id: 12, x: 0.5, y: 0.3 },
];
