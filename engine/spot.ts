import type { BallId } from './ball.js';
import type { TableBall } from './state.js';
import { BALL_RADIUS, footSpot, TABLE_DIMENSIONS, type TableSize } from './table.js';

/**
 * Re-spotting (R9, R18 and the reading "Jumped balls and the spotted 8"):
 * balls go on the long string in numerical order, each on the foot spot or,
 * when that is taken, on the long string behind the obstruction toward the
 * foot rail as near the foot spot as possible. When there is no room toward
 * the foot rail, the nearest free place toward the head rail is used (the
 * BCA/WPA practice; our text is silent). Balls whose position is unknown
 * cannot obstruct.
 */
export function spotBalls(
  table: TableSize,
  balls: readonly TableBall[],
  ids: readonly BallId[],
): TableBall[] {
  const { length: L, width: W } = TABLE_DIMENSIONS[table];
  const R = BALL_RADIUS;
  const y = W / 2;
  const spot = footSpot(table).x;
  const placed: TableBall[] = [];
  const obstacles = balls.filter((b) => b.x !== null && b.y !== null) as {
    id: BallId;
    x: number;
    y: number;
  }[];
  for (const id of [...ids].sort((a, b) => a - b)) {
    const x = freeX(spot, 1, L - R) ?? freeX(spot, -1, R) ?? spot;
    const ball = { id, x, y };
    placed.push(ball);
    obstacles.push(ball);
  }
  return placed;

  /** Walks along the long string from `x0` in direction `dir` to the first free point. */
  function freeX(x0: number, dir: 1 | -1, limit: number): number | null {
    let x = x0;
    for (let guard = 0; guard < 64; guard++) {
      if (dir * (x - limit) > 1e-12) return null;
      const blocker = obstacles.find(
        (o) => (o.x - x) * (o.x - x) + (o.y - y) * (o.y - y) < 4 * R * R - 1e-12,
      );
      if (!blocker) return x;
      // Just beyond the blocker along the string: |x − ox|² + dy² = (2R)².
      const dy = blocker.y - y;
      x = blocker.x + dir * (Math.sqrt(Math.max(0, 4 * R * R - dy * dy)) + 1e-9);
    }
    return null;
  }
}
