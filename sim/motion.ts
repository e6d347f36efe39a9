import type { PhysicsParams } from './params.js';

/**
 * Ball state and free motion on the cloth, in closed form (docs/physics.md laws
 * 1–2; the same equations as Leckie & Greenspan and pooltool's event-based
 * model, written from the laws, not copied).
 *
 * Contact point with the cloth is −R ẑ, so its slip velocity is
 *   u = v + ω × (−R ẑ) = (vx − R ωy, vy + R ωx).
 * - SLIDING: Coulomb friction μs m g opposes û. Then du/dt = −(7/2) μs g û,
 *   so û is constant, |u| falls linearly and the ball rolls at
 *   t = 2|u₀| / (7 μs g). Meanwhile v = v₀ − μs g û t (a parabola in x, y)
 *   and ω_xy = ω₀ + (5 μs g / 2R)(ẑ × û) t.
 * - ROLLING: u = 0, ω_xy = ẑ × v / R, v decelerates at μr g along v̂ and stops
 *   at t = |v| / (μr g) after v² / (2 μr g).
 * - SPINNING: at rest, ωz decays at `spinDecay` rad/s² to zero.
 * - ωz decays at `spinDecay` in every phase; it never changes the path.
 * Each phase holds a constant acceleration, so position is an exact
 * quadratic in time: no step, no integration error (docs/physics.md pitfall
 * "Integration").
 */
export const STATIONARY = 0;
export const SPINNING = 1;
export const ROLLING = 2;
export const SLIDING = 3;
export const POCKETED = 4;
/**
 * In a compliant cluster contact (sim/cluster.ts): the cluster solver owns
 * the state (it applies contacts and cloth once per step of a few µs);
 * between its steps the ball moves in a straight line at its stored velocity.
 */
export const CLUSTER = 5;
export type Phase = 0 | 1 | 2 | 3 | 4 | 5;

/** Speeds below this are zero (m/s, or rad/s × R): far below any measurable motion. */
export const V_EPS = 1e-9;

/** Struct-of-arrays state of up to 16 balls, indexed by slot (slot = position in the input). */
export class Balls {
  readonly n: number;
  readonly id = new Int32Array(16);
  readonly x = new Float64Array(16);
  readonly y = new Float64Array(16);
  readonly vx = new Float64Array(16);
  readonly vy = new Float64Array(16);
  readonly wx = new Float64Array(16);
  readonly wy = new Float64Array(16);
  readonly wz = new Float64Array(16);
  /** Time of the stored state (each ball keeps its own time base). */
  readonly t0 = new Float64Array(16);
  /** Constant linear acceleration of the current phase. */
  readonly ax = new Float64Array(16);
  readonly ay = new Float64Array(16);
  /** Constant angular acceleration of ωx, ωy while sliding. */
  readonly alx = new Float64Array(16);
  readonly aly = new Float64Array(16);
  /** Absolute time the current phase ends (Infinity when still). */
  readonly tEnd = new Float64Array(16);
  readonly phase = new Uint8Array(16);
  /**
   * Rail contact: the feature code (sim/world.ts: a cushion segment, or a
   * jaw tip) a sliding ball is held against, or −1; the contact's unit
   * normal into the table; and the line the ball's centre runs along while
   * held (start, unit direction, length), past whose ends it is free again.
   */
  readonly rail = new Int32Array(16).fill(-1);
  readonly rnx = new Float64Array(16);
  readonly rny = new Float64Array(16);
  readonly rpx = new Float64Array(16);
  readonly rpy = new Float64Array(16);
  readonly rux = new Float64Array(16);
  readonly ruy = new Float64Array(16);
  readonly rlen = new Float64Array(16);

  constructor(n: number) {
    this.n = n;
  }
}

/**
 * A ball held against a rail (`Balls.rail`) slides in pieces: each lasts this
 * fraction of the time the slip would take to vanish in free sliding, with
 * the slip direction of its start, so the piecewise path follows the turning
 * slip (docs/physics.md "Rail contact": 5 mm from the exact path over metres).
 */
export const RAIL_PIECE = 0.5;
/** Below this slip (m/s) a ball on a rail drops its last slip into the rail at once. */
export const RAIL_SLIP_END = 0.01;

/**
 * Classifies ball i from its current state and sets the phase, the phase's
 * constant accelerations and its end time (absolute, from b.t0).
 */
export function setPhase(b: Balls, i: number, p: PhysicsParams): void {
  if (b.phase[i] === POCKETED) return;
  const R = p.R;
  const vx = b.vx[i]!;
  const vy = b.vy[i]!;
  const ux = vx - R * b.wy[i]!;
  const uy = vy + R * b.wx[i]!;
  const u = Math.sqrt(ux * ux + uy * uy);
  const t0 = b.t0[i]!;
  b.alx[i] = 0;
  b.aly[i] = 0;
  if (u > V_EPS) {
    const k = p.muSlide * p.g;
    const hx = ux / u;
    const hy = uy / u;
    let ax = -k * hx;
    let ay = -k * hy;
    let end = u / (3.5 * k);
    if (b.rail[i]! >= 0) {
      const nx = b.rnx[i]!;
      const ny = b.rny[i]!;
      const hn = hx * nx + hy * ny;
      if (hn > 0 && u > RAIL_SLIP_END) {
        // The cloth drives the ball into the rail, which holds it: the
        // normal part of the friction is taken by the cushion (no work,
        // v·N = 0), its torque still turns the slip; one piece (RAIL_PIECE).
        ax += k * hn * nx;
        ay += k * hn * ny;
        end *= RAIL_PIECE;
      } else {
        b.rail[i] = -1;
        if (hn > 0) {
          // The last of the slip into the rail goes at once: turn the spin
          // that drives it (about the rail's direction) to cancel it.
          const vn = vx * nx + vy * ny;
          const ds = -vn / R - (b.wx[i]! * ny - b.wy[i]! * nx);
          b.wx[i] = b.wx[i]! + ds * ny;
          b.wy[i] = b.wy[i]! - ds * nx;
        }
        setPhase(b, i, p);
        return;
      }
    }
    b.phase[i] = SLIDING;
    b.ax[i] = ax;
    b.ay[i] = ay;
    const ka = (2.5 * k) / R;
    b.alx[i] = -ka * hy;
    b.aly[i] = ka * hx;
    b.tEnd[i] = t0 + end;
    return;
  }
  b.rail[i] = -1;
  const v = Math.sqrt(vx * vx + vy * vy);
  if (v > V_EPS) {
    const k = p.muRoll * p.g;
    b.phase[i] = ROLLING;
    b.ax[i] = (-k * vx) / v;
    b.ay[i] = (-k * vy) / v;
    // Lock the spin to the roll exactly (u = 0).
    b.wx[i] = -vy / R;
    b.wy[i] = vx / R;
    b.tEnd[i] = t0 + v / k;
    return;
  }
  b.vx[i] = 0;
  b.vy[i] = 0;
  b.wx[i] = 0;
  b.wy[i] = 0;
  b.ax[i] = 0;
  b.ay[i] = 0;
  const wz = b.wz[i]!;
  if (wz > V_EPS || wz < -V_EPS) {
    b.phase[i] = SPINNING;
    b.tEnd[i] = t0 + Math.abs(wz) / p.spinDecay;
  } else {
    b.wz[i] = 0;
    b.phase[i] = STATIONARY;
    b.tEnd[i] = Number.POSITIVE_INFINITY;
  }
}

/** ωz after dt of constant decay toward zero. */
function decaySpin(wz: number, rate: number, dt: number): number {
  const d = rate * dt;
  if (wz > d) return wz - d;
  if (wz < -d) return wz + d;
  return 0;
}

/**
 * Moves ball i's stored state to absolute time t (≤ its phase end) in
 * closed form. When t is the phase end, the next phase starts (setPhase).
 */
export function advance(b: Balls, i: number, t: number, p: PhysicsParams): void {
  const ph = b.phase[i]!;
  if (ph === POCKETED || ph === STATIONARY) {
    b.t0[i] = t;
    return;
  }
  const dt = t - b.t0[i]!;
  if (ph === CLUSTER) {
    b.x[i] = b.x[i]! + b.vx[i]! * dt;
    b.y[i] = b.y[i]! + b.vy[i]! * dt;
    b.t0[i] = t;
    return;
  }
  if (dt === 0 && t < b.tEnd[i]!) return;
  const ax = b.ax[i]!;
  const ay = b.ay[i]!;
  b.x[i] = b.x[i]! + b.vx[i]! * dt + 0.5 * ax * dt * dt;
  b.y[i] = b.y[i]! + b.vy[i]! * dt + 0.5 * ay * dt * dt;
  b.vx[i] = b.vx[i]! + ax * dt;
  b.vy[i] = b.vy[i]! + ay * dt;
  if (ph === SLIDING) {
    b.wx[i] = b.wx[i]! + b.alx[i]! * dt;
    b.wy[i] = b.wy[i]! + b.aly[i]! * dt;
  } else if (ph === ROLLING) {
    b.wx[i] = -b.vy[i]! / p.R;
    b.wy[i] = b.vx[i]! / p.R;
  }
  b.wz[i] = decaySpin(b.wz[i]!, p.spinDecay, dt);
  b.t0[i] = t;
  if (t >= b.tEnd[i]!) {
    // Phase boundary: snap the state the closed form says is exactly reached.
    if (ph === SLIDING) {
      // u = 0 now: rolling (setPhase locks ω to v); on a rail, the end of
      // one piece of the slide (the slip is not zero yet).
      if (b.rail[i]! < 0) {
        b.wx[i] = -b.vy[i]! / p.R;
        b.wy[i] = b.vx[i]! / p.R;
      }
    } else if (ph === ROLLING) {
      b.vx[i] = 0;
      b.vy[i] = 0;
    } else if (ph === SPINNING) {
      b.wz[i] = 0;
    }
    setPhase(b, i, p);
  }
}

/** Position and velocity of ball i at absolute time t without changing its state. */
export function peek(b: Balls, i: number, t: number, out: Float64Array): void {
  const ph = b.phase[i]!;
  if (ph === STATIONARY || ph === SPINNING || ph === POCKETED) {
    out[0] = b.x[i]!;
    out[1] = b.y[i]!;
    out[2] = 0;
    out[3] = 0;
    return;
  }
  const dt = t - b.t0[i]!;
  const ax = b.ax[i]!;
  const ay = b.ay[i]!;
  out[0] = b.x[i]! + b.vx[i]! * dt + 0.5 * ax * dt * dt;
  out[1] = b.y[i]! + b.vy[i]! * dt + 0.5 * ay * dt * dt;
  out[2] = b.vx[i]! + ax * dt;
  out[3] = b.vy[i]! + ay * dt;
}

/**
 * Translational plus rotational kinetic energy of ball i at absolute time t
 * (≥ its time base, within its phase), J. For the energy-never-rises law.
 */
export function kineticEnergyAt(b: Balls, i: number, t: number, p: PhysicsParams): number {
  const ph = b.phase[i]!;
  if (ph === POCKETED) return 0;
  const dt = t - b.t0[i]!;
  if (ph === CLUSTER) {
    const vx = b.vx[i]!;
    const vy = b.vy[i]!;
    const wx = b.wx[i]!;
    const wy = b.wy[i]!;
    const wz = b.wz[i]!;
    return 0.5 * p.m * (vx * vx + vy * vy) + 0.2 * p.m * p.R * p.R * (wx * wx + wy * wy + wz * wz);
  }
  const moving = ph === SLIDING || ph === ROLLING;
  const vx = moving ? b.vx[i]! + b.ax[i]! * dt : 0;
  const vy = moving ? b.vy[i]! + b.ay[i]! * dt : 0;
  let wx = 0;
  let wy = 0;
  if (ph === SLIDING) {
    wx = b.wx[i]! + b.alx[i]! * dt;
    wy = b.wy[i]! + b.aly[i]! * dt;
  } else if (ph === ROLLING) {
    wx = -vy / p.R;
    wy = vx / p.R;
  }
  const wz = decaySpin(b.wz[i]!, p.spinDecay, dt);
  return 0.5 * p.m * (vx * vx + vy * vy) + 0.2 * p.m * p.R * p.R * (wx * wx + wy * wy + wz * wz);
}
