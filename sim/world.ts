import { Circle, Edge, type Fixture, World } from 'planck';
import { BALL_IDS } from '../engine/ball.js';
import type { TableSize } from '../engine/table.js';
import type { PhysicsParams } from './params.js';
import { buildTableGeometry, type TableGeometry } from './tableGeometry.js';

/**
 * The planck (Box2D) side of the simulator: what planck does and what it
 * does not (sim/README.md has the full list and the reasons).
 *
 * planck holds the table as bodies and fixtures: every cushion nose and jaw
 * face is an Edge fixture, every jaw tip a zero-radius Circle, every pocket's
 * slate cut a sensor Circle, all on static bodies, and the 16 balls are
 * dynamic Circle bodies created once in id order. The simulator asks planck's
 * broad phase (its dynamic AABB tree, `World.queryAABB`) which table features
 * a ball's swept box can reach before its motion next changes; it then times
 * the contact exactly against that feature (sim/simulate.ts) and applies its
 * own impulse (sim/cushion.ts). It never calls `world.step()`: Box2D's
 * solver ignores restitution under 1 m/s, keeps a 2·linearSlop skin, solves
 * frozen racks as one block, has no cloth and integrates in fixed steps
 * (docs/physics.md "Box2D pitfalls"); each is replaced here and tested in
 * test/sim/pitfalls.test.ts.
 *
 * planck `Settings` are process-wide statics; nothing in sim/ writes them.
 * The only one that reaches this code is `aabbExtension` (the broad phase's
 * fat margin), which can only add candidates, never remove a contact.
 *
 * Worlds are built once per (table, geometry) and reused by every shot in
 * the thread; they are never mutated by a shot except for the ball bodies'
 * transforms, set at the end of each shot to the final layout.
 */
export const FEATURE_SEGMENT = 0;
export const FEATURE_VERTEX = 1;
export const FEATURE_HOLE = 2;

export interface FeatureTag {
  readonly kind: 0 | 1 | 2;
  readonly index: number;
}

export interface TableWorld {
  readonly geometry: TableGeometry;
  readonly world: World;
  /** Ball bodies by id (0..15), created in id order. */
  readonly balls: readonly ReturnType<World['createBody']>[];
}

function geometryKey(table: TableSize, p: PhysicsParams): string {
  return [table, ...geometryFields(p)].join('|');
}

/**
 * Per-thread cache of immutable-geometry worlds. Its content depends only on
 * the key, so it cannot make two shots differ (determinism contract).
 */
const worlds = new Map<string, TableWorld>();

/**
 * The last world handed out, with the geometry it was asked for: a run of
 * shots on one table with one parameter set (the planner's samples) skips
 * building the key string, the largest fixed cost of a small shot after the
 * feature query (bench/README.md "Where a small shot's time goes"). The
 * fields are compared, not the object, since a caller may change its
 * params between calls.
 */
let last: { table: TableSize; geometry: number[]; world: TableWorld } | null = null;

function geometryFields(p: PhysicsParams): number[] {
  return [
    p.R,
    p.cornerMouth,
    p.sideMouth,
    p.cornerCut,
    p.sideCut,
    p.cornerShelf,
    p.sideShelf,
    p.cornerHoleRadius,
    p.sideHoleRadius,
  ];
}

function sameGeometry(g: readonly number[], p: PhysicsParams): boolean {
  return (
    g[0] === p.R &&
    g[1] === p.cornerMouth &&
    g[2] === p.sideMouth &&
    g[3] === p.cornerCut &&
    g[4] === p.sideCut &&
    g[5] === p.cornerShelf &&
    g[6] === p.sideShelf &&
    g[7] === p.cornerHoleRadius &&
    g[8] === p.sideHoleRadius
  );
}

export function tableWorld(table: TableSize, p: PhysicsParams): TableWorld {
  if (last !== null && last.table === table && sameGeometry(last.geometry, p)) return last.world;
  const tw = worldFor(table, p);
  last = { table, geometry: geometryFields(p), world: tw };
  return tw;
}

function worldFor(table: TableSize, p: PhysicsParams): TableWorld {
  const key = geometryKey(table, p);
  const hit = worlds.get(key);
  if (hit !== undefined) return hit;
  const geometry = buildTableGeometry(table, p);
  const world = new World({ gravity: { x: 0, y: 0 } });
  const rails = world.createBody({ type: 'static' });
  geometry.segments.forEach((s, index) => {
    rails.createFixture({
      shape: new Edge({ x: s.px, y: s.py }, { x: s.px + s.ux * s.len, y: s.py + s.uy * s.len }),
      userData: { kind: FEATURE_SEGMENT, index } satisfies FeatureTag,
    });
  });
  geometry.vertices.forEach((v, index) => {
    rails.createFixture({
      shape: new Circle({ x: v.x, y: v.y }, 0),
      userData: { kind: FEATURE_VERTEX, index } satisfies FeatureTag,
    });
  });
  geometry.holes.forEach((h, index) => {
    rails.createFixture({
      shape: new Circle({ x: h.x, y: h.y }, h.r),
      isSensor: true,
      userData: { kind: FEATURE_HOLE, index } satisfies FeatureTag,
    });
  });
  const balls = BALL_IDS.map((id) => {
    const body = world.createBody({ type: 'dynamic', bullet: true, active: false });
    body.createFixture({ shape: new Circle(p.R), density: p.m / (Math.PI * p.R * p.R) });
    body.setUserData(id);
    return body;
  });
  const tw: TableWorld = { geometry, world, balls };
  worlds.set(key, tw);
  return tw;
}

/**
 * Collects the table features whose fat AABB meets the box [x0, x1] × [y0, y1]
 * (internal frame) into `out` as kind·1024 + index, ascending; returns the
 * count.
 *
 * The fat AABBs are planck's: the leaves of its broad-phase tree, read once
 * per world. The tree never changes (static fixtures; the ball bodies are
 * inactive, so they have no proxies), and a leaf meets the box exactly when
 * the tree walk (`World.queryAABB`) would report it, since every ancestor's
 * box contains its leaves'. So a scan of the leaves in code order gives the
 * walk's set already sorted, without the walk's stack, pool and callbacks
 * (bench/README.md "Where a small shot's time goes"; `runTree` is the walk,
 * kept for test/sim/featureQuery.test.ts to compare against).
 */
export class FeatureQuery {
  readonly out = new Int32Array(256);
  count = 0;
  /** The leaves, ascending by code: code and fat box [lx, ux] × [ly, uy]. */
  readonly codes: Int32Array;
  readonly lx: Float64Array;
  readonly ly: Float64Array;
  readonly ux: Float64Array;
  readonly uy: Float64Array;
  /** Leaf masks by band along x and along y, `words` 32-bit words a mask. */
  private readonly words: number;
  private readonly gx: LeafBands;
  private readonly gy: LeafBands;
  private readonly box = { lowerBound: { x: 0, y: 0 }, upperBound: { x: 0, y: 0 } };
  private readonly onFixture = (f: Fixture): boolean => {
    const tag = f.getUserData() as FeatureTag | null;
    if (tag !== null && tag !== undefined && this.count < this.out.length) {
      this.out[this.count++] = tag.kind * 1024 + tag.index;
    }
    return true;
  };

  constructor(private readonly world: World) {
    const leaves: { code: number; lx: number; ly: number; ux: number; uy: number }[] = [];
    // planck keeps the broad phase off its typings; its fat boxes are what
    // queryAABB tests, so they are read from it, not recomputed.
    const broadPhase = (world as unknown as { m_broadPhase: BroadPhaseView }).m_broadPhase;
    for (let body = world.getBodyList(); body !== null; body = body.getNext()) {
      for (let f = body.getFixtureList(); f !== null; f = f.getNext()) {
        const tag = f.getUserData() as FeatureTag | null;
        if (tag === null || tag === undefined) continue;
        for (const proxy of (f as unknown as { m_proxies: { proxyId: number }[] }).m_proxies) {
          const fat = broadPhase.getFatAABB(proxy.proxyId);
          leaves.push({
            code: tag.kind * 1024 + tag.index,
            lx: fat.lowerBound.x,
            ly: fat.lowerBound.y,
            ux: fat.upperBound.x,
            uy: fat.upperBound.y,
          });
        }
      }
    }
    leaves.sort((a, b) => a.code - b.code);
    this.codes = Int32Array.from(leaves, (l) => l.code);
    this.lx = Float64Array.from(leaves, (l) => l.lx);
    this.ly = Float64Array.from(leaves, (l) => l.ly);
    this.ux = Float64Array.from(leaves, (l) => l.ux);
    this.uy = Float64Array.from(leaves, (l) => l.uy);
    this.words = Math.ceil(leaves.length / 32);
    this.gx = new LeafBands(this.lx, this.ux, this.words);
    this.gy = new LeafBands(this.ly, this.uy, this.words);
  }

  /**
   * The query box of `runBox`, [x0, x1] × [y0, y1] as x0, y0, x1, y1. The
   * simulator's hot caller writes it here: doubles passed to a call the
   * compiler does not inline are boxed.
   */
  readonly box4 = new Float64Array(4);

  run(x0: number, y0: number, x1: number, y1: number): number {
    const q = this.box4;
    q[0] = x0;
    q[1] = y0;
    q[2] = x1;
    q[3] = y1;
    return this.runBox();
  }

  /** `run` of the box in `box4`. */
  runBox(): number {
    const q = this.box4;
    const x0 = q[0]!;
    const y0 = q[1]!;
    const x1 = q[2]!;
    const y1 = q[3]!;
    // A NaN corner passes planck's test for every leaf, which the bands
    // cannot say: the plain scan then.
    if (Number.isNaN(x0) || Number.isNaN(y0) || Number.isNaN(x1) || Number.isNaN(y1)) {
      return this.scan(x0, y0, x1, y1);
    }
    const out = this.out;
    const { codes, lx, ly, ux, uy, gx, gy, words } = this;
    // Only the leaves the bands leave in can pass the test, so testing
    // those in code order gives the scan's answer.
    const a = gx.band(x0) * words;
    const b = gx.band(x1) * words;
    const e = gy.band(y0) * words;
    const f = gy.band(y1) * words;
    let c = 0;
    for (let w = 0; w < words; w++) {
      let m = gx.atLeast[a + w]! & gx.atMost[b + w]! & gy.atLeast[e + w]! & gy.atMost[f + w]!;
      while (m !== 0 && c < out.length) {
        const low = m & -m;
        m ^= low;
        const k = w * 32 + 31 - Math.clz32(low);
        // planck's AABB.testOverlap, term for term.
        if (x0 - ux[k]! > 0 || y0 - uy[k]! > 0 || lx[k]! - x1 > 0 || ly[k]! - y1 > 0) continue;
        out[c++] = codes[k]!;
      }
    }
    this.count = c;
    return c;
  }

  /** `run` by testing every leaf in code order (test/sim/featureQuery.test.ts compares the two). */
  scan(x0: number, y0: number, x1: number, y1: number): number {
    const out = this.out;
    const { codes, lx, ly, ux, uy } = this;
    let c = 0;
    for (let k = 0; k < codes.length && c < out.length; k++) {
      // planck's AABB.testOverlap, term for term.
      if (x0 - ux[k]! > 0 || y0 - uy[k]! > 0 || lx[k]! - x1 > 0 || ly[k]! - y1 > 0) continue;
      out[c++] = codes[k]!;
    }
    this.count = c;
    return c;
  }

  /** The same query as a walk of planck's tree (`World.queryAABB`), sorted. */
  runTree(x0: number, y0: number, x1: number, y1: number): number {
    this.count = 0;
    this.box.lowerBound.x = x0;
    this.box.lowerBound.y = y0;
    this.box.upperBound.x = x1;
    this.box.upperBound.y = y1;
    this.world.queryAABB(this.box, this.onFixture);
    const o = this.out;
    for (let i = 1; i < this.count; i++) {
      const v = o[i]!;
      let j = i - 1;
      while (j >= 0 && o[j]! > v) {
        o[j + 1] = o[j]!;
        j--;
      }
      o[j + 1] = v;
    }
    return this.count;
  }
}

/** Bands a FeatureQuery's leaves are sorted into along one axis. */
const BANDS = 32;

/**
 * A prefilter for `FeatureQuery.run` along one axis: the span of the leaves'
 * boxes [lo, hi] cut into BANDS equal bands, and per band the bit masks of
 * the leaves (bit k of word k >> 5: leaf k) that may pass planck's test for
 * a query whose low end lies in the band (`atLeast`: hi[k] reaches that
 * far) or whose high end does (`atMost`). Each mask is drawn one band wider
 * than the band, so the rounding of the band's index (at most one band off)
 * can only add leaves; the exact test of each leaf left in decides.
 */
class LeafBands {
  readonly atLeast: Int32Array;
  readonly atMost: Int32Array;
  private readonly origin: number;
  private readonly width: number;
  /** 1 / width: a band index only needs to be within one of the true one. */
  private readonly perWidth: number;

  constructor(lo: Float64Array, hi: Float64Array, words: number) {
    let min = Number.POSITIVE_INFINITY;
    let max = Number.NEGATIVE_INFINITY;
    for (let k = 0; k < lo.length; k++) {
      min = Math.min(min, lo[k]!);
      max = Math.max(max, hi[k]!);
    }
    this.origin = min;
    this.width = (max - min) / BANDS;
    this.perWidth = 1 / this.width;
    this.atLeast = new Int32Array(BANDS * words);
    this.atMost = new Int32Array(BANDS * words);
    for (let band = 0; band < BANDS; band++) {
      const from = band === 0 ? Number.NEGATIVE_INFINITY : min + (band - 1) * this.width;
      const to = band === BANDS - 1 ? Number.POSITIVE_INFINITY : min + (band + 2) * this.width;
      for (let k = 0; k < lo.length; k++) {
        const bit = 1 << (k & 31);
        const at = band * words + (k >> 5);
        // Leaves with a NaN corner are never dropped (planck's test passes them).
        if (!(hi[k]! < from)) this.atLeast[at]! |= bit;
        if (!(lo[k]! > to)) this.atMost[at]! |= bit;
      }
    }
  }

  /** The band of a query's end x (not NaN), clamped to the first and last. */
  band(x: number): number {
    const i = Math.floor((x - this.origin) * this.perWidth);
    return i > 0 ? (i < BANDS ? i : BANDS - 1) : 0;
  }
}

interface BroadPhaseView {
  getFatAABB(proxyId: number): {
    lowerBound: { x: number; y: number };
    upperBound: { x: number; y: number };
  };
}
