/**
 * Deterministic elementary functions for the core (engine, sim, ai).
 *
 * ECMAScript fixes + − × ÷ and √ to IEEE 754 double rounding, but leaves
 * Math.sin, cos, atan, atan2, exp and log "implementation-approximated":
 * each JavaScript engine may return other low bits, and does. Measured on
 * 20,000 arguments each (2026-12-05): Node 20 (V8 11.3) and Debian's
 * Chromium 156 disagree in the last bit on 3 % of sin and cos, 7 % of
 * atan, 10 % of exp and 16 % of atan2, while sqrt and hypot agree. A shot
 * simulated in the browser then drifts from the same shot in Node, and a
 * game record no longer replays "identical" there, nor under a later Node.
 * These functions use only the correctly rounded operations, in a fixed
 * order, so they give the same bits on every conforming engine.
 *
 * The methods are the textbook ones, written here: reduction of the
 * argument by multiples of π/2 or ln 2 split into parts with trailing zero
 * bits (Cody and Waite, "Software Manual for the Elementary Functions",
 * 1980), so that the products of the reduction are exact, then Taylor
 * series on the small remainder with enough terms that the truncation is
 * below 1e-17 relative. They are within a few units in the last place of
 * the true value (test/engine/dmath.test.ts compares them with Math over
 * wide ranges); exactness across engines, not the last ulp, is their point.
 */

// π/2 = P1 + P2 + P3: P1 and P2 have 33 significant bits, so k·P1 and k·P2 are
// exact for |k| < 2^20; P3 is the rest, rounded (from a 110-digit value of π).
const P1 = 1.5707963267341256;
const P2 = 6.077100506303966e-11;
const P3 = 2.0222662487959506e-21;
// π/2 and π/4 as a double and the double nearest the rest.
const PIO2_HI = 1.5707963267948966;
const PIO2_LO = 6.123233995736766e-17;
const PIO4_HI = 0.7853981633974483;
const PIO4_LO = 3.061616997868383e-17;
// ln 2 = LN2_HI + LN2_LO, LN2_HI with 40 significant bits: k·LN2_HI exact for |k| < 2^13.
const LN2_HI = 0.6931471805601177;
const LN2_LO = -1.7239444525614835e-13;
/**
 * Reduction by π/2 stays exact up to this |x| (|k| < 2^20). Beyond it the
 * argument is first taken modulo the double nearest 2π with `%`, which is
 * exact: not the true sine of so large an angle (its own ulp is more than a
 * degree beyond 1e14), but the same bits everywhere, where Math.sin would
 * not be. A shot's φ is any finite number of degrees (engine/shot.ts).
 */
const REDUCE_MAX = 1.5e6;
const TWO_PI = 4 * PIO2_HI;

/** 1/n! for the series, n = 0 … 21. */
const INV_FACT: number[] = [1];
for (let n = 1; n <= 21; n++) INV_FACT.push(INV_FACT[n - 1]! / n);

/** The series' coefficients from n = hi down to lo in steps of `step`, each with its sign. */
function coefficients(
  hi: number,
  lo: number,
  step: number,
  term: (n: number) => number,
): readonly number[] {
  const out: number[] = [];
  for (let n = hi; n >= lo; n -= step) out.push(term(n));
  return out;
}

/** c₀zᵏ + c₁zᵏ⁻¹ + … + cₖ by Horner's rule, in that fixed order. */
function horner(c: readonly number[], z: number): number {
  let p = c[0]!;
  for (let i = 1; i < c.length; i++) p = p * z + c[i]!;
  return p;
}

// sin: (−1)^m / (2m+1)! for 2m+1 = 19 … 3; cos: (−1)^m / (2m)! for 2m = 20 … 4;
// exp: 1/n! for n = 17 … 2; log: 1/n for n = 23 … 3 (odd); atan: (−1)^m / (2m+1) for 31 … 3.
const SIN = coefficients(19, 3, 2, (n) => (((n - 1) / 2) % 2 === 0 ? INV_FACT[n]! : -INV_FACT[n]!));
const COS = coefficients(20, 4, 2, (n) => ((n / 2) % 2 === 0 ? INV_FACT[n]! : -INV_FACT[n]!));
const EXP = coefficients(17, 2, 1, (n) => INV_FACT[n]!);
const LOG = coefficients(23, 3, 2, (n) => 1 / n);
const ATAN = coefficients(31, 3, 2, (n) => (((n - 1) / 2) % 2 === 0 ? 1 / n : -1 / n));

/** sin r for |r| ≤ π/4: r − r³/3! + … − r¹⁹/19!; the next term is below 1e-19 of the first. */
function sinKernel(r: number): number {
  if (r === 0) return r; // ±0 keeps its sign, as sin does
  const z = r * r;
  return r + r * z * horner(SIN, z);
}

/** cos r for |r| ≤ π/4: 1 − r²/2! + … + r²⁰/20!. */
function cosKernel(r: number): number {
  const z = r * r;
  const p = horner(COS, z);
  // 1 − z/2 + z²·p, the small terms summed first.
  const hz = 0.5 * z;
  const w = 1 - hz;
  return w + (1 - w - hz + z * z * p);
}

/** x = k·π/2 + r with |r| ≤ π/4 (about): k mod 4 and r. */
function reduce(big: number): { q: number; r: number } {
  const x = Math.abs(big) > REDUCE_MAX ? big % TWO_PI : big;
  if (Math.abs(x) <= PIO4_HI) return { q: 0, r: x };
  const k = Math.round(x / PIO2_HI);
  const r = x - k * P1 - k * P2 - k * P3;
  return { q: ((k % 4) + 4) % 4, r };
}

export function dsin(x: number): number {
  if (!Number.isFinite(x)) return Number.NaN;
  const { q, r } = reduce(x);
  switch (q) {
    case 0:
      return sinKernel(r);
    case 1:
      return cosKernel(r);
    case 2:
      return -sinKernel(r);
    default:
      return -cosKernel(r);
  }
}

export function dcos(x: number): number {
  if (!Number.isFinite(x)) return Number.NaN;
  const { q, r } = reduce(x);
  switch (q) {
    case 0:
      return cosKernel(r);
    case 1:
      return -sinKernel(r);
    case 2:
      return -cosKernel(r);
    default:
      return sinKernel(r);
  }
}

/** 2^k as a double, exactly, for −1074 ≤ k ≤ 1023. */
function pow2(k: number): number {
  // Halving or doubling 1 is exact; the loops run at most 1074 times only for extreme k.
  let p = 1;
  let b = k >= 0 ? 2 : 0.5;
  let n = Math.abs(k);
  while (n > 0) {
    if (n & 1) p *= b;
    b *= b;
    n >>= 1;
  }
  return p;
}

/** e^x. */
export function dexp(x: number): number {
  if (Number.isNaN(x)) return Number.NaN;
  if (x > 709.782712893384) return Number.POSITIVE_INFINITY;
  if (x < -745.1332191019412) return 0;
  const k = Math.round(x / (LN2_HI + LN2_LO));
  const r = x - k * LN2_HI - k * LN2_LO; // |r| ≤ ln2/2 + a rounding
  // e^r by its series to r¹⁷/17!: below 1e-19 relative for |r| ≤ 0.35.
  const er = 1 + (r + r * r * horner(EXP, r));
  // Scaled in two steps so that neither factor overflows or leaves the normal range early.
  const k1 = Math.trunc(k / 2);
  return er * pow2(k1) * pow2(k - k1);
}

/** 2^64, exactly (Math.pow is not required to be exact). */
const TWO_64 = pow2(64);

/** ln x. */
export function dlog(x: number): number {
  if (Number.isNaN(x) || x < 0) return Number.NaN;
  if (x === 0) return Number.NEGATIVE_INFINITY;
  if (x === Number.POSITIVE_INFINITY) return x;
  // x = m·2^e with m in [√½, √2), by exact scalings.
  let m = x;
  let e = 0;
  while (m >= TWO_64) {
    m *= 1 / TWO_64;
    e += 64;
  }
  while (m < 1 / TWO_64) {
    m *= TWO_64;
    e -= 64;
  }
  while (m >= Math.SQRT2) {
    m *= 0.5;
    e += 1;
  }
  while (m < Math.SQRT1_2) {
    m *= 2;
    e -= 1;
  }
  // ln m = 2 atanh s, s = (m − 1)/(m + 1), |s| ≤ 0.1716: s + s³/3 + … + s²³/23.
  const f = m - 1;
  const s = f / (2 + f);
  const z = s * s;
  const lnm = 2 * s + 2 * s * z * horner(LOG, z);
  return e * LN2_HI + (e * LN2_LO + lnm);
}

/** atan t for |t| ≤ tan(π/8), by halving the angle once: atan t = 2 atan(t / (1 + √(1 + t²))). */
function atanKernel(t: number): number {
  const u = t / (1 + Math.sqrt(1 + t * t)); // |u| ≤ 0.199
  const z = u * u;
  // u − u³/3 + u⁵/5 − … − u³¹/31: below 1e-20 of u.
  return 2 * (u + u * z * horner(ATAN, z));
}

/** tan(π/8) = √2 − 1: above it the argument is moved by π/4. */
const TAN_PI_8 = 0.41421356237309503;

export function datan(x: number): number {
  if (Number.isNaN(x)) return Number.NaN;
  const a = Math.abs(x);
  let r: number;
  if (a > 1) {
    // atan a = π/2 − atan(1/a)
    const b = 1 / a;
    const inner =
      b > TAN_PI_8 ? PIO4_HI + (atanKernel((b - 1) / (b + 1)) + PIO4_LO) : atanKernel(b);
    r = PIO2_HI - (inner - PIO2_LO);
  } else if (a > TAN_PI_8) {
    // atan a = π/4 + atan((a − 1)/(a + 1))
    r = PIO4_HI + (atanKernel((a - 1) / (a + 1)) + PIO4_LO);
  } else r = atanKernel(a);
  return x < 0 ? -r : r;
}

/** The angle of (x, y) from the x-axis, in [−π, π], as Math.atan2 gives it for finite arguments and signed zeros. */
export function datan2(y: number, x: number): number {
  if (Number.isNaN(x) || Number.isNaN(y)) return Number.NaN;
  if (x === 0 && y === 0) return Object.is(x, -0) ? (Object.is(y, -0) ? -Math.PI : Math.PI) : y;
  if (x === 0) return y > 0 ? PIO2_HI : -PIO2_HI;
  if (y === 0) return x > 0 ? y : Object.is(y, -0) ? -Math.PI : Math.PI;
  // The quotient of the smaller by the larger, so that it stays within [−1, 1].
  if (Math.abs(y) > Math.abs(x)) {
    // ±π/2 − atan(x/y)
    const a = datan(x / y);
    return y > 0 ? PIO2_HI - (a - PIO2_LO) : -PIO2_HI - (a + PIO2_LO);
  }
  const t = datan(y / x);
  if (x > 0) return t;
  return y >= 0 ? Math.PI + (t + 2 * PIO2_LO) : -Math.PI + (t - 2 * PIO2_LO);
}

/** arccos x, |x| ≤ 1: atan2(√((1 − x)(1 + x)), x). */
export function dacos(x: number): number {
  if (Number.isNaN(x) || x > 1 || x < -1) return Number.NaN;
  return datan2(Math.sqrt((1 - x) * (1 + x)), x);
}

/** arcsin x, |x| ≤ 1: atan2(x, √((1 − x)(1 + x))). */
export function dasin(x: number): number {
  if (Number.isNaN(x) || x > 1 || x < -1) return Number.NaN;
  return datan2(x, Math.sqrt((1 - x) * (1 + x)));
}

/**
 * √(x² + y²). Math.hypot is implementation-approximated as well (it scales
 * to avoid overflow, each engine its own way); table distances are far from
 * overflow, so the plain form, correctly rounded step by step, serves.
 */
export function dhypot(x: number, y: number): number {
  return Math.sqrt(x * x + y * y);
}

/** x^n for a whole n ≥ 0 by repeated squaring: `**` (Math.pow) is implementation-approximated. */
export function dpowInt(x: number, n: number): number {
  let p = 1;
  let b = x;
  let k = n;
  while (k > 0) {
    if (k & 1) p *= b;
    b *= b;
    k >>= 1;
  }
  return p;
}
