import { type BallId, EIGHT, SOLIDS, STRIPES } from './ball.js';
import type { BallPosition } from './layout.js';
import { nextInt, type PrngState, shuffle } from './prng.js';
import { BALL_RADIUS, footSpot, type TableSize } from './table.js';

/**
 * Gap between neighbouring racked balls, m. Real racks are not frozen: balls
 * sit ~0.05–0.1 mm apart (docs/physics.md, "Frozen racks").
 */
export const RACK_GAP = 0.0001;

/**
 * The 15 positions of the triangle, row by row from the apex: row k has k+1
 * balls, apex on the foot spot and the base parallel to the foot rail (R3).
 * Index 4 is the centre of the third row (the 8's place); 10 and 14 are the
 * back corners.
 */
export function rackSlots(table: TableSize): { x: number; y: number }[] {
  const spot = footSpot(table);
  const d = 2 * BALL_RADIUS + RACK_GAP;
  const slots: { x: number; y: number }[] = [];
  for (let row = 0; row < 5; row++) {
    for (let j = 0; j <= row; j++) {
      slots.push({ x: spot.x + row * d * (Math.sqrt(3) / 2), y: spot.y + (j - row / 2) * d });
    }
  }
  return slots;
}

export const EIGHT_SLOT = 4;
export const BACK_CORNER_SLOTS = [10, 14] as const;

/**
 * A rack by R3: the 8 in the centre, a solid and a stripe in the back corners
 * (which corner takes which, and which solid and stripe, drawn by the PRNG),
 * the other twelve shuffled.
 */
export function rack(table: TableSize, rng: PrngState): [BallPosition[], PrngState] {
  const slots = rackSlots(table);
  const [solids, s1] = shuffle(SOLIDS, rng);
  const [stripes, s2] = shuffle(STRIPES, s1);
  const [flip, s3] = nextInt(s2, 2);
  const cornerSolid = solids.pop()!;
  const cornerStripe = stripes.pop()!;
  const [rest, s] = shuffle<BallId>([...solids, ...stripes], s3);
  const byslot: BallId[] = new Array(15);
  byslot[EIGHT_SLOT] = EIGHT;
  byslot[BACK_CORNER_SLOTS[0]] = flip ? cornerSolid : cornerStripe;
  byslot[BACK_CORNER_SLOTS[1]] = flip ? cornerStripe : cornerSolid;
  let k = 0;
  for (let i = 0; i < 15; i++) {
    if (byslot[i] === undefined) byslot[i] = rest[k++]!;
  }
  const balls = byslot.map((id, i) => ({ id, x: slots[i]!.x, y: slots[i]!.y }));
  balls.sort((p, q) => p.id - q.id);
  return [balls, s];
}
