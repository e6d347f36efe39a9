import { dcos, dsin } from '../engine/dmath.js';
import type { Rail } from '../engine/shotEvent.js';
import { type PocketId, TABLE_DIMENSIONS, type TableSize } from '../engine/table.js';
import type { PhysicsParams } from './params.js';

/**
 * The cushion and pocket geometry of one table, as flat data in the
 * simulator's internal frame: origin at the table centre (x' = x − L/2,
 * y' = y − W/2), so that mirroring y → W − y is an exact sign flip and the
 * mirror test holds to the last bit the maths allows.
 *
 * - Cushion noses are segments at the playing-surface boundary (docs/wire.md): a
 *   ball centre reaches them at distance R. The nose is at cushion height
 *   (docs/physics.md: 1.27 R), which only the cushion impulse (sim/cushion.ts) sees.
 * - Each pocket has two jaw faces leaving the nose at the WPA cut angle
 *   (corner 142°, side 104°; docs/physics.md) from tips one mouth width apart,
 *   and a convex jaw tip (a point) where nose and jaw meet.
 * - The slate cut is a circle on the pocket axis whose near edge lies one
 *   shelf (WPA) behind the mouth line. A ball drops when its centre passes
 *   over that edge; a ball that only reaches the jaws bounces off them and
 *   can rattle out. No sensor circles at the corners.
 */
export interface Segment {
  /** Start point, direction (unit) and length. */
  readonly px: number;
  readonly py: number;
  readonly ux: number;
  readonly uy: number;
  readonly len: number;
  /** Unit normal pointing to the side the ball is on. */
  readonly nx: number;
  readonly ny: number;
  readonly rail: Rail;
}

export interface Vertex {
  readonly x: number;
  readonly y: number;
}

export interface Hole {
  readonly x: number;
  readonly y: number;
  readonly r: number;
  readonly pocket: PocketId;
}

export interface TableGeometry {
  readonly table: TableSize;
  readonly length: number;
  readonly width: number;
  readonly segments: readonly Segment[];
  readonly vertices: readonly Vertex[];
  readonly holes: readonly Hole[];
  /** Head string in the internal frame: x' = L/4 − L/2. */
  readonly headStringX: number;
}

function seg(
  ax: number,
  ay: number,
  bx: number,
  by: number,
  sideX: number,
  sideY: number,
  rail: Rail,
): Segment {
  const dx = bx - ax;
  const dy = by - ay;
  const len = Math.sqrt(dx * dx + dy * dy);
  const ux = dx / len;
  const uy = dy / len;
  // Of the two normals, take the one toward (sideX, sideY): the ball's side
  // (for a jaw, back along the nose toward the pocket).
  let nx = -uy;
  let ny = ux;
  if (nx * sideX + ny * sideY < 0) {
    nx = -nx;
    ny = -ny;
  }
  return { px: ax, py: ay, ux, uy, len, nx, ny, rail };
}

const DEG = Math.PI / 180;

/**
 * Jaws and hole of the pocket at the head-right corner (HR) and the right
 * side (SR) in the internal frame; the other four are exact mirror images.
 */
function pocketParts(
  L: number,
  W: number,
  p: PhysicsParams,
): { segments: Segment[]; vertices: Vertex[]; holes: Hole[] } {
  const hl = L / 2;
  const hw = W / 2;
  const segments: Segment[] = [];
  const vertices: Vertex[] = [];
  const holes: Hole[] = [];
  const c = dcos(p.cornerCut * DEG);
  const s = dsin(p.cornerCut * DEG);
  // Corner HR: tips one mouth width apart across the 45° mouth.
  const d = p.cornerMouth / Math.SQRT2;
  const axisX = -Math.SQRT1_2;
  const axisY = -Math.SQRT1_2;
  const depth = p.cornerShelf + 2 * p.cornerHoleRadius;
  // Tip on the right rail (y' = −hw): nose runs +x away from the pocket, rubber is −y.
  {
    const tx = -hl + d;
    const ty = -hw;
    const jx = c * 1 + s * 0;
    const jy = c * 0 + s * -1;
    const len = depth / (jx * axisX + jy * axisY);
    segments.push(seg(tx, ty, tx + jx * len, ty + jy * len, -1, 0, 'jaw'));
    vertices.push({ x: tx, y: ty });
  }
  // Tip on the head rail (x' = −hl): nose runs +y away from the pocket, rubber is −x.
  {
    const tx = -hl;
    const ty = -hw + d;
    const jx = c * 0 + s * -1;
    const jy = c * 1 + s * 0;
    const len = depth / (jx * axisX + jy * axisY);
    segments.push(seg(tx, ty, tx + jx * len, ty + jy * len, 0, -1, 'jaw'));
    vertices.push({ x: tx, y: ty });
  }
  {
    const mx = -hl + d / 2;
    const my = -hw + d / 2;
    const k = p.cornerShelf + p.cornerHoleRadius;
    holes.push({ x: mx + axisX * k, y: my + axisY * k, r: p.cornerHoleRadius, pocket: 'HR' });
  }
  // Side SR at (0, −hw): tips at x' = ±mouth/2.
  const cs = dcos(p.sideCut * DEG);
  const ss = dsin(p.sideCut * DEG);
  const sdepth = p.sideShelf + 2 * p.sideHoleRadius;
  for (const sign of [1, -1]) {
    const tx = (sign * p.sideMouth) / 2;
    const ty = -hw;
    const jx = sign * cs;
    const jy = -ss;
    const len = sdepth / -jy;
    segments.push(seg(tx, ty, tx + jx * len, ty + jy * len, -sign, 0, 'jaw'));
    vertices.push({ x: tx, y: ty });
  }
  holes.push({ x: 0, y: -hw - p.sideShelf - p.sideHoleRadius, r: p.sideHoleRadius, pocket: 'SR' });
  return { segments, vertices, holes };
}

function mirrorSeg(q: Segment, fx: number, fy: number): Segment {
  return {
    px: q.px * fx,
    py: q.py * fy,
    ux: q.ux * fx,
    uy: q.uy * fy,
    len: q.len,
    nx: q.nx * fx,
    ny: q.ny * fy,
    rail: q.rail,
  };
}

const MIRROR_Y: Record<PocketId, PocketId> = {
  HR: 'HL',
  HL: 'HR',
  SR: 'SL',
  SL: 'SR',
  FR: 'FL',
  FL: 'FR',
};
const MIRROR_X: Record<PocketId, PocketId> = {
  HR: 'FR',
  FR: 'HR',
  HL: 'FL',
  FL: 'HL',
  SR: 'SR',
  SL: 'SL',
};

export function buildTableGeometry(table: TableSize, p: PhysicsParams): TableGeometry {
  const { length: L, width: W } = TABLE_DIMENSIONS[table];
  const hl = L / 2;
  const hw = W / 2;
  const d = p.cornerMouth / Math.SQRT2;
  const sm = p.sideMouth / 2;
  const segments: Segment[] = [
    // Cushion noses: docs/wire.md rails; y' = −hw is the right rail, x' = −hl the head rail.
    seg(-hl + d, -hw, -sm, -hw, 0, 1, 'right'),
    seg(sm, -hw, hl - d, -hw, 0, 1, 'right'),
    seg(-hl + d, hw, -sm, hw, 0, -1, 'left'),
    seg(sm, hw, hl - d, hw, 0, -1, 'left'),
    seg(-hl, -hw + d, -hl, hw - d, 1, 0, 'head'),
    seg(hl, -hw + d, hl, hw - d, -1, 0, 'foot'),
  ];
  const vertices: Vertex[] = [];
  const holes: Hole[] = [];
  const base = pocketParts(L, W, p);
  // Quadrants in a fixed order: as built (HR, SR), mirrored in y (HL, SL), in x (FR), both (FL).
  const mirrors: [number, number][] = [
    [1, 1],
    [1, -1],
    [-1, 1],
    [-1, -1],
  ];
  for (const [fx, fy] of mirrors) {
    base.segments.forEach((q, i) => {
      // Side-pocket jaws (indices 2, 3) are only built for fx = 1.
      if (i >= 2 && fx === -1) return;
      segments.push(mirrorSeg(q, fx, fy));
    });
    base.vertices.forEach((v, i) => {
      if (i >= 2 && fx === -1) return;
      vertices.push({ x: v.x * fx, y: v.y * fy });
    });
    base.holes.forEach((h, i) => {
      if (i >= 1 && fx === -1) return;
      let pocket = h.pocket;
      if (fy === -1) pocket = MIRROR_Y[pocket];
      if (fx === -1) pocket = MIRROR_X[pocket];
      holes.push({ x: h.x * fx, y: h.y * fy, r: h.r, pocket });
    });
  }
  return { table, length: L, width: W, segments, vertices, holes, headStringX: L / 4 - hl };
}
