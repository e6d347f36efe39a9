import { type BallId, ballsOf, CUE, type Group } from '../engine/ball.js';
import type { FrameState } from '../engine/state.js';
import { placements } from './candidates.js';
import { knownBalls } from './value.js';

/**
 * The turns off the pot line searched for a spot: the placement search's
 * 0° and ±20°, and ±40°. With ±40° a flagged ball says more: on the first
 * 150 racks of `--seed 21` (2026-12-02) the innings whose group held one at
 * the first shot ran out 2 of 22 and the others 50 of 88; with ±20° only,
 * 8 of 32 and 44 of 78.
 */
const PROBLEM_TURNS: readonly number[] = [0, 20, -20, 40, -40];

/**
 * The problem balls of a group (8-ball strategy's word): balls no cue-ball
 * spot pots. A ball is one when, with the cue ball in hand anywhere, the
 * planner's own placement search (ai/candidates.ts `placements`: spots 20
 * and 40 cm behind the ghost ball, on the pot line and turned off it, on
 * the table and free, with a clear path to the ghost ball), widened to
 * ±40°, finds no spot for any pocket. The other object balls are
 * obstacles; the cue ball is not, since it can move.
 *
 * The planner's value counts a ball twice only when it has no clear path to
 * any pocket (ai/value.ts `blocked`); this test is wider. It serves the
 * planner's choice of group on an open table (ai/planner.ts
 * `groupChoiceCost`) and the diagnosis of bench/runout.ts (`problemBalls`
 * per rack, `byProblemBalls` in the summary; bench/README has the figures).
 */
export function problemBalls(state: FrameState, group: Group): BallId[] {
  // An open table with ball in hand: every ball of either group is callable (R10), the cue ball is lifted.
  const inHand: FrameState = {
    ...state,
    groups: null,
    pending: null,
    ballInHand: { region: 'anywhere', restricted: false },
    balls: state.balls.filter((b) => b.id !== CUE),
  };
  const spots = placements(inHand, knownBalls(inHand), PROBLEM_TURNS);
  const on = new Set(state.balls.map((b) => b.id));
  return ballsOf(group).filter((id) => on.has(id) && !spots.some((s) => s.ball === id));
}
