import type { BallId } from '../engine/ball.js';
import { dexp } from '../engine/dmath.js';
import type { ShotEvent } from '../engine/shotEvent.js';
import { type ContactModel, contactModel, contactReach, contactTime } from './contact.js';
import { collideCushion } from './cushion.js';
import { contactEvent, cushionEvent } from './events.js';
import {
  advance,
  type Balls,
  CLUSTER,
  kineticEnergyAt,
  POCKETED,
  peek,
  STATIONARY,
  setPhase,
  V_EPS,
} from './motion.js';
import type { PhysicsParams } from './params.js';
import type { TableGeometry } from './tableGeometry.js';

/**
 * Compliant contact dynamics for clusters (a rack, frozen balls, a ball
 * driven into touching balls).
 *
 * The event loop treats an isolated ball–ball contact as instantaneous
 * (sim/collision.ts). That is exact while a contact is over before the
 * struck ball reaches anything else. It is not in a cluster: a contact lasts
 * 0.25–0.4 ms and squeezes the balls by up to ≈ 1 mm (sim/contact.ts), while
 * the gaps in a rack are ≈ 0.1 mm, crossed in ≈ 10 µs at break speed, so
 * every contact in the rack is still loaded when its neighbours load.
 * Resolved pairwise, one after the other, the rack's impulse runs along its
 * straight lines and the two back corner balls leave with ~90 % of the
 * energy while the rest barely moves (sim/README.md has the measurements).
 *
 * So when a contact starts with a third ball within reach of it
 * (`contactReach`, a few maximum overlaps at that speed), or so slowly
 * (< SOFT_SPEED) that the cloth matters while it lasts, the balls involved
 * switch to phase CLUSTER and this solver integrates them together: Hertz
 * contacts with speed-independent restitution (sim/contact.ts), ball–ball
 * friction as in collision.ts applied per step (Coulomb with μ(v), capped at
 * sticking), cloth friction as in motion.ts (sliding, rolling, ωz decay),
 * cushion and jaw contacts as the usual impulse (cushion.ts). Balls that
 * touch a member join. The step is a fixed fraction of the contact time at
 * the fastest approach seen; the integration is symplectic Euler with all
 * pair forces of a step computed from one state (no order dependence). The
 * episode ends as soon as no two members overlap or touch and close within
 * a step; the balls then go back to their closed-form phases. Kinetic
 * energy cannot rise across an episode: if rounding of the integration ever
 * gave back more than went in, the members' velocities relative to their
 * common centre of mass are scaled down to match (momentum unchanged).
 *
 * Only +, −, ×, ÷, sqrt and the exp of ball–ball μ(v), in a fixed order
 * (members in slot order), so it keeps the determinism contract.
 */

/**
 * Below this approach speed (m/s) a contact is also resolved here, even
 * alone: the cloth then changes the balls' speeds by more than ~5 % while
 * the contact lasts (μs g τ ≈ 1–2 mm/s), so an instantaneous impulse is
 * wrong, and a ball chased by a slower-braking one would otherwise bounce
 * off it ever faster (a Zeno cascade of impulses) instead of pushing it.
 */
export const SOFT_SPEED = 0.03;
/** Integration steps per contact duration at the fastest approach in the cluster. */
const STEPS_PER_CONTACT = 32;
/** A closing gap below this (m) is a contact (as in the event loop, sim/simulate.ts). */
const TOUCH = 1e-9;
/** Overlaps below this (m) are rounding between frozen balls, not a loaded contact. */
const OVERLAP_EPS = 1e-10;
/** Safety valve: a cluster episode never runs longer than this many steps. */
const MAX_STEPS = 20_000;
/**
 * A member pressed against a cushion by its neighbours takes an impulse at
 * every step it moves in; one contact is logged until it has left the
 * cushion feature by this much (m), as a rack gap.
 */
const CUSHION_SEPARATION = 1e-4;
/**
 * Two members that part but would be driven back together by the cloth
 * before their gap opens this far (m) are still one contact: the episode
 * goes on (else it would end and start again ever sooner, a Zeno cascade of
 * episodes, as for a ball pressed into a rail: sim/simulate.ts HOP).
 */
const REJOIN = 1e-6;
/** Rounds of moving released members out of the cushions and apart at an episode's end. */
const SEPARATION_PASSES = 100;

export class Cluster {
  active = false;
  /** Time of the members' state, s. */
  time = 0;
  /** Step, s. */
  dt = 0;
  steps = 0;
  /** Kinetic energy brought in by the members, J. */
  keIn = 0;
  count = 0;
  /** Members in ascending slot order. */
  readonly list = new Int32Array(16);
  readonly member = new Uint8Array(16);
  /** Pairs (i·16 + j, i < j) in contact at the last step. */
  readonly touching = new Uint8Array(256);
  readonly dvx = new Float64Array(16);
  readonly dvy = new Float64Array(16);
  readonly dwx = new Float64Array(16);
  readonly dwy = new Float64Array(16);
  readonly dwz = new Float64Array(16);
  /** Position when it joined and clearance to every cushion feature then. */
  readonly sx = new Float64Array(16);
  readonly sy = new Float64Array(16);
  readonly clear = new Float64Array(16);
  /** Cushion features (bit k: segment k, then the vertices) each member is within CUSHION_SEPARATION of. */
  readonly near = new Int32Array(16);
  /** Bit mask of balls that joined during the last step (the caller invalidates their predictions). */
  joined = 0;
  n = 0;
  p!: PhysicsParams;
  model!: ContactModel;
  private readonly o = new Float64Array(4);

  constructor(
    readonly b: Balls,
    readonly geo: TableGeometry,
  ) {}

  /** Per shot. */
  reset(n: number, p: PhysicsParams): void {
    this.n = n;
    if (this.p !== p) this.model = contactModel(p);
    this.p = p;
    this.active = false;
    this.count = 0;
    this.member.fill(0);
    this.touching.fill(0);
  }

  /**
   * Does the contact of a and c (both at time t, approaching at vn) have a
   * third ball within reach while it lasts? Members of an active cluster
   * count as third balls.
   */
  crowded(a: number, c: number, t: number, vn: number): boolean {
    const b = this.b;
    const R2 = 2 * this.p.R;
    const reach = contactReach(this.model, vn);
    const window = 2 * contactTime(this.model, vn);
    const o = this.o;
    for (let k = 0; k < this.n; k++) {
      if (k === a || k === c || b.phase[k] === POCKETED) continue;
      peek(b, k, t, o);
      const kx = o[0]!;
      const ky = o[1]!;
      const kvx = o[2]!;
      const kvy = o[3]!;
      for (let u = 0; u < 2; u++) {
        const s = u === 0 ? a : c;
        const dx = kx - b.x[s]!;
        const dy = ky - b.y[s]!;
        const rvx = kvx - b.vx[s]!;
        const rvy = kvy - b.vy[s]!;
        const lim = R2 + reach + Math.sqrt(rvx * rvx + rvy * rvy) * window;
        if (dx * dx + dy * dy < lim * lim) return true;
      }
    }
    // A cushion is a third body too: a ball driven into a rail or jaw while
    // it is still loaded by the other is a three-body contact (resolved one
    // impulse at a time, it chatters between the two ever faster).
    for (let u = 0; u < 2; u++) {
      const s = u === 0 ? a : c;
      const v = Math.sqrt(b.vx[s]! * b.vx[s]! + b.vy[s]! * b.vy[s]!);
      if (this.nearCushion(b.x[s]!, b.y[s]!, this.p.R + reach + v * window)) return true;
    }
    return false;
  }

  /** Whether some cushion nose, jaw or jaw tip is closer than d to the point (x, y). */
  private nearCushion(x: number, y: number, d: number): boolean {
    const geo = this.geo;
    // Every feature lies on or outside the playing rectangle.
    if (Math.min(geo.length / 2 - Math.abs(x), geo.width / 2 - Math.abs(y)) >= d) return false;
    for (const s of geo.segments) {
      const rx = x - s.px;
      const ry = y - s.py;
      const lam = rx * s.ux + ry * s.uy;
      if (lam < 0 || lam > s.len) continue;
      const dist = rx * s.nx + ry * s.ny;
      if (dist < d && dist > -this.p.R) return true;
    }
    for (const v of geo.vertices) {
      const dx = x - v.x;
      const dy = y - v.y;
      if (dx * dx + dy * dy < d * d) return true;
    }
    return false;
  }

  /** Starts an episode (or adds to the active one) with the contact of a and c at time t. */
  begin(a: number, c: number, t: number, vn: number): void {
    if (!this.active) {
      this.active = true;
      this.time = t;
      this.steps = 0;
      this.keIn = 0;
      this.dt = Number.POSITIVE_INFINITY;
    }
    this.limitStep(vn);
    this.add(a, t);
    this.add(c, t);
    this.touching[a < c ? a * 16 + c : c * 16 + a] = 1;
  }

  private limitStep(v: number): void {
    const h = contactTime(this.model, v) / STEPS_PER_CONTACT;
    if (h < this.dt) this.dt = h;
  }

  /**
   * Makes ball i a member. Its state is at time t ≥ this.time (advanced by
   * the caller); it is carried back in a straight line to the cluster's
   * time, as the cluster moves free balls.
   */
  private add(i: number, t: number): void {
    if (this.member[i] === 1) return;
    const b = this.b;
    const back = t - this.time;
    this.keIn += kineticEnergyAt(b, i, t, this.p);
    b.x[i] = b.x[i]! - b.vx[i]! * back;
    b.y[i] = b.y[i]! - b.vy[i]! * back;
    b.t0[i] = this.time;
    b.phase[i] = CLUSTER;
    b.rail[i] = -1;
    b.ax[i] = 0;
    b.ay[i] = 0;
    b.alx[i] = 0;
    b.aly[i] = 0;
    b.tEnd[i] = Number.POSITIVE_INFINITY;
    this.member[i] = 1;
    this.near[i] = 0;
    let k = this.count++;
    while (k > 0 && this.list[k - 1]! > i) {
      this.list[k] = this.list[k - 1]!;
      k--;
    }
    this.list[k] = i;
    const x = b.x[i]!;
    const y = b.y[i]!;
    this.sx[i] = x;
    this.sy[i] = y;
    // Every cushion nose, jaw and jaw tip lies on or outside the playing
    // rectangle, so this is a lower bound on the distance to any of them.
    this.clear[i] =
      Math.min(this.geo.length / 2 - Math.abs(x), this.geo.width / 2 - Math.abs(y)) - this.p.R;
  }

  /**
   * One step of h (this.dt, or less to end at the next event outside) from
   * this.time. Returns true when the episode is over: either (doing
   * nothing) no two members overlap or would within the step, or the step
   * limit is reached. The caller only steps while every ball outside the
   * cluster keeps its closed form to the step's end.
   */
  step(events: ShotEvent[], h = this.dt): boolean {
    const b = this.b;
    const p = this.p;
    const { k: K, c: C } = this.model;
    const R = p.R;
    const R2 = 2 * R;
    const m = p.m;
    const f = p.ballFriction;
    const list = this.list;
    const cnt = this.count;
    this.joined = 0;
    const { dvx, dvy, dwx, dwy, dwz } = this;
    for (let q = 0; q < cnt; q++) {
      const i = list[q]!;
      dvx[i] = 0;
      dvy[i] = 0;
      dwx[i] = 0;
      dwy[i] = 0;
      dwz[i] = 0;
    }
    let busy = false;
    const kI = R / (0.4 * m * R * R);
    const t1 = this.time + h;
    for (let q = 0; q < cnt; q++) {
      const i = list[q]!;
      const xi = b.x[i]!;
      const yi = b.y[i]!;
      for (let r = q + 1; r < cnt; r++) {
        const j = list[r]!;
        const key = i * 16 + j;
        const dx = b.x[j]! - xi;
        const dy = b.y[j]! - yi;
        const d2 = dx * dx + dy * dy;
        const rvx = b.vx[i]! - b.vx[j]!;
        const rvy = b.vy[i]! - b.vy[j]!;
        if (d2 >= R2 * R2) {
          const closing = dx * rvx + dy * rvy;
          if (closing <= 0) {
            if (this.touching[key] === 1 && this.rejoins(i, j, dx, dy, d2, closing)) busy = true;
            else this.touching[key] = 0;
          } else if (!busy) {
            // Touching (as the event loop counts it) or about to within this step?
            const lim = R2 + TOUCH + Math.sqrt(rvx * rvx + rvy * rvy) * h;
            if (d2 < lim * lim) {
              const d = Math.sqrt(d2);
              if ((closing / d) * h > d - R2 - TOUCH) busy = true;
            }
          }
          continue;
        }
        const d = Math.sqrt(d2);
        const nx = dx / d;
        const ny = dy / d;
        const del = R2 - d;
        const vn = rvx * nx + rvy * ny;
        // A loaded contact, or one still closing, keeps the episode going
        // (a rounding-level overlap of frozen balls at rest does not).
        if (del > OVERLAP_EPS || vn > 0) busy = true;
        const sd = Math.sqrt(del);
        let F = K * del * sd + C * Math.sqrt(sd) * vn;
        if (F < 0) F = 0;
        if (this.touching[key] === 0) {
          this.touching[key] = 1;
          events.push(contactEvent(t1, b.id[i] as BallId, b.id[j] as BallId));
          if (vn > 0) this.limitStep(vn);
        }
        if (F === 0) continue;
        const Jn = F * h;
        // Impulse on j: +Jn n̂ + Jt t̂; on i the opposite (collision.ts, per step).
        let px = Jn * nx;
        let py = Jn * ny;
        const wxs = b.wx[i]! + b.wx[j]!;
        const wys = b.wy[i]! + b.wy[j]!;
        const wzs = b.wz[i]! + b.wz[j]!;
        const wx = rvx - R * wzs * ny;
        const wy = rvy + R * wzs * nx;
        const wz = R * (wxs * ny - wys * nx);
        const wn = wx * nx + wy * ny;
        const tx = wx - wn * nx;
        const ty = wy - wn * ny;
        const slip = Math.sqrt(tx * tx + ty * ty + wz * wz);
        if (slip > 0) {
          const mu = f.a + f.b * dexp(-f.c * slip);
          const stick = (m * slip) / 7;
          const muJ = mu * Jn;
          const Jt = Math.min(muJ, stick);
          const hx = tx / slip;
          const hy = ty / slip;
          const hz = wz / slip;
          px += Jt * hx;
          py += Jt * hy;
          const kk = kI * Jt;
          const cx = ny * hz;
          const cy = -nx * hz;
          const cz = nx * hy - ny * hx;
          dwx[i] = dwx[i]! - kk * cx;
          dwy[i] = dwy[i]! - kk * cy;
          dwz[i] = dwz[i]! - kk * cz;
          dwx[j] = dwx[j]! - kk * cx;
          dwy[j] = dwy[j]! - kk * cy;
          dwz[j] = dwz[j]! - kk * cz;
        }
        dvx[i] = dvx[i]! - px / m;
        dvy[i] = dvy[i]! - py / m;
        dvx[j] = dvx[j]! + px / m;
        dvy[j] = dvy[j]! + py / m;
      }
    }
    if (!busy) return true;
    // Cloth (motion.ts, laws 1–2), applied after the contact impulses: sliding
    // friction μs m g against the contact-point slip until the ball rolls,
    // then rolling resistance μr m g; ωz decays.
    const ks = p.muSlide * p.g;
    const kr = p.muRoll * p.g * h;
    const slideDu = 3.5 * ks * h;
    const ka = (2.5 * ks * h) / R;
    const dz = p.spinDecay * h;
    for (let q = 0; q < cnt; q++) {
      const i = list[q]!;
      let vx = b.vx[i]! + dvx[i]!;
      let vy = b.vy[i]! + dvy[i]!;
      let wx = b.wx[i]! + dwx[i]!;
      let wy = b.wy[i]! + dwy[i]!;
      const ux = vx - R * wy;
      const uy = vy + R * wx;
      const u = Math.sqrt(ux * ux + uy * uy);
      if (u > V_EPS) {
        // Fraction of the step spent sliding (the slip falls at 3.5 μs g).
        const f = u > slideDu ? 1 : u / slideDu;
        const hx = ux / u;
        const hy = uy / u;
        vx -= ks * h * f * hx;
        vy -= ks * h * f * hy;
        wx -= ka * f * hy;
        wy += ka * f * hx;
        if (f < 1) {
          wx = -vy / R;
          wy = vx / R;
        }
      } else {
        const v = Math.sqrt(vx * vx + vy * vy);
        const s = v > kr ? 1 - kr / v : 0;
        vx *= s;
        vy *= s;
        wx = -vy / R;
        wy = vx / R;
      }
      const wz = b.wz[i]! + dwz[i]!;
      b.wz[i] = wz > dz ? wz - dz : wz < -dz ? wz + dz : 0;
      b.vx[i] = vx;
      b.vy[i] = vy;
      b.wx[i] = wx;
      b.wy[i] = wy;
      b.x[i] = b.x[i]! + vx * h;
      b.y[i] = b.y[i]! + vy * h;
      b.t0[i] = t1;
    }
    this.time = t1;
    this.steps++;
    // Cushions and jaws: only balls that may have got near one since they joined.
    for (let q = 0; q < cnt; q++) {
      const i = list[q]!;
      const cl = this.clear[i]!;
      if (cl > 0) {
        const ex = b.x[i]! - this.sx[i]!;
        const ey = b.y[i]! - this.sy[i]!;
        if (ex * ex + ey * ey < cl * cl) {
          this.near[i] = 0;
          continue;
        }
      }
      this.cushions(i, events);
    }
    // Balls outside the cluster that a member now touches join it.
    const o = this.o;
    for (let k = 0; k < this.n; k++) {
      if (this.member[k] === 1 || b.phase[k] === POCKETED) continue;
      peek(b, k, t1, o);
      const kx = o[0]!;
      const ky = o[1]!;
      for (let q = 0; q < this.count; q++) {
        const i = list[q]!;
        const dx = kx - b.x[i]!;
        const dy = ky - b.y[i]!;
        if (dx * dx + dy * dy < R2 * R2) {
          // Bring k's closed form to t1 (valid: the caller stops the
          // cluster before any outside ball's phase ends), then into the cluster.
          advance(b, k, t1, p);
          this.add(k, t1);
          const rvx = b.vx[k]! - b.vx[i]!;
          const rvy = b.vy[k]! - b.vy[i]!;
          this.limitStep(Math.sqrt(rvx * rvx + rvy * rvy));
          this.joined |= 1 << k;
          break;
        }
      }
    }
    return this.steps >= MAX_STEPS;
  }

  /**
   * The cloth's acceleration of member i (its state at the step's start)
   * into out[k], out[k + 1]: sliding friction, which can turn a ball back;
   * zero when it rolls (rolling resistance only stops it).
   */
  private cloth(i: number, out: Float64Array, k: number): void {
    const b = this.b;
    const R = this.p.R;
    const ux = b.vx[i]! - R * b.wy[i]!;
    const uy = b.vy[i]! + R * b.wx[i]!;
    const u = Math.sqrt(ux * ux + uy * uy);
    const ks = u > V_EPS ? (this.p.muSlide * this.p.g) / u : 0;
    out[k] = -ks * ux;
    out[k + 1] = -ks * uy;
  }

  /**
   * Whether members i and j, parting (closing ≤ 0) at centre offset (dx, dy),
   * come back together under their cloth accelerations before their gap
   * has opened REJOIN.
   */
  private rejoins(i: number, j: number, dx: number, dy: number, d2: number, closing: number) {
    this.cloth(i, this.o, 0);
    this.cloth(j, this.o, 2);
    const o = this.o;
    const d = Math.sqrt(d2);
    const pull = ((o[0]! - o[2]!) * dx + (o[1]! - o[3]!) * dy) / d;
    if (!(pull > 0)) return false;
    const s = -closing / d;
    return d - 2 * this.p.R + (s * s) / (2 * pull) < REJOIN;
  }

  /**
   * Cushion noses, jaws and jaw tips against member i (cushion.ts impulse);
   * a contact is logged when it starts, not at every step it is pressed.
   */
  private cushions(i: number, events: ShotEvent[]): void {
    const b = this.b;
    const R = this.p.R;
    const x = b.x[i]!;
    const y = b.y[i]!;
    const segs = this.geo.segments;
    const was = this.near[i]!;
    let near = 0;
    const far = R + CUSHION_SEPARATION;
    for (let k = 0; k < segs.length; k++) {
      const s = segs[k]!;
      const rx = x - s.px;
      const ry = y - s.py;
      const lam = rx * s.ux + ry * s.uy;
      if (lam < 0 || lam > s.len) continue;
      const dist = rx * s.nx + ry * s.ny;
      if (dist >= far || dist <= -R) continue;
      near |= 1 << k;
      if (dist >= R) continue;
      if (collideCushion(b, i, s.nx, s.ny, this.p) && !((was >> k) & 1)) {
        events.push(cushionEvent(this.time, b.id[i] as BallId, s.rail));
      }
      // The cushion is rigid: the ball goes back to R from it (a ball
      // squeezed into it by its neighbours would sink in step by step, and
      // two balls in a pocket's jaws could lock in overlapping).
      b.x[i] = b.x[i]! + (R - dist) * s.nx;
      b.y[i] = b.y[i]! + (R - dist) * s.ny;
    }
    const verts = this.geo.vertices;
    for (let k = 0; k < verts.length; k++) {
      const v = verts[k]!;
      const dx = x - v.x;
      const dy = y - v.y;
      const d2 = dx * dx + dy * dy;
      if (d2 >= far * far || d2 === 0) continue;
      const bit = 1 << (segs.length + k);
      near |= bit;
      if (d2 >= R * R) continue;
      const d = Math.sqrt(d2);
      if (collideCushion(b, i, dx / d, dy / d, this.p) && !(was & bit)) {
        events.push(cushionEvent(this.time, b.id[i] as BallId, 'jaw'));
      }
      b.x[i] = v.x + (dx / d) * R;
      b.y[i] = v.y + (dy / d) * R;
    }
    this.near[i] = near;
  }

  /**
   * Moves member i out of any cushion nose, jaw or jaw tip it was pressed
   * into (a neighbour's Hertz force can hold it there by up to a squeeze),
   * so that the released ball starts where the event loop can take it: on
   * the slate, at least R from every cushion.
   */
  private clearCushions(i: number): void {
    const b = this.b;
    const R = this.p.R;
    for (const s of this.geo.segments) {
      const rx = b.x[i]! - s.px;
      const ry = b.y[i]! - s.py;
      const lam = rx * s.ux + ry * s.uy;
      if (lam < 0 || lam > s.len) continue;
      const dist = rx * s.nx + ry * s.ny;
      if (dist >= R || dist <= -R) continue;
      b.x[i] = b.x[i]! + (R - dist) * s.nx;
      b.y[i] = b.y[i]! + (R - dist) * s.ny;
    }
    for (const v of this.geo.vertices) {
      const dx = b.x[i]! - v.x;
      const dy = b.y[i]! - v.y;
      const d2 = dx * dx + dy * dy;
      if (d2 >= R * R || d2 === 0) continue;
      const k = R / Math.sqrt(d2);
      b.x[i] = v.x + dx * k;
      b.y[i] = v.y + dy * k;
    }
  }

  /**
   * Ends the episode at this.time: separates any pair still overlapping
   * (only after MAX_STEPS), keeps kinetic energy from rising, and hands the
   * members back to their closed-form phases. Returns the bit mask of the
   * released balls.
   */
  finish(): number {
    const b = this.b;
    const p = this.p;
    const list = this.list;
    const cnt = this.count;
    const R2 = 2 * p.R;
    // Out of the cushions, then apart; again while that pushed one back
    // into a cushion (two balls jammed in a pocket's jaws).
    for (let pass = 0; pass < SEPARATION_PASSES; pass++) {
      for (let q = 0; q < cnt; q++) this.clearCushions(list[q]!);
      let moved = false;
      for (let q = 0; q < cnt; q++) {
        const i = list[q]!;
        for (let r = q + 1; r < cnt; r++) {
          const j = list[r]!;
          const dx = b.x[j]! - b.x[i]!;
          const dy = b.y[j]! - b.y[i]!;
          const d2 = dx * dx + dy * dy;
          if (d2 >= R2 * R2 || d2 === 0) continue;
          const d = Math.sqrt(d2);
          const s = (0.5 * (R2 - d) * (1 + 1e-9)) / d;
          b.x[i] = b.x[i]! - dx * s;
          b.y[i] = b.y[i]! - dy * s;
          b.x[j] = b.x[j]! + dx * s;
          b.y[j] = b.y[j]! + dy * s;
          moved = true;
        }
      }
      if (!moved) break;
    }
    // Energy: KE_out ≤ KE_in, scaling motion relative to the centre of mass if not.
    let keOut = 0;
    let px = 0;
    let py = 0;
    for (let q = 0; q < cnt; q++) {
      const i = list[q]!;
      keOut += kineticEnergyAt(b, i, this.time, p);
      px += b.vx[i]!;
      py += b.vy[i]!;
    }
    if (keOut > this.keIn) {
      const cx = px / cnt;
      const cy = py / cnt;
      const keCm = 0.5 * p.m * cnt * (cx * cx + cy * cy);
      const rel = keOut - keCm;
      const s = rel > 0 && this.keIn > keCm ? Math.sqrt((this.keIn - keCm) / rel) : 0;
      for (let q = 0; q < cnt; q++) {
        const i = list[q]!;
        b.vx[i] = cx + (b.vx[i]! - cx) * s;
        b.vy[i] = cy + (b.vy[i]! - cy) * s;
        b.wx[i] = b.wx[i]! * s;
        b.wy[i] = b.wy[i]! * s;
        b.wz[i] = b.wz[i]! * s;
      }
    }
    let mask = 0;
    for (let q = 0; q < cnt; q++) {
      const i = list[q]!;
      b.t0[i] = this.time;
      b.phase[i] = STATIONARY;
      setPhase(b, i, p);
      this.member[i] = 0;
      mask |= 1 << i;
    }
    for (let q = 0; q < cnt; q++) {
      const i = list[q]!;
      for (let r = q + 1; r < cnt; r++) this.touching[i * 16 + list[r]!] = 0;
    }
    this.count = 0;
    this.active = false;
    return mask;
  }
}
