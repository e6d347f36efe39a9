import { type BallId, CUE } from '../engine/ball.js';
import { dcos, dexp, dpowInt } from '../engine/dmath.js';
import type { PocketId, Point, TableSize } from '../engine/table.js';
import { POCKET_IDS } from '../engine/table.js';
import {
  angleOf,
  approachAngle,
  cutAngle,
  D,
  dist,
  ghostBall,
  pathClear,
  pocketAim,
  pocketHalfWindow,
  sub,
  toDegrees,
} from './geometry.js';
import type { Noise } from './levels.js';

/**
 * Geometric chance of a straight-in pot under aim noise — the planner's
 * cheap model, used to pre-rank candidates and to value a leave (PickPocket
 * compared Monte Carlo search with exactly this kind of "probabilistic
 * search" over shot-geometry tables; docs/planner.md). Sampling, not this model,
 * decides the shot.
 *
 * An aim error δφ moves the cue ball's centre sideways by d_cue·δφ at the
 * object ball, which turns the line of centres by d_cue·δφ / (2R cos α)
 * (α the cut angle); the object ball drops when its direction error stays
 * within the pocket's half-window seen from the ball, w / d_obj. So the aim
 * tolerance is w·2R·cos α / (d_obj·d_cue) and P = erf(tol / (σφ √2)).
 */
export interface PotGeometry {
  readonly ball: BallId;
  readonly pocket: PocketId;
  readonly ghost: Point;
  /** Aim direction from the cue ball to the ghost ball, degrees. */
  readonly phi: number;
  readonly cut: number;
  readonly dCue: number;
  readonly dObj: number;
  readonly chance: number;
}

/** erf by Abramowitz–Stegun 7.1.26 (|error| < 1.5e-7). */
export function erf(x: number): number {
  const s = x < 0 ? -1 : 1;
  const t = 1 / (1 + 0.3275911 * Math.abs(x));
  const y =
    1 -
    ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) *
      t *
      dexp(-x * x);
  return s * y;
}

const MAX_CUT = (80 * Math.PI) / 180;

export function potChance(
  noise: Noise,
  cut: number,
  dCue: number,
  dObj: number,
  window: number,
): number {
  if (cut > MAX_CUT || window <= 0) return 0;
  const tol = (window * D * dcos(cut)) / (Math.max(dObj, D) * Math.max(dCue, D));
  const sigma = (noise.phi * Math.PI) / 180;
  // Thin cuts also suffer from speed and spin noise (throw varies): a mild extra penalty.
  const thin = cut > (65 * Math.PI) / 180 ? 0.7 : 1;
  return erf(tol / (sigma * Math.SQRT2)) * thin;
}

export interface BallAt {
  readonly id: BallId;
  readonly x: number;
  readonly y: number;
}

/** Every straight-in pot of `targets` from the cue ball at `cue`, with its geometric chance. */
export function straightPots(
  table: TableSize,
  balls: readonly BallAt[],
  cue: Point,
  targets: readonly BallId[],
  noise: Noise,
): PotGeometry[] {
  const out: PotGeometry[] = [];
  for (const id of targets) {
    const b = balls.find((x) => x.id === id);
    if (!b) continue;
    const others = balls.filter((x) => x.id !== id && x.id !== CUE);
    for (const pocket of POCKET_IDS) {
      const aim = pocketAim(table, pocket);
      const ghost = ghostBall(b, aim);
      const cut = cutAngle(cue, ghost, b, aim);
      if (cut > MAX_CUT) continue;
      if (!pathClear(b, aim, others)) continue;
      if (!pathClear(cue, ghost, others)) continue;
      const dObj = dist(b, aim);
      const dCue = dist(cue, ghost);
      const approach = approachAngle(table, pocket, b);
      const chance = potChance(noise, cut, dCue, dObj, pocketHalfWindow(pocket, approach));
      if (chance <= 0) continue;
      out.push({
        ball: id,
        pocket,
        ghost,
        phi: toDegrees(angleOf(sub(ghost, cue))),
        cut,
        dCue,
        dObj,
        chance,
      });
    }
  }
  return out.sort((p, q) => q.chance - p.chance || p.ball - q.ball);
}

/**
 * The best pot chance with the cue ball in hand: the cue ball placed on the
 * extension of the pocket line behind the ball, about 25 cm away, a small
 * cut for position (what CueCard did, docs/planner.md).
 */
export function bestInHandChance(
  table: TableSize,
  balls: readonly BallAt[],
  targets: readonly BallId[],
  noise: Noise,
): number {
  let best = 0;
  for (const id of targets) {
    const b = balls.find((x) => x.id === id);
    if (!b) continue;
    const others = balls.filter((x) => x.id !== id && x.id !== CUE);
    for (const pocket of POCKET_IDS) {
      const aim = pocketAim(table, pocket);
      if (!pathClear(b, aim, others)) continue;
      const dObj = dist(b, aim);
      const approach = approachAngle(table, pocket, b);
      best = Math.max(best, potChance(noise, 0.15, 0.25, dObj, pocketHalfWindow(pocket, approach)));
    }
  }
  return best;
}

/**
 * The race model: the player to move needs `a` more pots (his group and the
 * 8), the opponent `b`, and each makes a routine shot with chance q. With
 * r_n = qⁿ the chance of running n balls in one inning, the mover wins with
 * W(a, b) = r_a / (1 − (1 − r_a)(1 − r_b)) (solving W(a,b) = r_a + (1 − r_a)(1 − W(b,a))).
 */
export function raceWin(a: number, b: number, q: number): number {
  if (a <= 0) return 1;
  if (b <= 0) return 0;
  const ra = dpowInt(q, a);
  const rb = dpowInt(q, b);
  // 1 − (1 − r_a)(1 − r_b) written as r_a + r_b − r_a r_b: no cancellation when both are tiny.
  return ra / (ra + rb - ra * rb);
}

/**
 * Value of being to move with a first-shot chance p1, needing a more balls
 * against b: go for it (make it and continue, or miss and leave the opponent
 * to move from an ordinary position), or play safe and leave him a first shot
 * of chance `reply` — whichever is worth more (the mover chooses).
 */
export function positionValue(
  p1: number,
  a: number,
  b: number,
  q: number,
  reply: number,
  runAfter?: number,
): number {
  const v = positionValues(p1, a, b, q, reply, runAfter);
  return Math.max(v.attack, v.safe);
}

/** The two branches of positionValue: going for the pot, and playing safe. */
export function positionValues(
  p1: number,
  a: number,
  b: number,
  q: number,
  reply: number,
  runAfter?: number,
): { attack: number; safe: number } {
  // After the first pot the mover runs the rest with chance `runAfter` (a
  // route, ai/route.ts) or, by default, q for each of the a − 1 balls.
  const after = runAfter === undefined ? raceWin(a - 1, b, q) : raceWinFrom(runAfter, q ** b);
  return {
    attack: p1 * after + (1 - p1) * (1 - raceWin(b, a, q)),
    safe: 1 - (reply * raceWin(b - 1, a, q) + (1 - reply) * (1 - raceWin(a, b, q))),
  };
}

/** raceWin from the two players' chances of running out in one inning. */
export function raceWinFrom(ra: number, rb: number): number {
  if (ra >= 1) return 1;
  if (rb >= 1 && ra <= 0) return 0;
  return ra / (ra + rb - ra * rb);
}
