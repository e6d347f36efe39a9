import { nextUint32 } from '../engine/prng.js';

/**
 * A tiny seeded PRNG whose whole state is one 32-bit integer (data, not a
 * hidden global), so jittered racks and fuzzed shots replay exactly
 * (determinism contract, sim/README.md). mulberry32 by Tommy Ettinger
 * (public domain); integer maths only, identical on every JS engine.
 * sim/ itself uses no unseeded random source.
 */
export interface Prng {
  state: number;
}

export function prng(seed: number): Prng {
  return { state: seed >>> 0 };
}

/** Next uniform number in [0, 1), advancing `p.state` (the engine's mulberry32 step, engine/prng.ts). */
export function nextFloat(p: Prng): number {
  const [u, next] = nextUint32(p.state);
  p.state = next;
  return u / 4294967296;
}

/** Uniform in [lo, hi). */
export function nextRange(p: Prng, lo: number, hi: number): number {
  return lo + (hi - lo) * nextFloat(p);
}
