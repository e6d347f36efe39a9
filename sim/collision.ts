import { dexp } from '../engine/dmath.js';
import type { Balls } from './motion.js';
import type { PhysicsParams } from './params.js';

/**
 * Ball–ball impulse with restitution and friction (throw).
 *
 * Equal spheres meet along n̂ (centre i → centre j, horizontal). With the
 * contact point at ±R n̂, the normal direction has no rotational lever, so the
 * normal impulse is Jn = (1 + e) m vₙ / 2 (docs/physics.md law 6: the struck ball
 * takes (1 + e)/2 of the approach speed). The contact points slip at
 *   w_t = (v_i − v_j + R ω_i × n̂ + R ω_j × n̂) minus its n̂ part
 * (3-D: follow or draw gives a vertical slip), and the tangential effective
 * mass of the pair is m/7 (1/m + R²/I per ball). Friction is Coulomb with
 * Alciatore's speed-dependent μ(v) = a + b e^(−c v) (TP A-14), capped at the
 * impulse that stops the slip (the balls then roll on each other): this gives
 * TP A-14's cut-induced throw tan θ = min(μ, 2 tan φ / (7 (1 + e))), i.e.
 * min(μ, tan φ / 7) at e = 1 (docs/physics.md law 5).
 *
 * Both balls stay on the cloth: the vertical part of the impulse is taken by
 * the slate (dropped from v, kept in ω). The full 3-D impulse cannot add
 * energy (e ≤ 1, friction at most sticking), and dropping v_z only removes
 * energy, so kinetic energy never rises (law 8). Momentum in the plane is
 * conserved exactly (equal and opposite horizontal impulses).
 *
 * Returns false (and changes nothing) if the balls are not approaching.
 */
export function collideBalls(b: Balls, i: number, j: number, p: PhysicsParams): boolean {
  let nx = b.x[j]! - b.x[i]!;
  let ny = b.y[j]! - b.y[i]!;
  const d = Math.sqrt(nx * nx + ny * ny);
  nx /= d;
  ny /= d;
  const dvx = b.vx[i]! - b.vx[j]!;
  const dvy = b.vy[i]! - b.vy[j]!;
  const vn = dvx * nx + dvy * ny;
  if (!(vn > 0)) return false;
  const R = p.R;
  const m = p.m;
  const wxs = b.wx[i]! + b.wx[j]!;
  const wys = b.wy[i]! + b.wy[j]!;
  const wzs = b.wz[i]! + b.wz[j]!;
  // Relative contact-point velocity w = Δv + R (ω_i + ω_j) × n̂ (n̂ horizontal).
  const wx = dvx - R * wzs * ny;
  const wy = dvy + R * wzs * nx;
  const wz = R * (wxs * ny - wys * nx);
  const wn = wx * nx + wy * ny;
  const tx = wx - wn * nx;
  const ty = wy - wn * ny;
  const tz = wz;
  const slip = Math.sqrt(tx * tx + ty * ty + tz * tz);
  const Jn = 0.5 * (1 + p.eBall) * m * vn;
  // Impulse on j: +Jn n̂ + Jt t̂; on i the opposite.
  let px = Jn * nx;
  let py = Jn * ny;
  if (slip > 0) {
    const f = p.ballFriction;
    const mu = f.a + f.b * dexp(-f.c * slip);
    const stick = (m * slip) / 7;
    const Jt = Math.min(mu * Jn, stick);
    const hx = tx / slip;
    const hy = ty / slip;
    const hz = tz / slip;
    px += Jt * hx;
    py += Jt * hy;
    // Δω_i = Δω_j = −R Jt (n̂ × t̂) / I.
    const k = (R * Jt) / (0.4 * m * R * R);
    const cx = ny * hz;
    const cy = -nx * hz;
    const cz = nx * hy - ny * hx;
    b.wx[i] = b.wx[i]! - k * cx;
    b.wy[i] = b.wy[i]! - k * cy;
    b.wz[i] = b.wz[i]! - k * cz;
    b.wx[j] = b.wx[j]! - k * cx;
    b.wy[j] = b.wy[j]! - k * cy;
    b.wz[j] = b.wz[j]! - k * cz;
  }
  b.vx[i] = b.vx[i]! - px / m;
  b.vy[i] = b.vy[i]! - py / m;
  b.vx[j] = b.vx[j]! + px / m;
  b.vy[j] = b.vy[j]! + py / m;
  return true;
}
