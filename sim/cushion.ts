import type { Balls } from './motion.js';
import type { PhysicsParams } from './params.js';

/**
 * Ball–cushion impulse with cushion height and spin, after Han 2005
 * ("Dynamics in carom and three cushion billiards", J. Mech. Sci. Tech.
 * 19(4)): the nose touches the ball at height h above the slate, so the
 * contact normal is tilted by θ = asin(h/R − 1) (15.7° for h = 1.27 R,
 * docs/physics.md); the impulse is split into a normal part with restitution and
 * a friction part that either sticks (slip stopped, Han's "P ≤ P_E" branch,
 * tangential effective mass 2m/7) or slides (Coulomb, μ times the normal
 * impulse). As in Mathavan et al. 2010 ("A theoretical analysis of billiard
 * ball dynamics under cushion impacts", Proc. IMechE C 224), the sliding
 * friction acts against the actual 3-D slip of the contact point rather than
 * Han's in-plane incidence direction, so spin (side, follow, draw) changes the
 * rebound consistently from every angle.
 *
 * N is the horizontal unit normal of the cushion (or jaw tip) pointing into
 * the table. The ball stays on the slate: the vertical part of the impulse is
 * dropped from v (kept in ω), which can only remove energy (law 8).
 *
 * Returns false (and changes nothing) if the ball is not moving into the cushion.
 */
export function collideCushion(
  b: Balls,
  i: number,
  Nx: number,
  Ny: number,
  p: PhysicsParams,
): boolean {
  const vx = b.vx[i]!;
  const vy = b.vy[i]!;
  const vN = vx * Nx + vy * Ny;
  if (!(vN < 0)) return false;
  const R = p.R;
  const m = p.m;
  const sinT = p.cushionHeight - 1;
  const cosT = Math.sqrt(1 - sinT * sinT);
  // Contact normal into the ball n̂ = (cosθ N, −sinθ); contact point r = −R n̂.
  const nx = cosT * Nx;
  const ny = cosT * Ny;
  const nz = -sinT;
  const rx = -R * nx;
  const ry = -R * ny;
  const rz = -R * nz;
  const wx0 = b.wx[i]!;
  const wy0 = b.wy[i]!;
  const wz0 = b.wz[i]!;
  // Contact-point velocity c = v + ω × r.
  const cx = vx + (wy0 * rz - wz0 * ry);
  const cy = vy + (wz0 * rx - wx0 * rz);
  const cz = wx0 * ry - wy0 * rx;
  const cn = cx * nx + cy * ny + cz * nz; // < 0: approaching
  const Jn = -(1 + p.eCushion) * m * cn;
  const tx = cx - cn * nx;
  const ty = cy - cn * ny;
  const tz = cz - cn * nz;
  const slip = Math.sqrt(tx * tx + ty * ty + tz * tz);
  let Px = Jn * nx;
  let Py = Jn * ny;
  let Pz = Jn * nz;
  if (slip > 0) {
    const stick = (m * slip) / 3.5;
    const lim = p.muCushion * Jn;
    const Jt = Math.min(stick, lim);
    Px -= (Jt * tx) / slip;
    Py -= (Jt * ty) / slip;
    Pz -= (Jt * tz) / slip;
  }
  b.vx[i] = vx + Px / m;
  b.vy[i] = vy + Py / m;
  // Δω = r × P / I.
  const kI = 1 / (0.4 * m * R * R);
  b.wx[i] = wx0 + kI * (ry * Pz - rz * Py);
  b.wy[i] = wy0 + kI * (rz * Px - rx * Pz);
  b.wz[i] = wz0 + kI * (rx * Py - ry * Px);
  return true;
}
