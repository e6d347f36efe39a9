import { datan, dcos, dsin } from '../engine/dmath.js';
import type { Shot } from '../engine/shot.js';
import type { PhysicsParams } from './params.js';

/**
 * Cue strike: {phi, V, a, b, theta} → cue-ball velocity and spin.
 *
 * The tip meets the ball at r = R(a ŝ + b û − c d̂), c = √(1 − a² − b²), where
 * d̂ is the cue axis (elevated by theta, pointing down into the ball), ŝ the
 * cue's right and û = ŝ × d̂ its up. The impulse J acts along d̂ (no tip slip,
 * no miscue model), so the ball's effective inverse mass there is
 * 1/m + |r × d̂|²/I = (1 + 5/2 (a² + b²)) / m, and a collision of a cue of
 * mass M at speed V with restitution e_tip gives
 *   J = (1 + e_tip) V / (1/M + (1 + 5/2 (a² + b²)) / m)
 * (Leckie & Greenspan's strike; Alciatore TP use the same
 * balance). The ball gets v = J d̂_xy / m (the vertical part goes into the
 * slate) and ω = r × J d̂ / I = J R (a û − b ŝ) / I: b > 0 is follow, b < 0
 * draw, a > 0 right english (ωz > 0, counter-clockwise seen from above).
 *
 * Squirt (docs/physics.md law 7, Alciatore TP A-31): with side offset a the ball
 * leaves at
 *   atan(2.5 a √(1 − a²) / (1 + m_b/m_e + 2.5 (1 − a²)))
 * away from the side of english (right english squirts left, i.e. +angle).
 */
export interface StrikeOut {
  vx: number;
  vy: number;
  wx: number;
  wy: number;
  wz: number;
}

const DEG = Math.PI / 180;

export function squirtAngle(a: number, p: PhysicsParams): number {
  const c2 = 1 - a * a;
  return datan((2.5 * a * Math.sqrt(c2)) / (1 + p.squirtMassRatio + 2.5 * c2));
}

export function strike(shot: Shot, p: PhysicsParams, out: StrikeOut): void {
  const a = shot.a ?? 0;
  const b = shot.b ?? 0;
  const phi = shot.phi * DEG;
  const theta = (shot.theta ?? 0) * DEG;
  const cp = dcos(phi);
  const sp = dsin(phi);
  const ct = dcos(theta);
  const st = dsin(theta);
  // Cue axis d̂, right ŝ (horizontal), up û = ŝ × d̂.
  const dx = ct * cp;
  const dy = ct * sp;
  const dz = -st;
  const sx = sp;
  const sy = -cp;
  const ux = sy * dz;
  const uy = -sx * dz;
  const uz = sx * dy - sy * dx;
  const m = p.m;
  const M = p.cueMass;
  const J = ((1 + p.eTip) * shot.V) / (1 / M + (1 + 2.5 * (a * a + b * b)) / m);
  // Horizontal velocity along the cue's heading, turned by squirt.
  const speed = (J * ct) / m;
  const sq = squirtAngle(a, p);
  const heading = phi + sq;
  out.vx = speed * dcos(heading);
  out.vy = speed * dsin(heading);
  const k = (J * p.R) / (0.4 * m * p.R * p.R);
  out.wx = k * (a * ux - b * sx);
  out.wy = k * (a * uy - b * sy);
  out.wz = k * (a * uz - 0);
}
