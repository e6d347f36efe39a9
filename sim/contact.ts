import type { PhysicsParams } from './params.js';

/**
 * Compliant ball–ball contact for clusters (sim/cluster.ts): Hertz's law for
 * two equal elastic spheres with a viscous term that gives the restitution
 * `eBall` at every impact speed (Tsuji, Tanaka & Ishida 1992, Powder Technol.
 * 71: the damping scales as δ^¼ so that e does not depend on speed):
 *
 *   F(δ, δ̇) = max(0, k δ^{3/2} + c δ^{1/4} δ̇),   k = (4/3) E* √(R/2),
 *   E* = E / (2 (1 − ν²)),   c = η √(m* k),   m* = m/2,
 *
 * δ the overlap, δ̇ its rate (> 0 approaching). η is found once per
 * (m, R, E, ν, e) by bisection on a head-on collision, so an isolated pair
 * leaves with exactly e of its approach speed, as the instantaneous impulse
 * (sim/collision.ts) gives. Why this exists: a ball–ball contact lasts
 * ≈ 0.25–0.4 ms and squeezes the balls by ≈ 0.1–1 mm (Landau & Lifshitz,
 * Theory of Elasticity §9; E = 5.84 GPa, ν = 0.34 for phenolic resin), while
 * the gaps of a rack are ≈ 0.05–0.1 mm: at a break every contact in the rack
 * overlaps in time with its neighbours' and pairwise instantaneous impulses
 * are the wrong model there (sim/README.md).
 *
 * Only +, −, ×, ÷ and sqrt (no pow): the calibration and every use are
 * bit-identical on any IEEE-754 engine.
 */
export interface ContactModel {
  /** Hertz stiffness, N/m^{3/2}. */
  readonly k: number;
  /** Damping coefficient c, N·s/m^{5/4}. */
  readonly c: number;
  /** Elastic contact duration of a head-on hit at 1 m/s, s. */
  readonly tau1: number;
  /** Largest overlap of a head-on hit at 1 m/s, m. */
  readonly delta1: number;
}

/** Integration steps across one head-on contact in the calibration. */
const CAL_STEPS = 2000;

/** Head-on collision at approach speed 1 m/s: returns [e, duration, max overlap]. */
function headOn(k: number, c: number, ms: number, dt: number, out: Float64Array): void {
  let d = 0;
  let dd = 1;
  let dmax = 0;
  let i = 0;
  for (; i < 100_000_000; i++) {
    const sd = Math.sqrt(d);
    let F = k * d * sd + c * Math.sqrt(sd) * dd;
    if (F < 0) F = 0;
    dd -= (F / ms) * dt;
    d += dd * dt;
    if (d > dmax) dmax = d;
    if (d <= 0) break;
  }
  out[0] = -dd;
  out[1] = (i + 1) * dt;
  out[2] = dmax;
}

const models = new Map<string, ContactModel>();

export function contactModel(p: PhysicsParams): ContactModel {
  const key = `${p.m}|${p.R}|${p.eBall}|${p.ballModulus}|${p.ballPoisson}`;
  const hit = models.get(key);
  if (hit !== undefined) return hit;
  const nu = p.ballPoisson;
  const Es = p.ballModulus / (2 * (1 - nu * nu));
  const k = (4 / 3) * Es * Math.sqrt(p.R / 2);
  const ms = p.m / 2;
  const o = new Float64Array(3);
  // Elastic duration at 1 m/s, refined until the step resolves it.
  let dt = 1e-6;
  for (let pass = 0; pass < 6; pass++) {
    headOn(k, 0, ms, dt, o);
    if (o[1]! >= CAL_STEPS * dt) break;
    dt = o[1]! / CAL_STEPS;
  }
  const tau1 = o[1]!;
  const delta1 = o[2]!;
  // e(η) falls monotonically: bisection for e(η) = eBall.
  const sk = Math.sqrt(ms * k);
  let lo = 0;
  let hi = 8;
  for (let it = 0; it < 50; it++) {
    const mid = 0.5 * (lo + hi);
    headOn(k, mid * sk, ms, dt, o);
    if (o[0]! > p.eBall) lo = mid;
    else hi = mid;
  }
  const model: ContactModel = Object.freeze({ k, c: 0.5 * (lo + hi) * sk, tau1, delta1 });
  models.set(key, model);
  return model;
}

/** v^{-1/4}, a sqrt-only stand-in for Hertz's v^{-1/5} (clamped to v ≥ 1 mm/s). */
function invQuarter(v: number): number {
  const w = Math.max(v, 1e-3);
  return 1 / Math.sqrt(Math.sqrt(w));
}

/** Duration of a contact at approach speed v, s (≈ τ₁ v^{-1/5}). */
export function contactTime(m: ContactModel, v: number): number {
  return m.tau1 * invQuarter(v);
}

/**
 * How far from a contact at approach speed v a third ball can be and still
 * be reached while that contact lasts, m: a few maximum overlaps
 * (δmax ≈ δ₁ v^{4/5}; the struck ball moves ≈ 1.5 δmax during the contact).
 */
export function contactReach(m: ContactModel, v: number): number {
  return 4 * m.delta1 * v * invQuarter(v);
}
