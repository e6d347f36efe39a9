import { callableBalls } from '../engine/adjudicate.js';
import { type BallId, ballsOf, CUE, EIGHT } from '../engine/ball.js';
import { type FrameState, opponent, type PlayerId } from '../engine/state.js';
import { POCKET_IDS } from '../engine/table.js';
import {
  type BallAt,
  bestInHandChance,
  positionValue,
  positionValues,
  straightPots,
} from './estimate.js';
import { pathClear, pocketAim } from './geometry.js';
import type { Level } from './levels.js';

/**
 * The leave: an estimate of P(player wins the frame) from a state, for the
 * planner's score: the value of the leave, with the opponent's chances from
 * the resulting position when the turn passes (docs/planner.md). Both players
 * are assumed to play at `level`. The first shot's chance comes from the
 * geometry of the actual position (or ball in hand); the rest of the frame
 * from the race model (estimate.ts).
 */

/**
 * Pots still needed by p: his group on the table and the 8; on an open table
 * the smaller group. A ball with no clear path to any pocket counts twice:
 * it needs a shot to free it first (the "problem ball" of 8-ball strategy).
 */
export function ballsToGo(state: FrameState, p: PlayerId): number {
  const on = new Set(state.balls.map((b) => b.id));
  const count = (ids: readonly BallId[]) => {
    const mine = ids.filter((b) => on.has(b));
    return mine.length + mine.filter((b) => blocked(state, b)).length;
  };
  if (state.groups === null)
    return Math.min(count(ballsOf('solids')), count(ballsOf('stripes'))) + 1;
  return count(ballsOf(state.groups[p])) + 1;
}

/** True when no pocket can be reached from the ball in a straight line past the other object balls. */
export function blocked(state: FrameState, id: BallId): boolean {
  const balls = knownBalls(state);
  const b = balls.find((x) => x.id === id);
  if (!b) return false;
  const others = balls.filter((x) => x.id !== id && x.id !== CUE);
  return !POCKET_IDS.some((pocket) => pathClear(b, pocketAim(state.table, pocket), others));
}

export function knownBalls(state: FrameState): BallAt[] {
  return state.balls.filter((b) => b.x !== null && b.y !== null) as BallAt[];
}

/** Chance that the player to move makes his first shot from this position. */
export function firstShotChance(state: FrameState, level: Level): number {
  const p = state.turn;
  const balls = knownBalls(state);
  const targets = callableBalls(state, p);
  let best: number;
  if (state.ballInHand?.region === 'anywhere' || !balls.some((b) => b.id === CUE)) {
    best = bestInHandChance(state.table, balls, targets, level.noise);
  } else {
    const cue = balls.find((b) => b.id === CUE)!;
    const pots = straightPots(state.table, balls, cue, targets, level.noise);
    const first = pots[0];
    best = first?.chance ?? 0;
    // Flexibility (PickPocket weighed the best few next shots, docs/planner.md): a leave
    // with one good shot and nothing else on another ball is discounted by up
    // to 15 %, which also separates leaves whose best shot is near-certain.
    if (first && first.ball !== EIGHT && targets.length > 1) {
      const second = pots.find((g) => g.ball !== first.ball)?.chance ?? 0;
      best *= 0.85 + 0.15 * second;
    }
  }
  return best;
}

/** The value to the player to move of playing safe now (the race model's defence branch). */
export function safetyValue(state: FrameState, level: Level): number {
  const mover = state.turn;
  return positionValues(
    0,
    ballsToGo(state, mover),
    ballsToGo(state, opponent(mover)),
    level.routine,
    level.safetyReply,
  ).safe;
}

/** P(`me` wins the frame) from `state`, in [0, 1]. */
export function stateValue(state: FrameState, me: PlayerId, level: Level): number {
  if (state.result) return state.result.winner === me ? 1 : 0;
  if (state.phase === 'break') return 0.5; // a re-rack or stalemate: a fresh frame
  const mover = state.pending ? state.pending.player : state.turn;
  const other = opponent(mover);
  // A pending choice (R6, R8, R9) is worth about ball in hand to the chooser.
  const s = state.pending
    ? { ...state, turn: mover, ballInHand: { region: 'anywhere' as const, restricted: false } }
    : state;
  const p1 = firstShotChance(s, level);
  const v = positionValue(
    p1,
    ballsToGo(state, mover),
    ballsToGo(state, other),
    level.routine,
    level.safetyReply,
  );
  return mover === me ? v : 1 - v;
}
