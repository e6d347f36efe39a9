import { dacos, datan2, dcos, dhypot } from '../engine/dmath.js';
import {
  BALL_RADIUS,
  type PocketId,
  type Point,
  pocketPoint,
  TABLE_DIMENSIONS,
  type TableSize,
} from '../engine/table.js';

/**
 * Plane geometry for shot generation: ghost balls, clear paths, pocket aim
 * points and the geometric difficulty of a pot. Angles in radians inside,
 * degrees at the Shot boundary (docs/wire.md).
 */
export const R = BALL_RADIUS;
export const D = 2 * BALL_RADIUS;

export interface Vec {
  x: number;
  y: number;
}

export const sub = (p: Point, q: Point): Vec => ({ x: p.x - q.x, y: p.y - q.y });
export const len = (v: Point): number => dhypot(v.x, v.y);
export const dist = (p: Point, q: Point): number => dhypot(p.x - q.x, p.y - q.y);
export const unit = (v: Point): Vec => {
  const l = dhypot(v.x, v.y);
  return l > 0 ? { x: v.x / l, y: v.y / l } : { x: 1, y: 0 };
};
export const dot = (p: Point, q: Point): number => p.x * q.x + p.y * q.y;
export const toDegrees = (rad: number): number => (rad * 180) / Math.PI;
export const angleOf = (v: Point): number => datan2(v.y, v.x);

/** Normalises degrees into [0, 360). */
export function normDeg(d: number): number {
  const r = d % 360;
  return r < 0 ? r + 360 : r;
}

/**
 * Where an object ball's centre should head to drop: a little inside the
 * pocket from the nominal corner / side point (docs/wire.md), so that the path
 * clears the jaws symmetrically. Corner: 1.0 R into the pocket along its
 * 45° axis; side: 1.0 R past the cushion line.
 */
export function pocketAim(table: TableSize, pocket: PocketId): Vec {
  const p = pocketPoint(table, pocket);
  const out = pocketAxis(table, pocket);
  return { x: p.x + out.x * R, y: p.y + out.y * R };
}

/** Unit vector pointing out of the table through the pocket's mouth (corner pockets open at 45°). */
export function pocketAxis(_table: TableSize, pocket: PocketId): Vec {
  const h = Math.SQRT1_2;
  switch (pocket) {
    case 'HR':
      return { x: -h, y: -h };
    case 'HL':
      return { x: -h, y: h };
    case 'FR':
      return { x: h, y: -h };
    case 'FL':
      return { x: h, y: h };
    case 'SR':
      return { x: 0, y: -1 };
    case 'SL':
      return { x: 0, y: 1 };
  }
}

/** Angle (radians) between a ball's path from `from` to the pocket's aim point and the pocket's axis. */
export function approachAngle(table: TableSize, pocket: PocketId, from: Point): number {
  const aim = pocketAim(table, pocket);
  return dacos(Math.max(-1, Math.min(1, dot(unit(sub(aim, from)), pocketAxis(table, pocket)))));
}

export function isSide(pocket: PocketId): boolean {
  return pocket === 'SR' || pocket === 'SL';
}

/**
 * Half-width of the window, in metres across the ball's path at the pocket,
 * within which a ball drops, as a function of the approach angle to the
 * pocket axis. A rough fit to the WPA mouths (corner 114–117 mm, side
 * 127–130 mm) less a ball's width and the jaws' rattle: corner ±25 mm head
 * on, side ±30 mm, both shrinking with the approach angle; side pockets
 * refuse angles past about 60°.
 */
export function pocketHalfWindow(pocket: PocketId, approach: number): number {
  const c = dcos(approach);
  if (isSide(pocket))
    return approach > (62 * Math.PI) / 180 ? 0 : 0.03 * Math.max(0, c) * Math.sqrt(Math.max(0, c));
  return approach > (70 * Math.PI) / 180 ? 0.004 : 0.029 * Math.max(0.25, c);
}

/** Distance from point p to the segment a→b. */
export function segmentDistance(p: Point, a: Point, b: Point): number {
  const ab = sub(b, a);
  const l2 = dot(ab, ab);
  const t = l2 > 0 ? Math.max(0, Math.min(1, dot(sub(p, a), ab) / l2)) : 0;
  return dist(p, { x: a.x + t * ab.x, y: a.y + t * ab.y });
}

/** True when a ball can roll from a to b with no ball of `others` in the way (centres ≥ 2R from the path). */
export function pathClear(a: Point, b: Point, others: readonly Point[], margin = 0): boolean {
  for (const o of others) if (segmentDistance(o, a, b) < D + margin) return false;
  return true;
}

/** Ghost-ball position: where the cue ball's centre must be at impact to send `ball` toward `target`. */
export function ghostBall(ball: Point, target: Point): Vec {
  const u = unit(sub(ball, target));
  return { x: ball.x + u.x * D, y: ball.y + u.y * D };
}

/** The cut angle (radians) between the cue ball's path to the ghost and the object ball's path. */
export function cutAngle(cue: Point, ghost: Point, ball: Point, target: Point): number {
  const a = unit(sub(ghost, cue));
  const b = unit(sub(target, ball));
  return dacos(Math.max(-1, Math.min(1, dot(a, b))));
}

/** True when a point is on the playing surface with room for a ball. */
export function onTable(table: TableSize, p: Point, margin = R): boolean {
  const { length: L, width: W } = TABLE_DIMENSIONS[table];
  return p.x >= margin && p.x <= L - margin && p.y >= margin && p.y <= W - margin;
}

export type RailName = 'head' | 'foot' | 'right' | 'left';
export const RAILS: readonly RailName[] = ['head', 'foot', 'right', 'left'];

/**
 * Mirror of a point across a rail's line of ball centres (the cushion nose
 * offset by R): the image method for one-rail banks and kicks.
 */
export function mirrorAcrossRail(table: TableSize, p: Point, rail: RailName): Vec {
  const { length: L, width: W } = TABLE_DIMENSIONS[table];
  switch (rail) {
    case 'head':
      return { x: 2 * R - p.x, y: p.y };
    case 'foot':
      return { x: 2 * (L - R) - p.x, y: p.y };
    case 'right':
      return { x: p.x, y: 2 * R - p.y };
    case 'left':
      return { x: p.x, y: 2 * (W - R) - p.y };
  }
}

/** Where the straight line a→b (b a mirror image) meets the rail's line of centres. */
export function railPoint(table: TableSize, a: Point, image: Point, rail: RailName): Vec | null {
  const { length: L, width: W } = TABLE_DIMENSIONS[table];
  const horizontal = rail === 'right' || rail === 'left';
  const c = rail === 'head' ? R : rail === 'foot' ? L - R : rail === 'right' ? R : W - R;
  const da = horizontal ? image.y - a.y : image.x - a.x;
  if (Math.abs(da) < 1e-9) return null;
  const t = (c - (horizontal ? a.y : a.x)) / da;
  if (t <= 0 || t >= 1) return null;
  return { x: a.x + t * (image.x - a.x), y: a.y + t * (image.y - a.y) };
}
