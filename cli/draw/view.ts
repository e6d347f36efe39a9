import { TABLE_DIMENSIONS, type TableSize } from '../../engine/table.js';

/**
 * The drawing's one transform (docs/drawing.md "Scale"): table metres
 * (docs/wire.md: x from the head rail, y from the right rail) to SVG pixels,
 * to scale, seen from above with the head rail on the left and the left
 * rail (y = W) at the top. `toTable` inverts it, for the tests.
 */
export interface View {
  readonly table: TableSize;
  readonly L: number;
  readonly W: number;
  /** Pixels per metre. */
  readonly scale: number;
  /** Pixel position of the head-right corner of the playing surface, x, and of the top nose, y. */
  readonly left: number;
  readonly top: number;
  /** Cushion rubber and wooden rail widths beyond the noses, m. */
  readonly cushion: number;
  readonly rail: number;
  /** Whole picture of the table (rails included), px. */
  readonly width: number;
  readonly height: number;
  X(x: number): number;
  Y(y: number): number;
  toTable(px: number, py: number): { x: number; y: number };
}

export const PX_PER_M = 400;
const CUSHION = 0.05;
const RAIL = 0.1;
const OUTSIDE = 10;

export function viewFor(table: TableSize, scale = PX_PER_M): View {
  const { length: L, width: W } = TABLE_DIMENSIONS[table];
  const edge = OUTSIDE + (CUSHION + RAIL) * scale;
  return {
    table,
    L,
    W,
    scale,
    left: edge,
    top: edge,
    cushion: CUSHION,
    rail: RAIL,
    width: 2 * edge + L * scale,
    height: 2 * edge + W * scale,
    X: (x) => edge + x * scale,
    Y: (y) => edge + (W - y) * scale,
    toTable: (px, py) => ({ x: (px - edge) / scale, y: W - (py - edge) / scale }),
  };
}

/** Pixel coordinates as written: 2 decimals, 0.025 mm at the default scale (the tests hold paths to 0.1 mm). */
export const px = (v: number): string => v.toFixed(2);
