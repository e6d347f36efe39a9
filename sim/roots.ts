/**
 * First entry time of a quartic (or lower) distance polynomial: the smallest
 * t in [0, H] where p(t) = c0 + c1 t + c2 t² + c3 t³ + c4 t⁴ crosses from
 * positive to non-positive. Ball–ball gaps (|Δr|² − 4R²), ball–vertex and
 * ball–hole gaps are such quartics because every free-motion phase is a
 * quadratic in t (sim/motion.ts).
 *
 * Method: isolate the monotone intervals of p from the roots of p′, which are
 * isolated from the (closed-form) roots of p″; then refine the first
 * sign change with the Illinois variant of regula falsi. Only +, −, ×, ÷ and
 * sqrt, so results are bit-identical on every IEEE-754 engine (physics.md,
 * "Determinism"). Allocation-free: coefficients live in module scratch that
 * is only used synchronously.
 */

/** Absolute time resolution of the refined root, s (1 ps: 10 pm at 10 m/s). */
const T_EPS = 1e-12;

let p0 = 0;
let p1 = 0;
let p2 = 0;
let p3 = 0;
let p4 = 0;

function p(t: number): number {
  return p0 + t * (p1 + t * (p2 + t * (p3 + t * p4)));
}

function dp(t: number): number {
  return p1 + t * (2 * p2 + t * (3 * p3 + t * 4 * p4));
}

/** A point where f changes sign in [a, b], f(a)·f(b) < 0; returns the endpoint on a's side. */
function illinois(f: (t: number) => number, a: number, fa: number, b: number, fb: number): number {
  let side = 0;
  for (let i = 0; i < 200; i++) {
    if (b - a <= T_EPS) break;
    let m = (a * fb - b * fa) / (fb - fa);
    if (!(m > a && m < b)) m = 0.5 * (a + b);
    const fm = f(m);
    if (fm === 0) return m;
    if (fm > 0 === fa > 0) {
      a = m;
      fa = fm;
      if (side === -1) fb *= 0.5;
      side = -1;
    } else {
      b = m;
      fb = fm;
      if (side === 1) fa *= 0.5;
      side = 1;
    }
  }
  return a;
}

const knots = new Float64Array(8);

/**
 * Smallest t in [0, H] where p crosses from > 0 to ≤ 0, returned on the
 * positive side (a hair before contact, so nothing ever overlaps), or
 * Infinity. Callers handle "already touching and approaching" (p(0) ≤ 0,
 * p′(0) < 0) themselves.
 */
export function firstEntry(
  c0: number,
  c1: number,
  c2: number,
  c3: number,
  c4: number,
  H: number,
  lo = 0,
): number {
  if (!(H > lo)) return Number.POSITIVE_INFINITY;
  p0 = c0;
  p1 = c1;
  p2 = c2;
  p3 = c3;
  p4 = c4;
  // Roots of p″ = 2c2 + 6c3 t + 12c4 t² split [0, H] into intervals where p′ is monotone.
  let nk = 0;
  knots[nk++] = 0;
  const qa = 12 * c4;
  const qb = 6 * c3;
  const qc = 2 * c2;
  if (qa !== 0) {
    const disc = qb * qb - 4 * qa * qc;
    if (disc > 0) {
      const sq = Math.sqrt(disc);
      const q = -0.5 * (qb + (qb >= 0 ? sq : -sq));
      let r1 = q / qa;
      let r2 = q !== 0 ? qc / q : r1;
      if (r1 > r2) {
        const tmp = r1;
        r1 = r2;
        r2 = tmp;
      }
      if (r1 > 0 && r1 < H) knots[nk++] = r1;
      if (r2 > 0 && r2 < H && r2 !== r1) knots[nk++] = r2;
    }
  } else if (qb !== 0) {
    const r = -qc / qb;
    if (r > 0 && r < H) knots[nk++] = r;
  }
  knots[nk++] = H;
  // Roots of p′ inside those intervals are the critical points of p.
  let nc = 0;
  const crit0 = nk; // critical points are appended after the p′ knots
  for (let k = 0; k + 1 < nk; k++) {
    const a = knots[k]!;
    const b = knots[k + 1]!;
    const fa = dp(a);
    const fb = dp(b);
    if ((fa < 0 && fb > 0) || (fa > 0 && fb < 0)) {
      knots[crit0 + nc++] = illinois(dp, a, fa, b, fb);
    }
  }
  // Walk the monotone intervals of p: lo, critical points (ascending), H.
  let a = lo;
  let fa = lo === 0 ? c0 : p(lo);
  // Looking past a tangential touch: if by lo the gap is already closing
  // below zero, that is the contact (never let an overlap grow silently).
  if (lo > 0 && fa <= 0 && dp(lo) < 0) return lo;
  for (let k = 0; k <= nc; k++) {
    const b = k < nc ? knots[crit0 + k]! : H;
    if (b <= a) continue;
    const fb = p(b);
    if (fa > 0 && fb <= 0) return illinois(p, a, fa, b, fb);
    a = b;
    fa = fb;
  }
  return Number.POSITIVE_INFINITY;
}

/**
 * Smallest t in (0, H] where the quadratic q0 + q1 t + q2 t² crosses from
 * > 0 to ≤ 0 (closed form), or Infinity. A start on or just behind zero that
 * moves away (a ball leaving a cushion) is not an entry; a later return
 * within the same phase (a ball curving back into the rail) is.
 */
export function firstEntryQuadratic(q0: number, q1: number, q2: number, H: number, lo = 0): number {
  if (!(H > lo)) return Number.POSITIVE_INFINITY;
  let t = Number.POSITIVE_INFINITY;
  if (q2 === 0) {
    if (q1 < 0 && q0 > 0) t = -q0 / q1;
  } else {
    const disc = q1 * q1 - 4 * q2 * q0;
    if (disc < 0) return Number.POSITIVE_INFINITY;
    const sq = Math.sqrt(disc);
    // Numerically stable pair of roots (no cancellation).
    const q = -0.5 * (q1 + (q1 >= 0 ? sq : -sq));
    let r1 = q / q2;
    let r2 = q !== 0 ? q0 / q : r1;
    if (r1 > r2) {
      const tmp = r1;
      r1 = r2;
      r2 = tmp;
    }
    // Convex: positive outside [r1, r2], entry at r1. Concave: positive inside, entry at r2.
    const r = q2 > 0 ? r1 : r2;
    if (r > 0 && (q2 < 0 || q0 > 0)) t = r;
  }
  return t <= H && t >= lo ? t : Number.POSITIVE_INFINITY;
}
