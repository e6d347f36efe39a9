import { type BallId, CUE, EIGHT } from '../engine/ball.js';
import { POCKET_IDS, type Point, type TableSize } from '../engine/table.js';
import { type BallAt, potChance } from './estimate.js';
import {
  approachAngle,
  D,
  dist,
  pocketAim,
  pocketHalfWindow,
  segmentDistance,
  unit,
} from './geometry.js';
import type { Noise } from './levels.js';

/**
 * The route: the chance of running the rest of a group and the 8 once the
 * first of them is down, from the order the balls are played in ("three
 * balls ahead", as strong players plan a run). The race model (estimate.ts)
 * prices every ball after the first at one routine chance q; a route prices
 * each step from where the last ball was potted to the next ball:
 *
 * - the cue ball is played to a spot `SPOT` behind the next ball on one of
 *   its pocket lines (the ball-in-hand spot of `bestInHandChance`), and the
 *   farther it travels from the last ball to get there, the less exactly it
 *   arrives: the shot is priced as if the cue ball stood `SPOT + κ·travel`
 *   from the ball (κ the model's `travel`);
 * - a ball with no clear pocket when its turn comes (a ball still on the
 *   table in the way) is priced at `blocked`: it needs a break-out or a
 *   bank first;
 * - each step is scaled by `routine`, for the misses and kisses the
 *   geometry does not see.
 *
 * The best order is searched exactly over up to `EXACT` balls before the 8
 * and greedily beyond; the 8 comes last (R1).
 */
export interface RouteModel {
  /** κ: the extra shot length per metre the cue ball travels for position. */
  readonly travel: number;
  /** The chance of a step onto a ball with no clear pocket. */
  readonly blocked: number;
  /** The chance of a geometrically certain step. */
  readonly routine: number;
  /** Routes are searched only while the mover has at least this many balls of his group on the table; absent: always. */
  readonly fromBalls?: number;
}

/** The cue ball's distance behind the next ball at the ideal spot, metres (as `bestInHandChance`). */
const SPOT = 0.25;

/** The cut of a position shot at the ideal spot, radians (as `bestInHandChance`). */
const SPOT_CUT = 0.15;

/** Up to this many balls before the 8 the order is searched exactly (3! = 6 orders). */
const EXACT = 3;

/** One pocket line of a route ball: where the cue ball should stop for it, and what blocks it. */
interface Line {
  readonly spot: Point;
  readonly dObj: number;
  readonly window: number;
  /** Bit i set: object ball i of the layout is in the ball's way to the pocket. */
  readonly blockers: number;
}

/**
 * The route chances of a layout, computed once for the several first balls
 * a leave is valued by: `chance(first)` is the chance of running `group`
 * (less `first`) and then the 8 after `first` is potted.
 */
export class Routes {
  private readonly objects: readonly BallAt[];
  private readonly lines = new Map<BallId, readonly Line[]>();

  constructor(
    private readonly table: TableSize,
    balls: readonly BallAt[],
    private readonly group: readonly BallId[],
    private readonly noise: Noise,
    private readonly model: RouteModel,
  ) {
    this.objects = balls.filter((b) => b.id !== CUE);
  }

  private bit(id: BallId): number {
    const i = this.objects.findIndex((b) => b.id === id);
    return i < 0 ? 0 : 1 << i;
  }

  private linesOf(b: BallAt): readonly Line[] {
    const known = this.lines.get(b.id);
    if (known) return known;
    const out: Line[] = [];
    for (const pocket of POCKET_IDS) {
      const aim = pocketAim(this.table, pocket);
      let blockers = 0;
      for (const [i, o] of this.objects.entries())
        if (o.id !== b.id && segmentDistance(o, b, aim) < D) blockers |= 1 << i;
      const u = unit({ x: b.x - aim.x, y: b.y - aim.y });
      out.push({
        spot: { x: b.x + u.x * (SPOT + D), y: b.y + u.y * (SPOT + D) },
        dObj: dist(b, aim),
        window: pocketHalfWindow(pocket, approachAngle(this.table, pocket, b)),
        blockers,
      });
    }
    this.lines.set(b.id, out);
    return out;
  }

  /** The chance of potting `next` after potting a ball at `from`, with the balls of `on` still on the table. */
  private step(from: Point, next: BallAt, on: number): number {
    let best = 0;
    let clear = false;
    for (const line of this.linesOf(next)) {
      if ((line.blockers & on) !== 0) continue;
      clear = true;
      const c = potChance(
        this.noise,
        SPOT_CUT,
        SPOT + this.model.travel * dist(from, line.spot),
        line.dObj,
        line.window,
      );
      if (c > best) best = c;
    }
    return this.model.routine * (clear ? best : this.model.blocked);
  }

  chance(first: BallId): number {
    const at = this.objects.find((b) => b.id === first);
    if (!at || first === EIGHT) return 1;
    const eight = this.objects.find((b) => b.id === EIGHT);
    const rest = this.objects.filter((b) => b.id !== first && this.group.includes(b.id));
    const all = (1 << this.objects.length) - 1;
    const last = (from: Point, on: number) => (eight ? this.step(from, eight, on) : 1);
    let on = all & ~this.bit(first);
    if (rest.length > EXACT) {
      // Greedy: the likeliest next step each time.
      let from: Point = at;
      let p = 1;
      const left = [...rest];
      while (left.length > 0) {
        let bi = 0;
        let bc = -1;
        for (const [i, b] of left.entries()) {
          const c = this.step(from, b, on);
          if (c > bc) {
            bc = c;
            bi = i;
          }
        }
        const b = left.splice(bi, 1)[0]!;
        p *= bc;
        on &= ~this.bit(b.id);
        from = b;
      }
      return p * last(from, on);
    }
    let best = 0;
    const search = (from: Point, on: number, left: readonly BallAt[], p: number): void => {
      if (p <= best) return;
      if (left.length === 0) {
        const v = p * last(from, on);
        if (v > best) best = v;
        return;
      }
      for (const b of left)
        search(
          b,
          on & ~this.bit(b.id),
          left.filter((x) => x !== b),
          p * this.step(from, b, on),
        );
    };
    search(at, on, rest, 1);
    return best;
  }
}
