import { callableBalls } from '../engine/adjudicate.js';
import { type BallId, ballsOf, CUE, EIGHT } from '../engine/ball.js';
import { type FrameState, opponent, type PlayerId } from '../engine/state.js';
import { POCKET_IDS } from '../engine/table.js';
import { type BallAt, bestInHandChance, positionValues, straightPots } from './estimate.js';
import { pathClear, pocketAim } from './geometry.js';
import type { Level } from './levels.js';
import { Routes } from './route.js';

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

/** The first balls a route is searched from: the likeliest pots of this many balls. */
const ROUTE_FIRSTS = 3;

/**
 * Flexibility (PickPocket weighed the best few next shots, docs/planner.md): a leave
 * with one good shot and nothing else on another ball is discounted by up
 * to 15 %, which also separates leaves whose best shot is near-certain.
 */
function withFlexibility(chance: number, second: number): number {
  return chance * (0.85 + 0.15 * second);
}

/** Chance that the player to move makes his first shot from this position. */
export function firstShotChance(state: FrameState, level: Level): number {
  return firstShot(state, level).chance;
}

/**
 * The first shot the player to move would play, its chance, and with a
 * route model (ai/route.ts) his chance of running the rest after it: the
 * first ball chosen for the chance of the whole run, not for its own alone.
 */
export function firstShot(state: FrameState, level: Level): { chance: number; runAfter?: number } {
  const p = state.turn;
  const balls = knownBalls(state);
  const targets = callableBalls(state, p);
  const inHand = state.ballInHand?.region === 'anywhere' || !balls.some((b) => b.id === CUE);
  const group: readonly BallId[] = state.groups ? ballsOf(state.groups[p]) : [];
  const route =
    level.route &&
    state.groups &&
    balls.filter((b) => group.includes(b.id)).length >= (level.route.fromBalls ?? 0)
      ? level.route
      : null;
  if (route) {
    // The best pot of each ball, best first.
    const options: { ball: BallId; chance: number }[] = [];
    if (inHand) {
      for (const id of targets) {
        const chance = bestInHandChance(state.table, balls, [id], level.noise);
        if (chance > 0) options.push({ ball: id, chance });
      }
      options.sort((x, y) => y.chance - x.chance || x.ball - y.ball);
    } else {
      const cue = balls.find((b) => b.id === CUE)!;
      for (const g of straightPots(state.table, balls, cue, targets, level.noise))
        if (!options.some((o) => o.ball === g.ball))
          options.push({ ball: g.ball, chance: g.chance });
    }
    if (options.length === 0) return { chance: 0, runAfter: 0 };
    // Of the likeliest few first balls, the one whose pot and route are worth most.
    const routes = new Routes(state.table, balls, group, level.noise, route);
    let best = options[0]!;
    let runAfter = -1;
    for (const o of options.slice(0, ROUTE_FIRSTS)) {
      const r = routes.chance(o.ball);
      if (runAfter < 0 || o.chance * r > best.chance * runAfter) {
        best = o;
        runAfter = r;
      }
    }
    const second = options.find((o) => o.ball !== best.ball)?.chance ?? 0;
    const flexible = !inHand && best.ball !== EIGHT && targets.length > 1;
    return { chance: flexible ? withFlexibility(best.chance, second) : best.chance, runAfter };
  }
  let best: number;
  if (inHand) {
    best = bestInHandChance(state.table, balls, targets, level.noise);
  } else {
    const cue = balls.find((b) => b.id === CUE)!;
    const pots = straightPots(state.table, balls, cue, targets, level.noise);
    const first = pots[0];
    best = first?.chance ?? 0;
    if (first && first.ball !== EIGHT && targets.length > 1)
      best = withFlexibility(best, pots.find((g) => g.ball !== first.ball)?.chance ?? 0);
  }
  return { chance: best };
}

/** The race model's two branches for the player to move with no shot (p1 = 0). */
function noShotValues(state: FrameState, level: Level): { attack: number; safe: number } {
  const mover = state.turn;
  return positionValues(
    0,
    ballsToGo(state, mover),
    ballsToGo(state, opponent(mover)),
    level.routine,
    level.safetyReply,
  );
}

/** The value to the player to move of playing safe now (the race model's defence branch). */
export function safetyValue(state: FrameState, level: Level): number {
  return noShotValues(state, level).safe;
}

/** The value to the player to move of going for a shot he cannot make: the race model's attack branch at p1 = 0. */
export function missValue(state: FrameState, level: Level): number {
  return noShotValues(state, level).attack;
}

/** P(`me` wins the frame) from `state`, in [0, 1]. */
export function stateValue(state: FrameState, me: PlayerId, level: Level): number {
  return stateValues(state, me, level).value;
}

/**
 * `value`: P(`me` wins the frame) from `state`, the mover choosing between
 * going for his first shot and playing safe (the race model's two branches).
 * `attack`: the same, but where `me` is at the table he goes for it: a leave
 * that gives him no shot is worth what missing is worth, not what a safety
 * is (ai/planner.ts, the choice among pots by their leaves).
 */
export function stateValues(
  state: FrameState,
  me: PlayerId,
  level: Level,
): { value: number; attack: number } {
  if (state.result) {
    const won = state.result.winner === me ? 1 : 0;
    return { value: won, attack: won };
  }
  if (state.phase === 'break') return { value: 0.5, attack: 0.5 }; // a re-rack or stalemate: a fresh frame
  const mover = state.pending ? state.pending.player : state.turn;
  const other = opponent(mover);
  // A pending choice (R6, R8, R9) is worth about ball in hand to the chooser.
  const s = state.pending
    ? { ...state, turn: mover, ballInHand: { region: 'anywhere' as const, restricted: false } }
    : state;
  const first = firstShot(s, level);
  const v = positionValues(
    first.chance,
    ballsToGo(state, mover),
    ballsToGo(state, other),
    level.routine,
    level.safetyReply,
    first.runAfter,
  );
  const value = Math.max(v.attack, v.safe);
  if (mover !== me) return { value: 1 - value, attack: 1 - value };
  return { value, attack: state.pending ? value : v.attack };
}
