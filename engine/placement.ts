import { type BallId, CUE } from './ball.js';
import { dhypot } from './dmath.js';
import { type EngineError, engineError } from './errors.js';
import { err, ok, type Result } from './result.js';
import type { BallInHand, TableBall } from './state.js';
import { BALL_RADIUS, headStringX, inKitchen, TABLE_DIMENSIONS, type TableSize } from './table.js';

/**
 * Where the cue ball in hand may go (R15): anywhere inside the cushions not
 * overlapping a ball; after a foul on the break only behind the head string
 * (R7, R8, R9, R15). "Behind the head string" means the ball's centre is
 * short of x = L/4: on the head string is not behind it (docs/wire.md: the
 * kitchen is x < L/4; docs/rules.md reading "Behind the head string").
 */
export function checkPlacement(
  table: TableSize,
  inHand: BallInHand,
  balls: readonly TableBall[],
  at: { x: number; y: number },
): Result<{ x: number; y: number }, EngineError> {
  const { length: L, width: W } = TABLE_DIMENSIONS[table];
  const R = BALL_RADIUS;
  if (at.x < R || at.x > L - R || at.y < R || at.y > W - R) {
    return err(engineError('E_PLACEMENT_OFF_TABLE', `(${at.x}, ${at.y})`, { ball: CUE }));
  }
  if (inHand.region === 'kitchen' && !inKitchen(table, at.x)) {
    return err(
      engineError('E_PLACEMENT_OUTSIDE_KITCHEN', `x = ${at.x} ≥ ${headStringX(table)}`, {
        ball: CUE,
      }),
    );
  }
  for (const b of balls) {
    if (b.id === CUE || b.x === null || b.y === null) continue;
    const d = dhypot(b.x - at.x, b.y - at.y);
    if (d < 2 * R) {
      return err(
        engineError('E_PLACEMENT_OVERLAP', `ball ${b.id} is ${(d * 1000).toFixed(1)} mm away`, {
          ball: b.id,
        }),
      );
    }
  }
  return ok(at);
}

/** Object balls whose centre lies behind the head string: R7's forbidden direct targets. */
export function ballsBehindHeadString(table: TableSize, balls: readonly TableBall[]): BallId[] {
  return balls
    .filter((b) => b.id !== CUE && b.x !== null && inKitchen(table, b.x))
    .map((b) => b.id);
}
