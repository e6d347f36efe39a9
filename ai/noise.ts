import { dhypot } from '../engine/dmath.js';
import type { PrngState } from '../engine/prng.js';
import { SHOT_LIMITS, type Shot } from '../engine/shot.js';
import type { Noise } from './levels.js';
import { gaussian } from './seeds.js';

/**
 * Execution noise: independent Gaussians on φ, V, a, b and θ (the olympiad
 * model, docs/physics.md "Execution noise"). The executed shot is kept in
 * the ranges the simulator accepts (engine/shot.ts SHOT_LIMITS): the tip
 * offset on the ball (a² + b² ≤ 0.7², beyond which the tip miscues), V
 * above a touch and at most the top speed, θ at most the top elevation; so
 * noise never makes a shot the simulator refuses.
 */
export const MAX_TIP_OFFSET = SHOT_LIMITS.tip;

/** The fields of a Noise, in the order `perturb` draws them. */
export const NOISE_FIELDS = [
  'phi',
  'V',
  'a',
  'b',
  'theta',
] as const satisfies readonly (keyof Noise)[];

/**
 * The largest standard deviation of each field, the width of the range the
 * simulator accepts for it (φ: half a turn): a larger σ only piles the
 * executed shots on the ends of the range.
 */
export const NOISE_MAX: Readonly<Record<keyof Noise, number>> = {
  phi: 180,
  V: SHOT_LIMITS.V.max - SHOT_LIMITS.V.min,
  a: SHOT_LIMITS.tip,
  b: SHOT_LIMITS.tip,
  theta: SHOT_LIMITS.theta.max - SHOT_LIMITS.theta.min,
};

/** "φ ≤ 180°, V ≤ 15 m/s, a ≤ 0.7 R, b ≤ 0.7 R, θ ≤ 60°": the noise bounds in words, for messages. */
export const NOISE_BOUNDS = `φ ≤ ${NOISE_MAX.phi}°, V ≤ ${NOISE_MAX.V} m/s, a ≤ ${NOISE_MAX.a} R, b ≤ ${NOISE_MAX.b} R, θ ≤ ${NOISE_MAX.theta}°`;

/**
 * Overrides of some noise fields, as an experiment sets them (`pool8 match
 * --noise`, `bench/runout.js --noise`): a plain object of known fields, each
 * a finite number from 0 to its NOISE_MAX. Returns the base with them
 * applied, or null when the value is not such an object.
 */
export function overrideNoise(base: Noise, overrides: unknown): Noise | null {
  if (typeof overrides !== 'object' || overrides === null || Array.isArray(overrides)) return null;
  const out: Record<string, number> = { ...base };
  for (const [k, v] of Object.entries(overrides)) {
    if (!(NOISE_FIELDS as readonly string[]).includes(k)) return null;
    if (typeof v !== 'number' || !(v >= 0 && v <= NOISE_MAX[k as keyof Noise])) return null;
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
  const V = Math.min(SHOT_LIMITS.V.max, Math.max(0.05, shot.V + g * noise.V));
  [g, s] = gaussian(s);
  let a = (shot.a ?? 0) + g * noise.a;
  [g, s] = gaussian(s);
  let b = (shot.b ?? 0) + g * noise.b;
  [g, s] = gaussian(s);
  const theta = Math.min(SHOT_LIMITS.theta.max, Math.max(0, (shot.theta ?? 0) + g * noise.theta));
  const r = dhypot(a, b);
  if (r > MAX_TIP_OFFSET) {
    a *= MAX_TIP_OFFSET / r;
    b *= MAX_TIP_OFFSET / r;
    // Rounding can leave the scaled offset an ulp outside the range.
    const lim = MAX_TIP_OFFSET * MAX_TIP_OFFSET;
    while (a * a + b * b > lim || Math.abs(a) > MAX_TIP_OFFSET || Math.abs(b) > MAX_TIP_OFFSET) {
      a *= 1 - Number.EPSILON;
      b *= 1 - Number.EPSILON;
    }
  }
  return [{ phi, V, a, b, theta }, s];
}
