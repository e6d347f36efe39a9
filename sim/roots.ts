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
 * "Determinism"). Allocation-free: the arguments live in module scratch (GAP)
 * that is only used synchronously.
 */

/** Absolute time resolution of the refined root, s (1 ps: 10 pm at 10 m/s). */
const T_EPS = 1e-12;

/**
 * The arguments of `firstEntryOf`: c0…c4 (the current p), H, lo. The
 * simulator's callers write them here rather than pass them: a double
 * passed to a function the compiler does not inline is boxed (seven heap
 * numbers a call), and a double kept in a module `let` is boxed at every
 * store (five a call, the hottest line of `firstEntry` in a profile when
 * the coefficients were kept so).
 *
 * For the same reason p and p′ are written out where they are evaluated,
 * from c0…c4 read into locals, always as
 *   p(t)  = c0 + t * (c1 + t * (c2 + t * (c3 + t * c4)))
 *   p′(t) = c1 + t * (2 * c2 + t * (3 * c3 + t * 4 * c4))
 * (Horner, in this order, so one t always gives the same bits): as calls
 * they were inlined or not as the compiler's budgets fell, and each call it
 * did not inline boxed its argument and its result.
 */
export const GAP = new Float64Array(7);
const pc = GAP;

/**
 * The bracket [a, b] and the values f(a), f(b) that `illinoisP` and
 * `illinoisDp` start from (a, fa, b, fb), written here by their caller
 * rather than passed, as GAP's arguments are.
 */
const bracket = new Float64Array(4);

/**
 * A point where p changes sign in the bracket [a, b], p(a)·p(b) < 0; returns
 * the endpoint on a's side. `illinoisDp` is the same walk on p′ (two copies
 * rather than one taking the function, so that the step's evaluation is
 * written out).
 */
function illinoisP(): number {
  let a = bracket[0]!;
  let fa = bracket[1]!;
  let b = bracket[2]!;
  let fb = bracket[3]!;
  const c0 = pc[0]!;
  const c1 = pc[1]!;
  const c2 = pc[2]!;
  const c3 = pc[3]!;
  const c4 = pc[4]!;
  let side = 0;
  for (let i = 0; i < 200; i++) {
    if (b - a <= T_EPS) break;
    let m = (a * fb - b * fa) / (fb - fa);
    if (!(m > a && m < b)) m = 0.5 * (a + b);
    const fm = c0 + m * (c1 + m * (c2 + m * (c3 + m * c4)));
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

/** `illinoisP` on p′. */
function illinoisDp(): number {
  let a = bracket[0]!;
  let fa = bracket[1]!;
  let b = bracket[2]!;
  let fb = bracket[3]!;
  const c1 = pc[1]!;
  const c2 = pc[2]!;
  const c3 = pc[3]!;
  const c4 = pc[4]!;
  let side = 0;
  for (let i = 0; i < 200; i++) {
    if (b - a <= T_EPS) break;
    let m = (a * fb - b * fa) / (fb - fa);
    if (!(m > a && m < b)) m = 0.5 * (a + b);
    const fm = c1 + m * (2 * c2 + m * (3 * c3 + m * 4 * c4));
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
 *
 * Each piece [a, b] must have p > margin. Where p′ keeps one sign, or falls
 * from + to − (a maximum inside), the least value is at an end. Where it
 * rises from − to + (p convex with a minimum inside), p lies above both end
 * tangents, so above the point where they meet; if that is not enough, the
 * piece is split there (the minimum's side gets a tighter bound).
 */
function positiveThroughout(lo: number, nk: number, H: number): boolean {
  const c0 = pc[0]!;
  const c1 = pc[1]!;
  const c2 = pc[2]!;
  const c3 = pc[3]!;
  const c4 = pc[4]!;
  const margin =
    1e-12 +
    1e-14 *
      (Math.abs(c0) +
        H * (Math.abs(c1) + H * (Math.abs(c2) + H * (Math.abs(c3) + H * Math.abs(c4)))));
  // A piece's start is the previous piece's end (the first piece past lo
  // starts at max(knot, lo), the later ones at their knot), so the values
  // there are carried over rather than evaluated again.
  let started = false;
  let a = 0;
  let pa = 0;
  let da = 0;
  for (let k = 0; k + 1 < nk; k++) {
    const b = knots[k + 1]!;
    if (b <= lo) continue;
    if (!started) {
      started = true;
      a = Math.max(knots[k]!, lo);
      pa = c0 + a * (c1 + a * (c2 + a * (c3 + a * c4)));
      da = c1 + a * (2 * c2 + a * (3 * c3 + a * 4 * c4));
    }
    const pb = c0 + b * (c1 + b * (c2 + b * (c3 + b * c4)));
    const db = c1 + b * (2 * c2 + b * (3 * c3 + b * 4 * c4));
    // The piece [a, b], narrowed to the minimum's side at each split.
    let sa = a;
    let spa = pa;
    let sda = da;
    let sb = b;
    let spb = pb;
    let sdb = db;
    for (let depth = 0; ; depth++) {
      if (!(spa > margin) || !(spb > margin)) return false;
      if (!(sda < 0 && sdb > 0)) break;
      const t = (spb - spa - sdb * sb + sda * sa) / (sda - sdb);
      if (!(t > sa && t < sb)) return false;
      if (spa + sda * (t - sa) > margin) break;
      if (depth >= MAX_SPLITS) return false;
      const pt = c0 + t * (c1 + t * (c2 + t * (c3 + t * c4)));
      const dt = c1 + t * (2 * c2 + t * (3 * c3 + t * 4 * c4));
      if (dt < 0) {
        sa = t;
        spa = pt;
        sda = dt;
      } else {
        sb = t;
        spb = pt;
        sdb = dt;
      }
    }
    a = b;
    pa = pb;
    da = db;
  }
  return true;
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
  pc[0] = c0;
  pc[1] = c1;
  pc[2] = c2;
  pc[3] = c3;
  pc[4] = c4;
  pc[5] = H;
  pc[6] = lo;
  return firstEntryOf(prove);
}

/** `firstEntry` of the arguments in GAP. */
export function firstEntryOf(prove = true): number {
  const c0 = pc[0]!;
  const c1 = pc[1]!;
  const c2 = pc[2]!;
  const c3 = pc[3]!;
  const c4 = pc[4]!;
  const H = pc[5]!;
  const lo = pc[6]!;
  if (!(H > lo)) return Number.POSITIVE_INFINITY;
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
  const k0 = knots[0]!;
  let dNext = c1 + k0 * (2 * c2 + k0 * (3 * c3 + k0 * 4 * c4));
  for (let k = 0; k + 1 < nk; k++) {
    const a = knots[k]!;
    const b = knots[k + 1]!;
    const fa = dNext;
    const fb = c1 + b * (2 * c2 + b * (3 * c3 + b * 4 * c4));
    dNext = fb;
    if ((fa < 0 && fb > 0) || (fa > 0 && fb < 0)) {
      bracket[0] = a;
      bracket[1] = fa;
      bracket[2] = b;
      bracket[3] = fb;
      knots[crit0 + nc++] = illinoisDp();
    }
  }
  // Walk the monotone intervals of p: lo, critical points (ascending), H.
  let a = lo;
  let fa = lo === 0 ? c0 : c0 + lo * (c1 + lo * (c2 + lo * (c3 + lo * c4)));
  // Looking past a tangential touch: if by lo the gap is already closing
  // below zero, that is the contact (never let an overlap grow silently).
  if (lo > 0 && fa <= 0 && c1 + lo * (2 * c2 + lo * (3 * c3 + lo * 4 * c4)) < 0) return lo;
  for (let k = 0; k <= nc; k++) {
    const b = k < nc ? knots[crit0 + k]! : H;
    if (b <= a) continue;
    const fb = c0 + b * (c1 + b * (c2 + b * (c3 + b * c4)));
    if (fa > 0 && fb <= 0) {
      bracket[0] = a;
      bracket[1] = fa;
      bracket[2] = b;
      bracket[3] = fb;
      return illinoisP();
    }
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
  return clearOfCircleAt(
    dx,
    dy,
    vx,
    vy,
    vx * vx + vy * vy,
    Math.sqrt(hx * hx + hy * hy) * H * H,
    H,
    r,
  );
}

/**
 * `clearOfCircle` with the moving point's own terms given: vv = |v|² and
 * bend = |h| H², which a caller testing one ball against many circles
 * computes once.
 */
export function clearOfCircleAt(
  dx: number,
  dy: number,
  vx: number,
  vy: number,
  vv: number,
  bend: number,
  H: number,
  r: number,
): boolean {
  let t = vv > 0 ? -(dx * vx + dy * vy) / vv : 0;
  if (!(t > 0)) t = 0;
  else if (t > H) t = H;
  const cx = dx + vx * t;
  const cy = dy + vy * t;
  return Math.sqrt(cx * cx + cy * cy) - bend > r + 1e-6;
}
