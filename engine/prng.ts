/**
 * A seeded PRNG whose whole state is one uint32, so it lives in the game
 * state as data and every function stays pure (docs/design.md: boardgame.io keeps
 * its PRNG state in the game state). Algorithm: mulberry32 (Tommy Ettinger,
 * public domain) — 32-bit state, passes gjrand/PractRand to 2^32, ample for
 * shuffling a rack.
 */
export type PrngState = number;

/** Turns any integer seed into a valid state. */
export function seedState(seed: number): PrngState {
  // Fold negative and non-32-bit seeds deterministically into uint32.
  return (Math.trunc(seed) ^ 0x9e3779b9) >>> 0;
}

/** One draw: [uniform uint32, next state]. */
export function nextUint32(state: PrngState): [number, PrngState] {
  const s = (state + 0x6d2b79f5) >>> 0;
  let t = s;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return [(t ^ (t >>> 14)) >>> 0, s];
}

/** Uniform integer in [0, n) by rejection, so there is no modulo bias. */
export function nextInt(state: PrngState, n: number): [number, PrngState] {
  const limit = Math.floor(0x100000000 / n) * n;
  let s = state;
  for (;;) {
    const [u, next] = nextUint32(s);
    s = next;
    if (u < limit) return [u % n, s];
  }
}

/** Fisher–Yates shuffle returning a new array and the advanced state. */
export function shuffle<T>(items: readonly T[], state: PrngState): [T[], PrngState] {
  const out = items.slice();
  let s = state;
  for (let i = out.length - 1; i > 0; i--) {
    const [j, next] = nextInt(s, i + 1);
    s = next;
    const tmp = out[i]!;
    out[i] = out[j]!;
    out[j] = tmp;
  }
  return [out, s];
}
