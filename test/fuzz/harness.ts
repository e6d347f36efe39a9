/**
 * The simulator fuzz harness (test/fuzz/*.test.ts): random legal layouts on
 * all three tables and random shots over the whole accepted range
 * (engine/shot.ts SHOT_LIMITS), each simulated and checked against the
 * simulator's contract:
 *
 * - every ball ends on the slate (a position `checkPosition` accepts, so the
 *   next shot can be played from it), or pocketed, or off the table, with an
 *   event saying which;
 * - the event log is in time order;
 * - the referee (engine `apply`, the wire-checked entry) accepts the log and
 *   the final layout on a state built from the layout;
 * - a shot in range on a legal layout is not refused (E_SIM_EVENT_LIMIT or
 *   any other code).
 *
 * A case is built from one uint32 seed (sim/prng.ts), so a failure is
 * reproduced from the seed alone; the tests print their seeds.
 */
import { type BallId, OBJECT_BALLS } from '../../engine/ball.js';
import { type FrameState, newFrame } from '../../engine/index.js';
import type { Layout } from '../../engine/layout.js';
import { rackSlots } from '../../engine/rack.js';
import { apply } from '../../engine/referee.js';
import { SHOT_LIMITS, type Shot } from '../../engine/shot.js';
import { TABLE_DIMENSIONS, TABLE_SIZES, type TableSize } from '../../engine/table.js';
import { checkPosition, DEFAULT_PHYSICS, simulate } from '../../sim/index.js';
import { nextFloat, type Prng, prng } from '../../sim/prng.js';

const P = DEFAULT_PHYSICS;
const R = P.R;

export interface FuzzCase {
  readonly seed: number;
  readonly layout: Layout;
  readonly shot: Shot;
}

/** Which part of the accepted range the shots come from. */
export interface Band {
  /** Cue speed range, m/s (default: all of SHOT_LIMITS.V). */
  readonly V?: readonly [number, number];
  /** Elevation range, degrees (default: all of SHOT_LIMITS.theta). */
  readonly theta?: readonly [number, number];
  /** One table (default: each case draws one of the three). */
  readonly table?: TableSize;
}

const pick = <T>(r: Prng, xs: readonly T[]): T => xs[Math.floor(nextFloat(r) * xs.length)]!;
const uniform = (r: Prng, lo: number, hi: number) => lo + (hi - lo) * nextFloat(r);

/** A ball position the simulator accepts next to the ones placed so far, or null. */
function fits(table: TableSize, placed: Layout['balls'], id: BallId, x: number, y: number) {
  const ball = { id, x, y };
  const layout: Layout = { table, balls: [...placed, ball] };
  return checkPosition(layout) === null ? ball : null;
}

/** A point along the cushion outline (noses and the pocket mouths), `gap` inside a ball's reach of it. */
function nearCushion(r: Prng, table: TableSize, gap: number): [number, number] {
  const { length: L, width: W } = TABLE_DIMENSIONS[table];
  const d = R + gap;
  const side = Math.floor(nextFloat(r) * 4);
  const s = nextFloat(r);
  switch (side) {
    case 0:
      return [s * L, d];
    case 1:
      return [s * L, W - d];
    case 2:
      return [d, s * W];
    default:
      return [L - d, s * W];
  }
}

/** A random legal layout: scattered, along the cushions, in tight clusters, or a (partial) rack. */
export function randomLayout(r: Prng, table: TableSize): Layout {
  const { length: L, width: W } = TABLE_DIMENSIONS[table];
  const kind = pick(r, ['scatter', 'scatter', 'rails', 'cluster', 'rack', 'mixed'] as const);
  const n = 1 + Math.floor(nextFloat(r) ** 1.5 * 16);
  const balls: { id: BallId; x: number; y: number }[] = [];
  const ids: BallId[] = [0, ...OBJECT_BALLS];
  const place = (id: BallId, x: number, y: number): boolean => {
    const b = fits(table, balls, id, x, y);
    if (b !== null) balls.push(b);
    return b !== null;
  };
  const free = (id: BallId) => {
    for (let k = 0; k < 20; k++) if (place(id, uniform(r, R, L - R), uniform(r, R, W - R))) return;
  };
  const rail = (id: BallId) => {
    for (let k = 0; k < 20; k++) {
      // Gaps from touching to a few cm, most within a few mm.
      const [x, y] = nearCushion(r, table, 0.05 * nextFloat(r) ** 3);
      if (place(id, x, y)) return;
    }
  };
  const touching = (id: BallId) => {
    if (balls.length === 0) return free(id);
    for (let k = 0; k < 20; k++) {
      const o = pick(r, balls);
      const a = uniform(r, 0, 2 * Math.PI);
      const d = 2 * R + 2e-6 + 2e-4 * nextFloat(r) ** 2;
      if (place(id, o.x + d * Math.cos(a), o.y + d * Math.sin(a))) return;
    }
  };
  if (kind === 'rack') {
    // The rack of engine/rack.ts, some balls left out, the cue ball anywhere.
    free(0);
    const slots = rackSlots(table);
    const keep = nextFloat(r);
    slots.forEach((s, k) => {
      if (nextFloat(r) < 0.3 + keep) place(OBJECT_BALLS[k]!, s.x, s.y);
    });
    return { table, balls: balls.sort((p, q) => p.id - q.id) };
  }
  for (let k = 0; k < n; k++) {
    const id = ids[k]!;
    const how =
      kind === 'mixed' ? pick(r, ['scatter', 'rails', 'cluster'] as const) : (kind as string);
    if (how === 'rails') rail(id);
    else if (how === 'cluster' && k > 0) touching(id);
    else free(id);
  }
  if (!balls.some((b) => b.id === 0)) {
    for (let k = 0; k < 200 && !balls.some((b) => b.id === 0); k++) free(0);
  }
  return { table, balls: balls.sort((p, q) => p.id - q.id) };
}

/** A random shot over the band (by default the whole accepted range), often aimed at a ball. */
export function randomShot(r: Prng, layout: Layout, band: Band = {}): Shot {
  const [v0, v1] = band.V ?? [SHOT_LIMITS.V.min, SHOT_LIMITS.V.max];
  const [t0, t1] = band.theta ?? [SHOT_LIMITS.theta.min, SHOT_LIMITS.theta.max];
  const cue = layout.balls.find((b) => b.id === 0)!;
  const others = layout.balls.filter((b) => b.id !== 0);
  let phi: number;
  if (others.length > 0 && nextFloat(r) < 0.6) {
    const o = pick(r, others);
    const aim = (Math.atan2(o.y - cue.y, o.x - cue.x) * 180) / Math.PI;
    phi = aim + 4 * (nextFloat(r) - 0.5) * (nextFloat(r) < 0.5 ? 1 : 10);
  } else phi = uniform(r, -180, 540);
  const vk = nextFloat(r);
  const V =
    vk < 0.4
      ? uniform(r, v0, v1)
      : vk < 0.7
        ? uniform(r, v0 + 0.6 * (v1 - v0), v1)
        : uniform(r, v0, Math.min(v1, v0 + 3));
  // Tip offsets uniform over the disc of the accepted radius, or near the centre.
  const rmax = SHOT_LIMITS.tip * (nextFloat(r) < 0.3 ? 0.3 : 1);
  const rr = rmax * Math.sqrt(nextFloat(r));
  const ang = uniform(r, 0, 2 * Math.PI);
  const a = rr * Math.cos(ang);
  const b = rr * Math.sin(ang);
  const tk = nextFloat(r);
  const theta =
    tk < 0.35 ? t0 : tk < 0.7 ? uniform(r, t0, t1) : uniform(r, t0, Math.min(t1, t0 + 30));
  return { phi, V, a, b, theta };
}

/** The case of one seed: table, layout and shot. */
export function randomCase(seed: number, band: Band = {}): FuzzCase {
  const r = prng(seed);
  const drawn = pick(r, TABLE_SIZES);
  const table = band.table ?? drawn;
  const layout = randomLayout(r, table);
  return { seed, layout, shot: randomShot(r, layout, band) };
}

/** A play-phase state from a layout (test/ai/positions.ts): the balls not listed are pocketed. */
export function stateFor(layout: Layout, seed: number): FrameState {
  const rules = seed & 1 ? 'wpa' : 'pl-bca';
  const base = newFrame({ seed, table: layout.table, rules });
  const on = new Set(layout.balls.map((b) => b.id));
  const groups: FrameState['groups'][] = [null, ['solids', 'stripes'], ['stripes', 'solids']];
  return {
    ...base,
    phase: 'play',
    groups: groups[(seed >>> 1) % 3]!,
    turn: ((seed >>> 3) & 1) as 0 | 1,
    balls: layout.balls.map((b) => ({ id: b.id, x: b.x, y: b.y })),
    pocketed: OBJECT_BALLS.filter((b) => !on.has(b)),
    ballInHand: null,
  };
}

/** What went wrong with one case (empty: nothing). */
export type Failure =
  /** A final ball the simulator would not accept as a position (off the slate, in a cushion, over a hole, overlapping). */
  | 'offSlate'
  /** An event earlier than the one before it. */
  | 'order'
  /** A ball neither in the final layout nor pocketed/off the table by an event, or both. */
  | 'lostBall'
  /** The referee refused the log. */
  | 'referee'
  /** The simulator refused an in-range shot on a legal layout. */
  | 'refused';

export interface Examined {
  readonly failures: Failure[];
  /** The simulator's error code, or the referee's, or the final-position check's. */
  readonly code?: string;
  readonly events: number;
  /** Detail for the failure message. */
  readonly detail?: string;
}

/** Simulates one case and checks the contract (file comment). */
export function examine(c: FuzzCase): Examined {
  const out = simulate(c.layout, c.shot);
  if (!out.ok) return { failures: ['refused'], code: out.error.code, events: 0 };
  const { events, layout } = out.value;
  const failures: Failure[] = [];
  let code: string | undefined;
  let detail: string | undefined;
  for (let k = 1; k < events.length; k++) {
    if ((events[k]!.t ?? 0) < (events[k - 1]!.t ?? 0)) {
      failures.push('order');
      detail = `events[${k}] at ${events[k]!.t} after ${events[k - 1]!.t}`;
      break;
    }
  }
  const gone = new Map<number, number>();
  for (const e of events) {
    if (e.type === 'pocket' || e.type === 'offTable') gone.set(e.ball, (gone.get(e.ball) ?? 0) + 1);
  }
  const left = new Set(layout.balls.map((b) => b.id));
  for (const b of c.layout.balls) {
    const g = gone.get(b.id) ?? 0;
    if (g + (left.has(b.id) ? 1 : 0) !== 1) {
      failures.push('lostBall');
      detail = `ball ${b.id}: ${g} pocket/offTable events, ${left.has(b.id) ? '' : 'not '}in the layout`;
      break;
    }
  }
  const bad = checkPosition(layout);
  if (bad !== null) {
    failures.push('offSlate');
    code = bad.code;
    const b = layout.balls.find((x) => x.id === bad.ball);
    detail = `${bad.message}${b ? ` (ball ${b.id} at ${b.x}, ${b.y})` : ''}`;
  }
  const ref = apply(stateFor(c.layout, c.seed), { type: 'shot', events, layout });
  if (!ref.ok) {
    failures.push('referee');
    code = ref.error.code;
    detail = ref.error.message;
  }
  const res: Examined = { failures, events: events.length };
  if (code !== undefined) (res as { code?: string }).code = code;
  if (detail !== undefined) (res as { detail?: string }).detail = detail;
  return res;
}

/** Counts over a run of cases. */
export interface Tally {
  calls: number;
  events: number;
  failures: Record<Failure, number>;
  codes: Record<string, number>;
  /** Seeds of the first few failing cases of each kind. */
  examples: Record<string, number[]>;
}

export function newTally(): Tally {
  return {
    calls: 0,
    events: 0,
    failures: { offSlate: 0, order: 0, lostBall: 0, referee: 0, refused: 0 },
    codes: {},
    examples: {},
  };
}

export function record(t: Tally, c: FuzzCase, e: Examined): void {
  t.calls++;
  t.events += e.events;
  for (const f of e.failures) {
    t.failures[f]++;
    const key = e.code ? `${f}:${e.code}` : f;
    t.codes[key] = (t.codes[key] ?? 0) + 1;
    const ex = t.examples[key] ?? [];
    if (ex.length < 5) ex.push(c.seed);
    t.examples[key] = ex;
  }
}

/** The seeds of a run: `count` consecutive uint32s from `first` (hashed, so runs do not overlap by accident). */
export function seedAt(first: number, k: number): number {
  return (Math.imul(first ^ 0x9e3779b9, 0x85ebca6b) + k * 0x27d4eb2d) >>> 0;
}
