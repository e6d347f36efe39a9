import { Type } from '@sinclair/typebox';
import { BallIdSchema } from './ball.js';
import { TableSizeSchema } from './table.js';
import { closed, type Wire } from './wireType.js';

/** A ball on the table at (x, y), metres (docs/wire.md "Balls and layouts"). */
export const BallPositionSchema = closed({
  id: BallIdSchema,
  x: Type.Number({ description: 'metres from the head rail (a finite number)' }),
  y: Type.Number({ description: 'metres from the right rail (a finite number)' }),
});
export type BallPosition = Wire<typeof BallPositionSchema>;

/**
 * The balls on a table. A ball not listed is off the table (pocketed).
 * Validated at the edge by `parseLayout` (sim/validate.ts): this shape, then
 * the geometry (no overlaps, every ball on the slate).
 */
export const LayoutSchema = closed(
  { table: TableSizeSchema, balls: Type.Array(BallPositionSchema) },
  { $id: 'Layout', description: 'the balls on a table (docs/wire.md "Balls and layouts")' },
);
export type Layout = Wire<typeof LayoutSchema>;

/** A layout as pool8 reads it: `table` may be left out and is then "9ft". */
export const LayoutInputSchema = closed(
  { table: Type.Optional(TableSizeSchema), balls: Type.Array(BallPositionSchema) },
  { $id: 'LayoutInput', description: 'a layout as input; table defaults to "9ft"' },
);
