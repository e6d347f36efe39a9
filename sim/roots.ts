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
 * sqrt, so results are bit-identical on every IEEE-754 engine (docs/physics.md,
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
 * How many times a convex piece is split at its tangents' meeting point
 * before the proof gives up. Chosen, not tuned: each split tightens the bound
 * on the minimum's side, and a proof given up only costs the exact walk.
 */
const MAX_SPLITS = 4;

/**
 * True when p > 0 on all of [lo, H] is certain, p′ being monotone between
 * consecutive knots. The margin exceeds the rounding of any value of p the
 * exact walk evaluates (1e-14 of the sum of the terms' sizes, Horner's error
 * bound being a few ulps of that sum), so a true here means the walk finds
 * no crossing either; a false proves nothing.
 */
function positiveThroughout(lo: number, nk: number, H: number): boolean {
  const margin =
    1e-12 +
    1e-14 *
      (Math.abs(p0) +
        H * (Math.abs(p1) + H * (Math.abs(p2) + H * (Math.abs(p3) + H * Math.abs(p4)))));
  for (let k = 0; k + 1 < nk; k++) {
    const b = knots[k + 1]!;
    if (b <= lo) continue;
    const a = Math.max(knots[k]!, lo);
    if (!positivePiece(a, p(a), dp(a), b, p(b), dp(b), margin, 0)) return false;
  }
  return true;
}

/**
 * p > margin on [a, b], where p′ is monotone. Where p′ keeps one sign, or
 * falls from + to − (a maximum inside), the least value is at an end. Where
 * it rises from − to + (p convex with a minimum inside), p lies above both
 * end tangents, so above the point where they meet; if that is not enough,
 * the piece is split there (the minimum's side gets a tighter bound).
 */
function positivePiece(
  a: number,
  pa: number,
  da: number,
  b: number,
  pb: number,
  db: number,
  margin: number,
  depth: number,
): boolean {
  if (!(pa > margin) || !(pb > margin)) return false;
  if (!(da < 0 && db > 0)) return true;
  const t = (pb - pa - db * b + da * a) / (da - db);
  if (!(t > a && t < b)) return false;
  if (pa + da * (t - a) > margin) return true;
  if (depth >= MAX_SPLITS) return false;
  const pt = p(t);
  const dt = dp(t);
  return dt < 0
    ? positivePiece(t, pt, dt, b, pb, db, margin, depth + 1)
    : positivePiece(a, pa, da, t, pt, dt, margin, depth + 1);
}

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
  /** False skips the no-contact proof: the exact walk alone, which test/sim/roots.test.ts compares with. */
  prove = true,
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
  // Most calls find no contact (95 % of 9.4 M calls over 12 planner
  // decisions, 2026-12-02): prove that first from values at the knots alone,
  // without refining a critical point, and fall through to the exact walk
  // below otherwise, so every time returned is the walk's own.
  if (prove && positiveThroughout(lo, nk, H)) return Number.POSITIVE_INFINITY;
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
    // Still touching (never got clear since lo) and closing again from here:
    // the contact is where the gap turns to close, before any overlap grows.
    if (fa <= 0 && fb < fa) return a;
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

/**
 * Next contact with a line for a ball that touches it now (gap q0 ≤ a
 * touch, possibly a rounding behind it) and is not moving into it: the gap
 * is q0 + q1 t + q2 t². The smallest t in [lo, H] from which the ball moves
 * into the line while at or behind it: where the gap, having opened, closes
 * to zero again (a ball curving back into the rail), or where it turns to
 * close if it never opened past zero; Infinity if it never turns in (then
 * it leaves, or creeps along the line below any measurable speed). Unlike
 * `firstEntryQuadratic` from `lo`, this cannot look past a return that
 * comes before `lo` or starts behind the line, so a ball never passes
 * through a cushion.
 */
export function turnIn(q0: number, q1: number, q2: number, H: number, lo: number): number {
  if (!(q2 < 0)) return Number.POSITIVE_INFINITY;
  // Concave: the gap is greatest at ts, and closes from then on.
  const ts = q1 > 0 ? -q1 / (2 * q2) : 0;
  const top = q0 + ts * (q1 + ts * q2);
  let t = ts;
  if (top > 0) {
    // The larger root, by the stable formula (q2 < 0 < top: two real roots).
    const sq = Math.sqrt(q1 * q1 - 4 * q2 * q0);
    const q = -0.5 * (q1 + (q1 >= 0 ? sq : -sq));
    const r1 = q / q2;
    const r2 = q !== 0 ? q0 / q : r1;
    t = Math.max(r1, r2, ts);
  }
  if (t < lo) t = lo;
  return t <= H ? t : Number.POSITIVE_INFINITY;
}

/**
 * True when a point moving as d + v t + h t² stays more than r + 1 µm from
 * the origin for all t in [0, H]: its straight-line part's closest approach,
 * less the most the curvature can bend it (|h| H²), clears the circle. Then
 * p = |d + v t + h t²|² − r² exceeds 2 r µm on [0, H], far above any rounding
 * of the exact walk, and `firstEntry` of that p is Infinity; the callers skip
 * it (sim/simulate.ts; 95 % of 9.4 M `firstEntry` calls over 12 planner
 * decisions found no contact, and this test caught 24 % of the calls,
 * 2026-12-02). False proves nothing.
 */
export function clearOfCircle(
  dx: number,
  dy: number,
  vx: number,
  vy: number,
  hx: number,
  hy: number,
  H: number,
  r: number,
): boolean {
  const vv = vx * vx + vy * vy;
  let t = vv > 0 ? -(dx * vx + dy * vy) / vv : 0;
  if (!(t > 0)) t = 0;
  else if (t > H) t = H;
  const cx = dx + vx * t;
  const cy = dy + vy * t;
  const bend = Math.sqrt(hx * hx + hy * hy) * H * H;
  return Math.sqrt(cx * cx + cy * cy) - bend > r + 1e-6;
}
