import type { PrngState } from '../engine/prng.js';
import type { Shot } from '../engine/shot.js';
import type { Noise } from './levels.js';
import { gaussian } from './seeds.js';

/**
 * Execution noise: independent Gaussians on φ, V, a, b and θ (the olympiad
 * model, docs/physics.md "Execution noise"). The tip offset is kept on the ball
 * (a² + b² ≤ 0.7², beyond which the tip miscues) and V above a touch.
 */
export const MAX_TIP_OFFSET = 0.7;

/** The fields of a Noise, in the order `perturb` draws them. */
export const NOISE_FIELDS = [
  'phi',
  'V',
  'a',
  'b',
  'theta',
] as const satisfies readonly (keyof Noise)[];

/**
 * Overrides of some noise fields, as an experiment sets them (`pool8 match
 * --noise`, `bench/runout.js --noise`): a plain object of known fields, each
 * a finite number ≥ 0. Returns the base with them applied, or null when the
 * value is not such an object.
 */
export function overrideNoise(base: Noise, overrides: unknown): Noise | null {
  if (typeof overrides !== 'object' || overrides === null || Array.isArray(overrides)) return null;
  const out: Record<string, number> = { ...base };
  for (const [k, v] of Object.entries(overrides)) {
    if (!(NOISE_FIELDS as readonly string[]).includes(k)) return null;
    if (typeof v !== 'number' || !Number.isFinite(v) || v < 0) return null;
    out[k] = v;
  }
  return out as unknown as Noise;
}

/** "φ 0.0625°, V 0.075 m/s, a 0.0175 R, b 0.0175 R, θ 0.1°": a noise in words, for reports. */
export function describeNoise(n: Noise): string {
  return `φ ${n.phi}°, V ${n.V} m/s, a ${n.a} R, b ${n.b} R, θ ${n.theta}°`;
}

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
