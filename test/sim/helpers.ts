import type { BallId } from '../../engine/ball.js';
import type { BallPosition, Layout } from '../../engine/layout.js';
import { TABLE_DIMENSIONS, type TableSize } from '../../engine/table.js';
import { DEFAULT_PHYSICS } from '../../sim/params.js';
import { nextFloat, type Prng, prng } from '../../sim/prng.js';

export const P = DEFAULT_PHYSICS;
export const R = P.R;
export const L9 = TABLE_DIMENSIONS['9ft'].length;
export const W9 = TABLE_DIMENSIONS['9ft'].width;
export const DEG = Math.PI / 180;
export const deg = (r: number): number => r / DEG;

/** Rack order: 1 at the apex, 8 in the middle of the third row, a solid and a stripe in the back corners. */
const RACK_ORDER: BallId[] = [1, 9, 2, 10, 8, 3, 11, 4, 12, 5, 13, 6, 14, 7, 15];

/**
 * A standard 15-ball rack: apex on the foot spot (3L/4, W/2), rows toward the
 * foot rail, neighbours 0.1 mm apart plus a seeded ±0.025 mm jitter in x and
 * y, so every gap is about 0.05–0.15 mm (docs/physics.md "Frozen racks").
 */
export function rack(rng: Prng, table: TableSize = '9ft'): BallPosition[] {
  const { length: L, width: W } = TABLE_DIMENSIONS[table];
  const d = 2 * R + 1e-4;
  const out: BallPosition[] = [];
  let k = 0;
  for (let row = 0; row < 5; row++) {
    for (let j = 0; j <= row; j++) {
      out.push({
        id: RACK_ORDER[k++]!,
        x: 0.75 * L + (row * d * Math.sqrt(3)) / 2 + (nextFloat(rng) - 0.5) * 5e-5,
        y: W / 2 + (j - row / 2) * d + (nextFloat(rng) - 0.5) * 5e-5,
      });
    }
  }
  return out;
}

/** A seeded break: cue ball in the kitchen, aimed near the apex, V in [8, 11] m/s. */
export function breakShot(seed: number): { layout: Layout; shot: { phi: number; V: number } } {
  const rng = prng(seed);
  const balls = rack(rng);
  const cx = 0.5;
  const cy = W9 / 2 + (nextFloat(rng) - 0.5) * 0.3;
  const phi = deg(Math.atan2(W9 / 2 - cy, 0.75 * L9 - cx)) + (nextFloat(rng) - 0.5) * 0.5;
  const V = 8 + 3 * nextFloat(rng);
  return { layout: { table: '9ft', balls: [{ id: 0, x: cx, y: cy }, ...balls] }, shot: { phi, V } };
}

export function angleBetween(ax: number, ay: number, bx: number, by: number): number {
  return deg(Math.atan2(ax * by - ay * bx, ax * bx + ay * by));
}
