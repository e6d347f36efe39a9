import type { BallId } from '../engine/ball.js';
import type { Layout } from '../engine/layout.js';
import { err, ok, type Result } from '../engine/result.js';
import type { Shot } from '../engine/shot.js';
import type { ShotEvent } from '../engine/shotEvent.js';
import type { TableSize } from '../engine/table.js';
import { Cluster, SOFT_SPEED } from './cluster.js';
import { collideBalls } from './collision.js';
import { collideCushion } from './cushion.js';
import { type SimError, simError } from './errors.js';
import {
  contactEvent,
  cushionEvent,
  headStringEvent,
  pocketEvent,
  restEvent,
  strikeEvent,
} from './events.js';
import {
  advance,
  Balls,
  CLUSTER,
  kineticEnergyAt,
  POCKETED,
  peek,
  ROLLING,
  SLIDING,
  SPINNING,
  setPhase,
} from './motion.js';
import { DEFAULT_PHYSICS, type PhysicsParams } from './params.js';
import { clearOfCircleAt, firstEntryOf, firstEntryQuadratic, GAP, turnIn } from './roots.js';
import { type StrikeOut, strike } from './strike.js';
import type { TableGeometry } from './tableGeometry.js';
import { checkLayout, checkParams, checkShot, clearBox, OVERLAP_TOLERANCE } from './validate.js';
import {
  FEATURE_SEGMENT,
  FEATURE_VERTEX,
  FeatureQuery,
  type TableWorld,
  tableWorld,
} from './world.js';

/**
 * The event-driven shot loop (the speed design is in sim/README.md "Speed").
 *
 * Between events every ball follows its closed-form phase (sim/motion.ts).
 * The loop keeps, per ball, the time of its next phase change, its first
 * cushion/jaw contact and its first pocket drop, and per pair of balls their
 * first contact, each computed exactly from the motion polynomials over the
 * window in which those polynomials hold (sim/roots.ts). It takes the
 * earliest, moves only the balls involved to that instant, applies the
 * impulse model, and recomputes only the predictions that involve those
 * balls. It stops when nothing translates any more. Work is proportional to
 * the number of events (a break has a few hundred), not to table time.
 */

export interface SimOptions {
  /** Add per-ball samples [t, x, y, vx, vy] at every event and every 10 ms. */
  trace?: boolean;
  /** Table time after which the shot is cut off, s (default 60). */
  maxTime?: number;
  /** Safety valve against degenerate event storms (default 100 000). */
  maxEvents?: number;
  /** Add the total kinetic energy [t, J] after the strike and after every event (for tests). */
  energy?: boolean;
}

export type TraceSample = [number, number, number, number, number];

export interface SimOutcome {
  events: ShotEvent[];
  layout: Layout;
  trace?: Record<number, TraceSample[]>;
  energy?: [number, number][];
}

/** Full initial state of one ball, for the tests and for `simulateFrom`. */
export interface BallState {
  readonly id: BallId;
  readonly x: number;
  readonly y: number;
  readonly vx?: number;
  readonly vy?: number;
  readonly wx?: number;
  readonly wy?: number;
  readonly wz?: number;
}

const TRACE_DT = 0.01;
/** Already touching: gap below this (m) and closing counts as a contact now. */
const TOUCH = 1e-9;
const INF = Number.POSITIVE_INFINITY;
/** After a grazing, non-approaching touch, the next contact is sought from 1 ns on (15 nm at 15 m/s). */
const GRAZE = 1e-9;
/** Normal approach speeds below this (m/s) are a tangential touch, not a collision. */
const V_MIN = 1e-9;
/**
 * A cushion bounce that would lift the ball off the rail by less than this
 * (m) before the cloth drives it back is no bounce: the ball stays on the
 * rail (`Balls.rail`; docs/physics.md "Rail contact"). 1 µm is far below
 * the cloth's nap and the balls' roundness tolerance (±0.127 mm).
 */
const HOP = 1e-6;
/** Feature code kind (beside sim/world.ts's) of the end of the rail a ball is held against. */
const RAIL_END = 3;

/** Scratch state reused by every shot on one table world (allocation-light hot loop). */
class Engine {
  readonly balls = new Balls(16);
  readonly pairT = new Float64Array(256);
  readonly cushT = new Float64Array(16);
  readonly cushF = new Int32Array(16);
  readonly holeT = new Float64Array(16);
  readonly holeF = new Int32Array(16);
  readonly tmp = new Float64Array(4);
  /** Scratch point for the ball bodies' final positions. */
  readonly at = { x: 0, y: 0 };
  readonly query: FeatureQuery;
  n = 0;
  cue = -1;
  /** +1: cue ball beyond the head string, −1: in the kitchen. */
  cueSide = 0;
  hsT = INF;
  p: PhysicsParams = DEFAULT_PHYSICS;
  readonly geo: TableGeometry;
  /** Compliant contact solver for clusters (sim/cluster.ts). */
  readonly cl: Cluster;

  constructor(readonly tw: TableWorld) {
    this.geo = tw.geometry;
    this.query = new FeatureQuery(tw.world);
    this.cl = new Cluster(this.balls, this.geo);
  }

  /** Ball i joined the cluster: the cluster solver owns it, no closed-form predictions. */
  freeze(i: number): void {
    this.cushT[i] = INF;
    this.holeT[i] = INF;
    for (let k = 0; k < this.n; k++) {
      if (k !== i) this.pairT[i < k ? i * 16 + k : k * 16 + i] = INF;
    }
    if (i === this.cue) this.hsT = INF;
  }

  /** Cushion, jaw and pocket predictions for ball i, whose state is at time `now`. */
  predictBall(i: number, now: number, lo = 0): void {
    const b = this.balls;
    this.cushT[i] = INF;
    this.holeT[i] = INF;
    const ph = b.phase[i]!;
    if (ph !== SLIDING && ph !== ROLLING) return;
    const H = b.tEnd[i]! - now;
    const x0 = b.x[i]!;
    const y0 = b.y[i]!;
    const vx = b.vx[i]!;
    const vy = b.vy[i]!;
    const hax = 0.5 * b.ax[i]!;
    const hay = 0.5 * b.ay[i]!;
    // Swept box of the parabola over [0, H] (extremes at the ends or where v = 0).
    const x1 = x0 + vx * H + hax * H * H;
    const y1 = y0 + vy * H + hay * H * H;
    let lx = Math.min(x0, x1);
    let ux = Math.max(x0, x1);
    let ly = Math.min(y0, y1);
    let uy = Math.max(y0, y1);
    if (hax !== 0) {
      const ts = -vx / (2 * hax);
      if (ts > 0 && ts < H) {
        const xs = x0 + vx * ts + hax * ts * ts;
        if (xs < lx) lx = xs;
        if (xs > ux) ux = xs;
      }
    }
    if (hay !== 0) {
      const ts = -vy / (2 * hay);
      if (ts > 0 && ts < H) {
        const ys = y0 + vy * ts + hay * ts * ts;
        if (ys < ly) ly = ys;
        if (ys > uy) uy = ys;
      }
    }
    const R = this.p.R;
    const m = R + 1e-6;
    const box = this.query.box4;
    box[0] = lx - m;
    box[1] = ly - m;
    box[2] = ux + m;
    box[3] = uy + m;
    const nc = this.query.runBox();
    // The terms of the circle features' cull and gap polynomials that are
    // the ball's alone, once per call instead of once per feature (the same
    // expressions, so the same bits).
    const vv = vx * vx + vy * vy;
    const hh = hax * hax + hay * hay;
    const ah = Math.sqrt(hh);
    const reach = Math.sqrt(vv) * H + ah * H * H;
    const bend = ah * H * H;
    const c3 = 2 * (vx * hax + vy * hay);
    const feats = this.query.out;
    const geo = this.geo;
    let bestC = INF;
    let bestCF = -1;
    let bestH = INF;
    let bestHF = -1;
    const hold = b.rail[i]!;
    if (hold >= 0) {
      // Held against a rail or a jaw tip: no contact with it, but the line
      // it is held along ends (the nose at a pocket's jaw tip; a piece of
      // the way round a tip).
      const ux = b.rux[i]!;
      const uy = b.ruy[i]!;
      const len = b.rlen[i]!;
      const l0 = (x0 - b.rpx[i]!) * ux + (y0 - b.rpy[i]!) * uy;
      const l1 = vx * ux + vy * uy;
      const l2 = hax * ux + hay * uy;
      bestC =
        (l0 <= 0 && l1 <= 0) || (l0 >= len && l1 >= 0)
          ? 0
          : Math.min(
              firstEntryQuadratic(l0, l1, l2, H, lo),
              firstEntryQuadratic(len - l0, -l1, -l2, H, lo),
            );
      bestCF = RAIL_END << 10;
    }
    for (let k = 0; k < nc; k++) {
      const code = feats[k]!;
      if (code === hold) continue;
      const kind = code >> 10;
      const idx = code & 1023;
      if (kind === FEATURE_SEGMENT) {
        const s = geo.segments[idx]!;
        const rx = x0 - s.px;
        const ry = y0 - s.py;
        const q0 = rx * s.nx + ry * s.ny - R;
        const q1 = vx * s.nx + vy * s.ny;
        const q2 = hax * s.nx + hay * s.ny;
        let t: number;
        if (q0 <= TOUCH && q0 > -R) {
          // Touching (or a rounding behind the nose): moving in is a contact
          // now; otherwise the next is where it turns in again (never
          // looked past, so the ball cannot go through the cushion).
          t = lo === 0 && q1 < -V_MIN ? 0 : turnIn(q0, q1, q2, H, Math.max(lo, GRAZE));
        } else t = firstEntryQuadratic(q0, q1, q2, H, lo);
        if (t < bestC) {
          const lam = (rx + vx * t + hax * t * t) * s.ux + (ry + vy * t + hay * t * t) * s.uy;
          if (lam >= 0 && lam <= s.len) {
            bestC = t;
            bestCF = code;
          }
        }
      } else {
        let cx: number;
        let cy: number;
        let r: number;
        if (kind === FEATURE_VERTEX) {
          const v = geo.vertices[idx]!;
          cx = v.x;
          cy = v.y;
          r = R;
        } else {
          const h = geo.holes[idx]!;
          cx = h.x;
          cy = h.y;
          r = h.r;
        }
        const dx = x0 - cx;
        const dy = y0 - cy;
        const dd = dx * dx + dy * dy;
        // Cull: cannot reach the circle within H.
        const gap = Math.sqrt(dd) - r;
        if (gap > reach + TOUCH || clearOfCircleAt(dx, dy, vx, vy, vv, bend, H, r)) continue;
        const c0 = dd - r * r;
        const c1 = 2 * (dx * vx + dy * vy);
        // Always a number (no `undefined` for "not yet"): a variable that
        // may hold either is boxed, and so then was every best time below.
        let t: number;
        const touching = lo === 0 && c0 <= 2 * r * TOUCH;
        if (kind !== FEATURE_VERTEX && c0 <= 0) {
          // The centre is over the slate cut: the ball drops now.
          t = 0;
        } else if (touching && c1 < -2 * r * V_MIN) t = 0;
        else {
          const from = touching ? GRAZE : lo;
          // firstEntry(c0, c1, c2, c3, c4, H, from), its arguments written
          // to GAP (sim/roots.ts: passed, they would be boxed).
          GAP[0] = c0;
          GAP[1] = c1;
          GAP[2] = vv + 2 * (dx * hax + dy * hay);
          GAP[3] = c3;
          GAP[4] = hh;
          GAP[5] = H;
          GAP[6] = from;
          t = firstEntryOf();
        }
        if (kind === FEATURE_VERTEX) {
          if (t < bestC) {
            bestC = t;
            bestCF = code;
          }
        } else if (t < bestH) {
          bestH = t;
          bestHF = code;
        }
      }
    }
    this.cushT[i] = now + bestC;
    this.cushF[i] = bestCF;
    this.holeT[i] = now + bestH;
    this.holeF[i] = bestHF;
  }

  /** First contact of balls i and j after `now` (both valid from `now`). */
  predictPair(i: number, j: number, now: number, lo = 0): void {
    const b = this.balls;
    const key = i < j ? i * 16 + j : j * 16 + i;
    this.pairT[key] = INF;
    const pi = b.phase[i]!;
    const pj = b.phase[j]!;
    if (pi === POCKETED || pj === POCKETED || pi === CLUSTER || pj === CLUSTER) return;
    const mi = pi === SLIDING || pi === ROLLING;
    const mj = pj === SLIDING || pj === ROLLING;
    if (!mi && !mj) return;
    // The pair's polynomial holds until the first of the moving balls changes phase.
    const ti = mi ? b.tEnd[i]! : INF;
    const tj = mj ? b.tEnd[j]! : INF;
    const H = Math.min(ti, tj) - now;
    const o = this.tmp;
    peek(b, i, now, o);
    const xi = o[0]!;
    const yi = o[1]!;
    const vxi = o[2]!;
    const vyi = o[3]!;
    peek(b, j, now, o);
    const dx = xi - o[0]!;
    const dy = yi - o[1]!;
    const dvx = vxi - o[2]!;
    const dvy = vyi - o[3]!;
    // Still balls have zero acceleration (setPhase).
    const hax = 0.5 * (b.ax[i]! - b.ax[j]!);
    const hay = 0.5 * (b.ay[i]! - b.ay[j]!);
    const R2 = 2 * this.p.R;
    const dd = dx * dx + dy * dy;
    const vv = dvx * dvx + dvy * dvy;
    const hh = hax * hax + hay * hay;
    const ah = Math.sqrt(hh);
    const reach = Math.sqrt(vv) * H + ah * H * H;
    if (Math.sqrt(dd) - R2 > reach + TOUCH) return;
    if (clearOfCircleAt(dx, dy, dvx, dvy, vv, ah * H * H, H, R2)) return;
    const c0 = dd - R2 * R2;
    const c1 = 2 * (dx * dvx + dy * dvy);
    let t: number;
    const touching = lo === 0 && c0 <= 2 * R2 * TOUCH;
    // Touching: approaching at a measurable speed is a contact now; a
    // tangential touch (a ball rolling round another) is looked past.
    if (touching && c1 < -2 * R2 * V_MIN) t = 0;
    else {
      const c2 = vv + 2 * (dx * hax + dy * hay);
      const c3 = 2 * (dvx * hax + dvy * hay);
      // firstEntry(c0, c1, c2, c3, c4, H, lo) through GAP, as in predictBall.
      GAP[0] = c0;
      GAP[1] = c1;
      GAP[2] = c2;
      GAP[3] = c3;
      GAP[4] = hh;
      GAP[5] = H;
      GAP[6] = touching ? GRAZE : lo;
      t = firstEntryOf();
    }
    this.pairT[key] = now + t;
  }

  /** Next crossing of the head string by the cue ball. */
  predictHeadString(now: number): void {
    this.hsT = INF;
    const c = this.cue;
    if (c < 0) return;
    const b = this.balls;
    const ph = b.phase[c]!;
    if (ph !== SLIDING && ph !== ROLLING) return;
    const o = this.tmp;
    peek(b, c, now, o);
    const s = this.cueSide;
    // g = s (x − hx) ≥ 0 on the current side; entering g ≤ 0 is a crossing.
    const q0 = s * (o[0]! - this.geo.headStringX);
    const q1 = s * o[2]!;
    const q2 = s * 0.5 * b.ax[c]!;
    this.hsT = now + firstEntryQuadratic(q0, q1, q2, b.tEnd[c]! - now);
  }

  /** One cluster step of h (trace samples up to its end first); true when the episode is over. */
  stepCluster(events: ShotEvent[], h: number, rec: Recorder | null): boolean {
    if (rec !== null) rec.upTo(this.cl.time + h);
    const done = this.cl.step(events, h);
    const joined = this.cl.joined;
    if (joined !== 0) for (let k = 0; k < this.n; k++) if ((joined >> k) & 1) this.freeze(k);
    return done;
  }

  /** Ends the cluster episode at its time: the members go back to the event queue. */
  endCluster(events: ShotEvent[], rec: Recorder | null): void {
    const tf = this.cl.time;
    const released = this.cl.finish();
    const c0 = this.cue;
    if (
      c0 >= 0 &&
      (released >> c0) & 1 &&
      this.cueSide * (this.balls.x[c0]! - this.geo.headStringX) < 0
    ) {
      // The cue ball crossed the head string inside the cluster.
      this.cueSide = -this.cueSide;
      events.push(headStringEvent(tf, 0, this.cueSide > 0 ? 'out' : 'in'));
    }
    for (let k = 0; k < this.n; k++) if ((released >> k) & 1) this.repredict(k, tf);
    if (rec !== null) rec.at(tf);
  }

  /** All predictions that involve ball i (its state is at `now`). */
  repredict(i: number, now: number): void {
    this.predictBall(i, now);
    for (let k = 0; k < this.n; k++) if (k !== i) this.predictPair(i, k, now);
    if (i === this.cue) this.predictHeadString(now);
  }
}

/**
 * What a shot records besides its events, when asked (SimOptions `trace`,
 * `energy`): per-ball samples at every event and every TRACE_DT, and the
 * kinetic energy after every event.
 */
class Recorder {
  readonly trace: Record<number, TraceSample[]> | undefined;
  readonly energy: [number, number][] | undefined;
  private sampleK = 1;
  private nextSample = TRACE_DT;

  constructor(
    private readonly E: Engine,
    states: readonly BallState[],
    options: SimOptions,
  ) {
    this.trace = options.trace === true ? newTrace(states) : undefined;
    this.energy = options.energy === true ? [] : undefined;
    this.sample(0);
    this.energyAt(0);
  }

  /** Trace samples at the multiples of TRACE_DT before t not sampled yet. */
  upTo(t: number): void {
    if (this.trace === undefined) return;
    while (this.nextSample < t) {
      this.sample(this.nextSample);
      this.sampleK++;
      this.nextSample = this.sampleK * TRACE_DT;
    }
  }

  /** After an event at t. */
  at(t: number): void {
    this.sample(t);
    this.energyAt(t);
  }

  private sample(t: number): void {
    const trace = this.trace;
    if (trace === undefined) return;
    const E = this.E;
    const b = E.balls;
    const o = E.tmp;
    const hl = E.geo.length / 2;
    const hw = E.geo.width / 2;
    for (let i = 0; i < E.n; i++) {
      if (b.phase[i] === POCKETED) continue;
      peek(b, i, t, o);
      trace[b.id[i]!]!.push([t, o[0]! + hl, o[1]! + hw, o[2]!, o[3]!]);
    }
  }

  private energyAt(t: number): void {
    const E = this.E;
    // Not while a cluster contact is loaded (its elastic energy is not kinetic).
    if (this.energy === undefined || E.cl.active) return;
    let e = 0;
    for (let i = 0; i < E.n; i++) e += kineticEnergyAt(E.balls, i, t, E.p);
    this.energy.push([t, e]);
  }
}

const engines = new Map<TableWorld, Engine>();
/** The last engine handed out: a run of shots on one world skips the map. */
let lastEngine: Engine | null = null;

function engineFor(table: TableSize, p: PhysicsParams): Engine {
  const tw = tableWorld(table, p);
  if (lastEngine !== null && lastEngine.tw === tw) return lastEngine;
  let e = engines.get(tw);
  if (e === undefined) {
    e = new Engine(tw);
    engines.set(tw, e);
  }
  lastEngine = e;
  return e;
}

/** The strike's output, read into the cue ball's state at once (so one object serves every call). */
const struckBall: StrikeOut = { vx: 0, vy: 0, wx: 0, wy: 0, wz: 0 };

function hasCueBall(balls: readonly { readonly id: number }[]): boolean {
  for (let k = 0; k < balls.length; k++) if (balls[k]!.id === 0) return true;
  return false;
}

/**
 * Simulates one shot: the cue strike on ball 0, then every ball until all
 * are at rest (or `maxTime`). Pure: same input, same output bits
 * (sim/README.md).
 */
export function simulate(
  layout: Layout,
  shot: Shot,
  params: PhysicsParams = DEFAULT_PHYSICS,
  options: SimOptions = {},
): Result<SimOutcome, SimError> {
  const bad = checkShot(shot);
  if (bad !== null) return err(bad);
  const balls = layout.balls;
  if (!hasCueBall(balls)) {
    return err(
      simError('E_SIM_NO_CUE_BALL', 'the cue ball (id 0) must be on the table to strike', {
        ball: 0,
      }),
    );
  }
  const s = struckBall;
  strike(shot, params, s);
  // Spelled out rather than a map with a spread: the states are made every call.
  const states: BallState[] = [];
  for (let k = 0; k < balls.length; k++) {
    const b = balls[k]!;
    states.push(
      b.id === 0 ? { id: 0, x: b.x, y: b.y, vx: s.vx, vy: s.vy, wx: s.wx, wy: s.wy, wz: s.wz } : b,
    );
  }
  return run(layout.table, states, params, options, true);
}

/**
 * Simulates from arbitrary ball velocities and spins (no strike event): the
 * tests use it to set up a stun or rolling ball exactly at a contact.
 */
export function simulateFrom(
  table: TableSize,
  balls: readonly BallState[],
  params: PhysicsParams = DEFAULT_PHYSICS,
  options: SimOptions = {},
): Result<SimOutcome, SimError> {
  return run(table, balls, params, options, false);
}

function run(
  table: TableSize,
  states: readonly BallState[],
  p: PhysicsParams,
  options: SimOptions,
  struck: boolean,
): Result<SimOutcome, SimError> {
  const badP = checkParams(p);
  if (badP !== null) return err(badP);
  const E = engineFor(table, p);
  const layoutIn: Layout = { table, balls: states };
  const badL = checkLayout(layoutIn, E.geo, p);
  if (badL !== null) return err(badL);
  return runChecked(E, table, states, p, options, struck);
}

/**
 * A shot from states already checked (params by checkParams, the layout by
 * checkLayout on this table): sim/prepared.ts, whose handle holds them.
 * Not part of the public API.
 */
export function runUnchecked(
  table: TableSize,
  states: readonly BallState[],
  p: PhysicsParams,
  options: SimOptions,
): Result<SimOutcome, SimError> {
  return runChecked(engineFor(table, p), table, states, p, options, true);
}

function runChecked(
  E: Engine,
  table: TableSize,
  states: readonly BallState[],
  p: PhysicsParams,
  options: SimOptions,
  struck: boolean,
): Result<SimOutcome, SimError> {
  E.p = p;
  const geo = E.geo;
  const hl = geo.length / 2;
  const hw = geo.width / 2;
  const b = E.balls;
  const n = states.length;
  E.n = n;
  E.cl.reset(n, p);
  E.cue = -1;
  for (let i = 0; i < n; i++) {
    const st = states[i]!;
    b.id[i] = st.id;
    b.x[i] = st.x - hl;
    b.y[i] = st.y - hw;
    b.vx[i] = st.vx ?? 0;
    b.vy[i] = st.vy ?? 0;
    b.wx[i] = st.wx ?? 0;
    b.wy[i] = st.wy ?? 0;
    b.wz[i] = st.wz ?? 0;
    b.t0[i] = 0;
    b.phase[i] = 0;
    b.rail[i] = -1;
    setPhase(b, i, p);
    if (st.id === 0) E.cue = i;
  }
  const events: ShotEvent[] = [];
  if (struck) events.push(strikeEvent(0));
  if (E.cue >= 0) E.cueSide = b.x[E.cue]! < geo.headStringX ? -1 : 1;
  for (let i = 0; i < n; i++) E.predictBall(i, 0);
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) E.predictPair(i, j, 0);
  E.predictHeadString(0);

  const maxTime = options.maxTime ?? 60;
  const maxEvents = options.maxEvents ?? 100_000;
  // Trace and energy, when asked for, are kept by a Recorder: no closure
  // over the loop's variables, which would put them on a heap context the
  // loop then reads through, and cost a context and closures every shot.
  const rec =
    options.trace === true || options.energy === true ? new Recorder(E, states, options) : null;
  let lastT = 0;
  let count = 0;

  for (;;) {
    // Earliest pending event; ties resolve in a fixed order (pairs, cushions,
    // pockets, phase changes, head string; lower slots first).
    let t = INF;
    let kind = -1;
    let a = -1;
    let c = -1;
    for (let i = 0; i < n; i++) {
      for (let j = i + 1; j < n; j++) {
        const pt = E.pairT[i * 16 + j]!;
        if (pt < t) {
          t = pt;
          kind = 0;
          a = i;
          c = j;
        }
      }
    }
    for (let i = 0; i < n; i++) {
      if (E.cushT[i]! < t) {
        t = E.cushT[i]!;
        kind = 1;
        a = i;
      }
    }
    for (let i = 0; i < n; i++) {
      if (E.holeT[i]! < t) {
        t = E.holeT[i]!;
        kind = 2;
        a = i;
      }
    }
    for (let i = 0; i < n; i++) {
      const ph = b.phase[i]!;
      if ((ph === SLIDING || ph === ROLLING) && b.tEnd[i]! < t) {
        t = b.tEnd[i]!;
        kind = 3;
        a = i;
      }
    }
    if (E.hsT < t) {
      t = E.hsT;
      kind = 4;
    }
    // An active cluster steps on until just before the next other event
    // (every ball outside it keeps its closed form that long).
    if (E.cl.active && E.cl.time + E.cl.dt < t) {
      if (++count > maxEvents) {
        return err(
          simError('E_SIM_EVENT_LIMIT', `more than ${maxEvents} events; degenerate configuration`),
        );
      }
      let done = false;
      while (E.cl.time + E.cl.dt < t) {
        done = E.stepCluster(events, E.cl.dt, rec);
        if (done) break;
      }
      if (done) {
        lastT = E.cl.time;
        E.endCluster(events, rec);
      }
      continue;
    }
    if (kind < 0) break;
    if (t > maxTime) {
      lastT = maxTime;
      break;
    }
    if (++count > maxEvents) {
      return err(
        simError('E_SIM_EVENT_LIMIT', `more than ${maxEvents} events; degenerate configuration`),
      );
    }
    if (rec !== null) rec.upTo(t);
    lastT = t;
    switch (kind) {
      case 0: {
        advance(b, a, t, p);
        advance(b, c, t, p);
        const vn = approachSpeed(b, a, c);
        if (
          vn > V_MIN
            ? vn < SOFT_SPEED || E.cl.crowded(a, c, t, vn)
            : vn > 0 && (b.rail[a]! >= 0 || b.rail[c]! >= 0 || pressedTogether(b, a, c))
        ) {
          // A third ball or a cushion within reach while this contact
          // lasts, or a contact so slow that the cloth matters during it
          // (however slow, when the cloth or a rail keeps the two pressed
          // together: impulses would only repeat ever sooner): compliant
          // contact (sim/cluster.ts) instead of a pairwise impulse.
          if (E.cl.active && E.cl.time < t) {
            // An episode is under way, a step short of t: bring it to t
            // first, so that the balls join it at t and it logs nothing
            // before this contact. If that ends it, this contact is taken
            // afresh once whatever its released balls do before t is done.
            if (E.stepCluster(events, t - E.cl.time, rec)) {
              E.endCluster(events, rec);
              lastT = t;
              E.repredict(a, t);
              E.repredict(c, t);
              break;
            }
          }
          events.push(contactEvent(t, b.id[a] as BallId, b.id[c] as BallId));
          E.cl.begin(a, c, t, vn);
          E.freeze(a);
          E.freeze(c);
          break;
        }
        const hit = collideBalls(b, a, c, p);
        if (hit) {
          events.push(contactEvent(t, b.id[a] as BallId, b.id[c] as BallId));
          b.rail[a] = -1;
          b.rail[c] = -1;
          setPhase(b, a, p);
          setPhase(b, c, p);
        }
        E.repredict(a, t);
        E.repredict(c, t);
        // A grazing touch that is not approaching: look past this instant.
        if (!hit) E.predictPair(a, c, t, GRAZE);
        break;
      }
      case 1: {
        advance(b, a, t, p);
        const code = E.cushF[a]!;
        const idx = code & 1023;
        if (code >> 10 === RAIL_END) {
          // Off the end of the line it was held along: free again, or on
          // round a jaw tip.
          const held = b.rail[a]!;
          b.rail[a] = -1;
          setPhase(b, a, p);
          if (held >> 10 === FEATURE_VERTEX) roundTip(b, a, held, geo, p);
          E.repredict(a, t);
          break;
        }
        let Nx: number;
        let Ny: number;
        let rail: 'head' | 'foot' | 'left' | 'right' | 'jaw';
        if (code >> 10 === FEATURE_SEGMENT) {
          const sgm = geo.segments[idx]!;
          Nx = sgm.nx;
          Ny = sgm.ny;
          rail = sgm.rail;
        } else {
          const v = geo.vertices[idx]!;
          const dx = b.x[a]! - v.x;
          const dy = b.y[a]! - v.y;
          const d = Math.sqrt(dx * dx + dy * dy);
          Nx = dx / d;
          Ny = dy / d;
          rail = 'jaw';
        }
        const hit = collideCushion(b, a, Nx, Ny, p);
        if (hit) {
          events.push(cushionEvent(t, b.id[a] as BallId, rail));
          b.rail[a] = -1;
          setPhase(b, a, p);
          if (b.phase[a] === SLIDING && pressed(b, a, Nx, Ny)) {
            if (code >> 10 === FEATURE_SEGMENT) {
              const sg = geo.segments[idx]!;
              hold(b, a, code, Nx, Ny, sg.px, sg.py, sg.ux, sg.uy, sg.len, p);
            } else holdTip(b, a, code, Nx, Ny, p);
          }
        }
        E.repredict(a, t);
        if (!hit) E.predictBall(a, t, GRAZE);
        break;
      }
      case 2: {
        advance(b, a, t, p);
        const h = geo.holes[E.holeF[a]! & 1023]!;
        b.phase[a] = POCKETED;
        b.vx[a] = 0;
        b.vy[a] = 0;
        b.tEnd[a] = INF;
        E.cushT[a] = INF;
        E.holeT[a] = INF;
        for (let k = 0; k < n; k++) if (k !== a) E.predictPair(a, k, t);
        if (a === E.cue) E.hsT = INF;
        events.push(pocketEvent(t, b.id[a] as BallId, h.pocket));
        break;
      }
      case 3: {
        advance(b, a, t, p);
        E.repredict(a, t);
        break;
      }
      default: {
        E.cueSide = -E.cueSide;
        events.push(headStringEvent(t, 0, E.cueSide > 0 ? 'out' : 'in'));
        // Re-predict from the crossing point (the state itself is unchanged).
        E.predictHeadString(t);
        break;
      }
    }
    if (rec !== null) rec.at(t);
  }

  // Everything that can move has stopped (or maxTime): settle and report.
  for (let i = 0; i < n; i++) {
    if (b.phase[i] === POCKETED) continue;
    if (b.phase[i] === SLIDING || b.phase[i] === ROLLING || b.phase[i] === SPINNING) {
      if (b.tEnd[i]! <= lastT) advance(b, i, b.tEnd[i]!, p);
      else advance(b, i, lastT, p);
    }
  }
  if (lastT < maxTime || events.length === 0 || allStill(b, n)) events.push(restEvent(lastT));
  const out: { id: BallId; x: number; y: number }[] = [];
  for (let i = 0; i < n; i++) {
    if (b.phase[i] === POCKETED) continue;
    out.push({ id: b.id[i] as BallId, x: b.x[i]! + hl, y: b.y[i]! + hw });
  }
  const layoutOut: Layout = { table, balls: out };
  // Safety net: every ball left on the table is where the next shot can
  // start from (the input check), or the shot is refused, not answered wrongly.
  const unfaithful = restsWell(b, n, geo, p) ? null : checkLayout(layoutOut, geo, p);
  if (unfaithful !== null) {
    return err(
      simError(
        'E_SIM_UNFAITHFUL',
        `the shot ended with a ball where none can rest (${unfaithful.message}); the model did not follow it faithfully`,
        unfaithful.ball !== undefined ? { ball: unfaithful.ball } : {},
      ),
    );
  }
  // Keep the planck ball bodies in step with the final layout (they are
  // the world's picture of the table between shots).
  const bodies = E.tw.balls;
  for (let i = 0; i < n; i++) {
    if (b.phase[i] !== POCKETED) {
      // setPosition copies the point, so one scratch point serves.
      const at = E.at;
      at.x = b.x[i]!;
      at.y = b.y[i]!;
      bodies[b.id[i]!]!.setPosition(at);
    }
  }
  const outcome: SimOutcome = { events, layout: layoutOut };
  if (rec?.trace !== undefined) outcome.trace = rec.trace;
  if (rec?.energy !== undefined) outcome.energy = rec.energy;
  return ok(outcome);
}

/**
 * After a bounce off a cushion (normal N into the table): whether the cloth
 * drives the ball back in before it has risen HOP off it. The bounces would
 * then only repeat ever smaller and sooner (a Zeno cascade, which no
 * sequence of impulses gets past); the ball stays in contact instead.
 */
function pressed(b: Balls, i: number, Nx: number, Ny: number): boolean {
  const vn = b.vx[i]! * Nx + b.vy[i]! * Ny;
  const an = b.ax[i]! * Nx + b.ay[i]! * Ny;
  return an < 0 && vn * vn <= -2 * an * HOP;
}

/**
 * Holds ball i against cushion feature `code` (normal N): no velocity into
 * it, and the centre runs along the line (px, py) + λ (ux, uy), 0 ≤ λ ≤ len,
 * until it leaves that line or the cloth stops driving it in (sim/motion.ts
 * `Balls.rail`; docs/physics.md "Rail contact").
 */
function hold(
  b: Balls,
  i: number,
  code: number,
  Nx: number,
  Ny: number,
  px: number,
  py: number,
  ux: number,
  uy: number,
  len: number,
  p: PhysicsParams,
): void {
  const vn = b.vx[i]! * Nx + b.vy[i]! * Ny;
  b.vx[i] = b.vx[i]! - vn * Nx;
  b.vy[i] = b.vy[i]! - vn * Ny;
  b.rail[i] = code;
  b.rnx[i] = Nx;
  b.rny[i] = Ny;
  b.rpx[i] = px;
  b.rpy[i] = py;
  b.rux[i] = ux;
  b.ruy[i] = uy;
  b.rlen[i] = len;
  setPhase(b, i, p);
}

/**
 * Held against a jaw tip (a point), the ball's centre goes round it on a
 * circle of radius R. It is followed in straight pieces along the tangent,
 * each short enough (TIP_PIECE either way) to stay within HOP of the
 * circle; at each piece's end `roundTip` puts it back on the circle.
 */
function holdTip(b: Balls, i: number, code: number, Nx: number, Ny: number, p: PhysicsParams) {
  const s = Math.sqrt(2 * p.R * HOP);
  hold(b, i, code, Nx, Ny, b.x[i]! + s * Ny, b.y[i]! - s * Nx, -Ny, Nx, 2 * s, p);
}

/**
 * At the end of a piece round jaw tip `code` (ball i free and advanced):
 * on round the tip while the cloth still drives the ball into it harder
 * than its turn round the tip needs (|a·N| > v²/R), back on the circle with
 * its speed along the new tangent (the tip's push does no work); otherwise
 * it leaves the tip as it is.
 */
function roundTip(b: Balls, i: number, code: number, geo: TableGeometry, p: PhysicsParams) {
  if (b.phase[i] !== SLIDING) return;
  const v = geo.vertices[code & 1023]!;
  const dx = b.x[i]! - v.x;
  const dy = b.y[i]! - v.y;
  const d = Math.sqrt(dx * dx + dy * dy);
  const Nx = dx / d;
  const Ny = dy / d;
  const vx = b.vx[i]!;
  const vy = b.vy[i]!;
  const vv = vx * vx + vy * vy;
  const an = b.ax[i]! * Nx + b.ay[i]! * Ny;
  if (!(an < 0 && -an * p.R > vv)) return;
  b.x[i] = v.x + p.R * Nx;
  b.y[i] = v.y + p.R * Ny;
  const vn = vx * Nx + vy * Ny;
  const tx = vx - vn * Nx;
  const ty = vy - vn * Ny;
  const vt = Math.sqrt(tx * tx + ty * ty);
  const k = vt > 0 ? Math.sqrt(vv) / vt : 0;
  b.vx[i] = tx * k;
  b.vy[i] = ty * k;
  holdTip(b, i, code, Nx, Ny, p);
}

/** Whether the balls' accelerations (the cloth's) drive touching balls i and j together. */
function pressedTogether(b: Balls, i: number, j: number): boolean {
  const nx = b.x[j]! - b.x[i]!;
  const ny = b.y[j]! - b.y[i]!;
  return (b.ax[i]! - b.ax[j]!) * nx + (b.ay[i]! - b.ay[j]!) * ny > 0;
}

/**
 * A fast sufficient test that the balls left on the table make a layout
 * `checkLayout` accepts: each inside the proven clear box, no two closer
 * than the overlap tolerance allows. False proves nothing (the caller then
 * runs the full check, which names the ball).
 */
function restsWell(b: Balls, n: number, geo: TableGeometry, p: PhysicsParams): boolean {
  const box = clearBox(geo, p.R);
  if (box === null) return false;
  const lim = 2 * p.R - OVERLAP_TOLERANCE;
  const lim2 = lim * lim;
  for (let i = 0; i < n; i++) {
    if (b.phase[i] === POCKETED) continue;
    const x = b.x[i]!;
    const y = b.y[i]!;
    if (!(Math.abs(x) <= box.x && Math.abs(y) <= box.y)) return false;
    for (let j = i + 1; j < n; j++) {
      if (b.phase[j] === POCKETED) continue;
      const dx = b.x[j]! - x;
      const dy = b.y[j]! - y;
      if (dx * dx + dy * dy < lim2) return false;
    }
  }
  return true;
}

/** Normal approach speed of balls i and j (> 0: closing). */
function approachSpeed(b: Balls, i: number, j: number): number {
  const nx = b.x[j]! - b.x[i]!;
  const ny = b.y[j]! - b.y[i]!;
  const d = Math.sqrt(nx * nx + ny * ny);
  return ((b.vx[i]! - b.vx[j]!) * nx + (b.vy[i]! - b.vy[j]!) * ny) / d;
}

function allStill(b: Balls, n: number): boolean {
  for (let i = 0; i < n; i++) {
    const ph = b.phase[i]!;
    if (ph === SLIDING || ph === ROLLING || ph === CLUSTER) return false;
  }
  return true;
}

function newTrace(states: readonly BallState[]): Record<number, TraceSample[]> {
  const tr: Record<number, TraceSample[]> = {};
  for (const s of states) tr[s.id] = [];
  return tr;
}

/**
 * Whether a layout is a position the simulator accepts (balls on the slate,
 * clear of the cushions, jaws, holes and each other), without simulating:
 * for callers that place a ball (the planner's cue ball in hand).
 */
export function checkPosition(
  layout: Layout,
  params: PhysicsParams = DEFAULT_PHYSICS,
): SimError | null {
  return checkLayout(layout, engineFor(layout.table, params).geo, params);
}
