import type { BallId } from './ball.js';
import type { TableSize } from './table.js';

/** A ball on the table at (x, y), metres (wire.md "Balls and layouts"). */
export interface BallPosition {
  readonly id: BallId;
  readonly x: number;
  readonly y: number;
}

/**
 * The balls on a table. A ball not listed is off the table (pocketed).
 * Validated at the edge by `parseLayout` (engine/layoutCheck.ts).
 */
export interface Layout {
  readonly table: TableSize;
  readonly balls: readonly BallPosition[];
}
