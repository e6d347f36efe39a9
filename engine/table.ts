import { Type } from '@sinclair/typebox';
/**
 * Table geometry shared by the referee and the simulator
 * (docs/wire.md "Table coordinates", docs/physics.md).
 * Metres; origin at the head-right corner of the playing surface bounded by
 * the cushion noses; x along the length toward the foot rail, y across toward
 * the left rail.
 */
export const TABLE_SIZES = ['9ft', '8ft', '7ft'] as const;
export type TableSize = (typeof TABLE_SIZES)[number];
export const DEFAULT_TABLE: TableSize = '9ft';
export const TableSizeSchema = Type.Unsafe<TableSize>(
  Type.Union(
    TABLE_SIZES.map((t) => Type.Literal(t)),
    { description: '"9ft", "8ft" or "7ft"' },
  ),
);

export interface TableDimensions {
  /** Playing length L between cushion noses, m. */
  readonly length: number;
  /** Playing width W between cushion noses, m. */
  readonly width: number;
}

/** WPA playing surfaces (9-ft, 8-ft) and the common 7-ft bar table (docs/physics.md). */
export const TABLE_DIMENSIONS: Readonly<Record<TableSize, TableDimensions>> = {
  '9ft': { length: 2.54, width: 1.27 },
  '8ft': { length: 2.337, width: 1.168 },
  '7ft': { length: 1.981, width: 0.991 },
};

/** Ball radius, m: WPA 57.15 mm diameter (docs/physics.md). */
export const BALL_RADIUS = 0.028575;

export const POCKET_IDS = ['HR', 'HL', 'SR', 'SL', 'FR', 'FL'] as const;
export type PocketId = (typeof POCKET_IDS)[number];
export const PocketIdSchema = Type.Unsafe<PocketId>(
  Type.Union(
    POCKET_IDS.map((p) => Type.Literal(p)),
    { description: 'a pocket: HR, HL, SR, SL, FR or FL' },
  ),
);

export interface Point {
  readonly x: number;
  readonly y: number;
}

export function isTableSize(x: unknown): x is TableSize {
  return typeof x === 'string' && (TABLE_SIZES as readonly string[]).includes(x);
}

export function isPocketId(x: unknown): x is PocketId {
  return typeof x === 'string' && (POCKET_IDS as readonly string[]).includes(x);
}

/** The nominal pocket point of docs/wire.md: the corner or the middle of a long rail. */
export function pocketPoint(table: TableSize, pocket: PocketId): Point {
  const { length: L, width: W } = TABLE_DIMENSIONS[table];
  switch (pocket) {
    case 'HR':
      return { x: 0, y: 0 };
    case 'HL':
      return { x: 0, y: W };
    case 'SR':
      return { x: L / 2, y: 0 };
    case 'SL':
      return { x: L / 2, y: W };
    case 'FR':
      return { x: L, y: 0 };
    case 'FL':
      return { x: L, y: W };
  }
}

/** Head string x = L/4; the kitchen is x < L/4 (docs/wire.md, R6, R7). */
export function headStringX(table: TableSize): number {
  return TABLE_DIMENSIONS[table].length / 4;
}

/**
 * Whether a ball's centre at `x` is behind the head string, in the kitchen
 * (R6, R7, R15). Strictly: a ball exactly on the head string is not behind
 * it (docs/rules.md, reading "Behind the head string").
 */
export function inKitchen(table: TableSize, x: number): boolean {
  return x < headStringX(table);
}

/** Foot spot (3L/4, W/2), where the apex ball stands (R3). */
export function footSpot(table: TableSize): Point {
  const { length: L, width: W } = TABLE_DIMENSIONS[table];
  return { x: (3 * L) / 4, y: W / 2 };
}

/** Mirror across the long axis (y → W − y): the symmetry the tests use. */
export function mirrorPocket(pocket: PocketId): PocketId {
  const m: Record<PocketId, PocketId> = {
    HR: 'HL',
    HL: 'HR',
    SR: 'SL',
    SL: 'SR',
    FR: 'FL',
    FL: 'FR',
  };
  return m[pocket];
}
