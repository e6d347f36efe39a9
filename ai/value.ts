import { callableBalls } from '../engine/adjudicate.js';
import { ballsOf, CUE, EIGHT } from '../engine/ball.js';
import { type FrameState, opponent, type PlayerId } from '../engine/state.js';
import { type BallAt, bestInHandChance, positionValue, straightPots } from './estimate.js';
import type { Level } from './levels.js';

/**
 * The leave: an estimate of P(player wins the frame) from a state, for the
 * planner's score (issue 5: "value of the leave … with the opponent's
 * chances from the resulting position when the turn passes"). Both players
 * are assumed to play at `level`. The first shot's chance comes from the
 * geometry of the actual position (or ball in hand); the rest of the frame
 * from the race model (estimate.ts).
 */

/** Pots still needed by p: his group on the table and the 8; on an open table the smaller group. */
export function ballsToGo(state: FrameState, p: PlayerId): number {
  const on = new Set(state.balls.map((b) => b.id));
  if (state.groups === null) {
    const solids = ballsOf('solids').filter((b) => on.has(b)).length;
    const stripes = ballsOf('stripes').filter((b) => on.has(b)).length;
    return Math.min(solids, stripes) + 1;
  }
  return ballsOf(state.groups[p]).filter((b) => on.has(b)).length + 1;
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
    best = pots[0]?.chance ?? 0;
  }
  return best;
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

export { EIGHT };
