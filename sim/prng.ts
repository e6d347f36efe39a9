/**
 * A tiny seeded PRNG whose whole state is one 32-bit integer (data, not a
 * hidden global), so jittered racks and fuzzed shots replay exactly
 * (determinism contract, sim/README.md). mulberry32 by Tommy Ettinger
 * (public domain); integer maths only, identical on every JS engine.
 * sim/ itself never calls Math.random.
 */
export interface Prng {
  state: number;
}

export function prng(seed: number): Prng {
  return { state: seed >>> 0 };
}

/** Next uniform number in [0, 1), advancing `p.state`. */
export function nextFloat(p: Prng): number {
  p.state = (p.state + 0x6d2b79f5) >>> 0;
  let t = p.state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

/** Uniform in [lo, hi). */
export function nextRange(p: Prng, lo: number, hi: number): number {
  return lo + (hi - lo) * nextFloat(p);
}
