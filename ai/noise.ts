import type { PrngState } from '../engine/prng.js';
import type { Shot } from '../engine/shot.js';
import type { Noise } from './levels.js';
import { gaussian } from './seeds.js';

/**
 * Execution noise: independent Gaussians on φ, V, a, b and θ (the olympiad
 * model, physics.md "Execution noise"). The tip offset is kept on the ball
 * (a² + b² ≤ 0.7², beyond which the tip miscues) and V above a touch.
 */
export const MAX_TIP_OFFSET = 0.7;

export function perturb(shot: Shot, noise: Noise, state: PrngState): [Shot, PrngState] {
  let s = state;
  let g: number;
  [g, s] = gaussian(s);
  const phi = shot.phi + g * noise.phi;
  [g, s] = gaussian(s);
  const V = Math.max(0.05, shot.V + g * noise.V);
  [g, s] = gaussian(s);
  let a = (shot.a ?? 0) + g * noise.a;
  [g, s] = gaussian(s);
  let b = (shot.b ?? 0) + g * noise.b;
  [g, s] = gaussian(s);
  const theta = Math.max(0, (shot.theta ?? 0) + g * noise.theta);
  const r = Math.hypot(a, b);
  if (r > MAX_TIP_OFFSET) {
    a *= MAX_TIP_OFFSET / r;
    b *= MAX_TIP_OFFSET / r;
  }
  return [{ phi, V, a, b, theta }, s];
}
