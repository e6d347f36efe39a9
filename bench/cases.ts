import type { BallId } from '../engine/ball.js';
import type { BallPosition, Layout } from '../engine/layout.js';
import { seedState } from '../engine/prng.js';
import { rack, rackSlots } from '../engine/rack.js';
import type { Shot } from '../engine/shot.js';
import {
  BALL_RADIUS,
  type PocketId,
  type Point,
  pocketPoint,
  TABLE_DIMENSIONS,
  type TableSize,
} from '../engine/table.js';

/**
 * The benchmark cases (bench/README.md) as plain data: a layout and a shot each, on
 * the 9-ft table. `bench/main.ts` times every case twice, on the real
 * simulator (`sim/<name>`) and on the naive fixed-step planck yardstick
 * (`baseline/naive-planck-<name>`, bench/naivePlanck.ts).
 *
 * Every layout keeps each ball centre at least R + 2 cm from the cushion
 * noses (so the baseline's 1 cm Box2D edge skin never starts in contact) and
 * away from the pocket mouths; test/bench/cases.test.ts checks that the
 * simulator accepts each one and that no two balls overlap.
 */
export interface BenchCase {
  /** Short name: the bench entries are `sim/<name>` and `baseline/naive-planck-<name>`. */
  readonly name: string;
  /** One line for bench/README.md and the `--help` text. */
  readonly about: string;
  readonly layout: Layout;
  readonly shot: Shot;
  /**
   * What the shot is meant to do, checked on the simulator before timing
   * (bench/runners.ts) and by test/bench/bench.test.ts: the first ball the
   * cue ball hits, and the balls pocketed where (null: not checked, as for
   * the break, whose pots depend on the rack's chaos).
   */
  readonly intent: {
    readonly firstContact: BallId;
    readonly pocketed: readonly { readonly ball: BallId; readonly pocket: PocketId }[] | null;
  };
}

const TABLE = '9ft' as const;
const R = BALL_RADIUS;
const DEG = 180 / Math.PI;

/**
 * A cut shot by the ghost-ball method: the cue ball stands `distance` metres
 * from the ghost-ball position (the object ball's centre moved 2R back from
 * the pocket along the object-to-pocket line) and is aimed at it; the cue
 * line makes `cutDeg` degrees with the object-to-pocket line (positive: the
 * cue ball comes from the clockwise side). Ignores throw, so it aims a few
 * degrees thin at slow speed (docs/physics.md law 5) — fine for timing.
 */
function cutShot(
  object: Point,
  pocket: Point,
  cutDeg: number,
  distance: number,
): { cue: Point; phi: number } {
  const dx = pocket.x - object.x;
  const dy = pocket.y - object.y;
  const len = Math.hypot(dx, dy);
  const ux = dx / len;
  const uy = dy / len;
  const ghost = { x: object.x - 2 * R * ux, y: object.y - 2 * R * uy };
  const aim = Math.atan2(uy, ux) - cutDeg / DEG;
  return {
    cue: { x: ghost.x - distance * Math.cos(aim), y: ghost.y - distance * Math.sin(aim) },
    phi: aim * DEG,
  };
}

/** `sim/break`: the rack of `pool8 new-frame --seed 1`, cue ball in the kitchen. */
function breakCase(): BenchCase {
  const [balls] = rack(TABLE, seedState(1));
  const apex = rackSlots(TABLE)[0]!;
  const atApex = balls.find((b) => Math.hypot(b.x - apex.x, b.y - apex.y) < 1e-9)!;
  // 13.5 cm behind the head string (x < L/4 = 0.635), 13.5 cm right of centre.
  const cue = { id: 0 as BallId, x: 0.5, y: 0.5 };
  const phi = Math.atan2(apex.y - cue.y, apex.x - cue.x) * DEG;
  return {
    name: 'break',
    about:
      '16 balls: the seed-1 rack, cue ball in the kitchen at (0.5, 0.5), V = 10 m/s at the apex',
    layout: { table: TABLE, balls: [cue, ...balls] },
    shot: { phi, V: 10, a: 0, b: 0 },
    intent: { firstContact: atApex.id, pocketed: null },
  };
}

/**
 * `sim/simple-shot` (and `-8ft`, `-7ft`): the 1 cut 30° into the foot-left
 * corner from 0.9 m, at the same place relative to the foot rail and the
 * long string on every table, so the three differ only in the table's size.
 */
function simpleShotCase(table: TableSize): BenchCase {
  const { length: L, width: W } = TABLE_DIMENSIONS[table];
  // On 9 ft (2.54 × 1.27 m): (1.9, 0.85).
  const object = { x: L - 0.64, y: W / 2 + 0.215 };
  const { cue, phi } = cutShot(object, pocketPoint(table, 'FL'), 30, 0.9);
  return {
    name: table === TABLE ? 'simple-shot' : `simple-shot-${table}`,
    about: `cue ball + the 1 on the ${table} table: a 30° cut into the foot-left corner from 0.9 m, V = 2 m/s, centre ball`,
    layout: {
      table,
      balls: [
        { id: 0, x: cue.x, y: cue.y },
        { id: 1, x: object.x, y: object.y },
      ],
    },
    shot: { phi, V: 2, a: 0, b: 0 },
    intent: { firstContact: 1, pocketed: [{ ball: 1, pocket: 'FL' }] },
  };
}

/**
 * The mid-game table the planner entry values (bench/runners.ts
 * `planner/depth-2`), stripes to move: the table-shot case as it was until
 * 2026-12-03, kept as it was so that entry's figures stay comparable (its
 * 8 lies 8 mm off the cue line of the 10, so as a shot it hit the 8 first).
 */
export const PLANNER_LEAVE: Layout = Object.freeze({
  table: TABLE,
  balls: tableBalls({ x: 2.2, y: 0.3 }, { x: 1.95, y: 0.7 }),
});

function tableBalls(ten: Point, eight: Point): BallPosition[] {
  const W = TABLE_DIMENSIONS[TABLE].width;
  const { cue } = cutShot(ten, pocketPoint(TABLE, 'FR'), 20, 0.7);
  return [
    { id: 0, x: cue.x, y: cue.y },
    { id: 1, x: 1.6, y: 0.95 },
    { id: 3, x: 0.35, y: 0.3 },
    { id: 5, x: 1.1, y: 1.05 },
    { id: 8, x: eight.x, y: eight.y },
    { id: 9, x: 0.4, y: 0.9 },
    { id: 10, x: ten.x, y: ten.y },
    { id: 12, x: 1.0, y: 0.25 },
    { id: 14, x: 2.3, y: W - 0.2 },
    { id: 15, x: 1.75, y: 0.82 },
  ];
}

/**
 * `sim/table-shot`: a mid-game table, 9 object balls spread out; the shooter
 * (stripes) cuts the 10 about 20° into the foot-right corner with a little
 * draw, to bring the cue ball back up table for the next ball. The 8 lies
 * 22 cm beside the cue line, clear of the cue ball's path.
 */
function tableShotCase(): BenchCase {
  const ten = { x: 2.2, y: 0.3 };
  const { phi } = cutShot(ten, pocketPoint(TABLE, 'FR'), 20, 0.7);
  return {
    name: 'table-shot',
    about:
      '10 balls spread over the table: a 20° cut of the 10 into the foot-right corner, V = 2.5 m/s, a little draw (b = −0.2)',
    layout: { table: TABLE, balls: tableBalls(ten, { x: 2.05, y: 1.0 }) },
    shot: { phi, V: 2.5, a: 0, b: -0.2 },
    intent: { firstContact: 10, pocketed: [{ ball: 10, pocket: 'FR' }] },
  };
}

export const CASES: readonly BenchCase[] = Object.freeze([
  breakCase(),
  simpleShotCase('9ft'),
  simpleShotCase('8ft'),
  simpleShotCase('7ft'),
  tableShotCase(),
]);
