import { BALL_RADIUS } from '../engine/table.js';

/**
 * Every physical constant the simulator uses, in one immutable value passed
 * explicitly to `simulate` (docs/design.md point 5: no mutable module globals). SI units.
 * Sources: docs/physics.md (which quotes WPA, Alciatore's
 * "physical properties" page and pooltool's defaults).
 */
export interface PhysicsParams {
  /** Gravity, m/s². */
  readonly g: number;
  /** Ball radius, m (WPA 57.15 mm diameter). */
  readonly R: number;
  /** Ball mass, kg (WPA 156–170 g; pooltool 0.170097). */
  readonly m: number;
  /** Ball–cloth sliding friction μs (Alciatore: 0.2, range 0.15–0.4). */
  readonly muSlide: number;
  /** Rolling resistance μr (Alciatore: 0.01, range 0.005–0.015). */
  readonly muRoll: number;
  /** Decay of spin about the vertical axis, rad/s² (Alciatore: ~10, 5–15). */
  readonly spinDecay: number;
  /** Ball–ball coefficient of restitution e (Alciatore: 0.95, 0.92–0.98). */
  readonly eBall: number;
  /**
   * Young's modulus (Pa) and Poisson's ratio of the balls (phenolic resin:
   * Crown's 5.84 GPa and 0.34, quoted in "Collision of billiard balls",
   * dbkcues.ru). They set the Hertz stiffness of the compliant contacts used
   * inside clusters (sim/contact.ts): a head-on contact then lasts ≈ 0.4 ms
   * at 1 m/s and ≈ 0.25 ms at break speed, squeezing the balls by 0.13–1 mm.
   */
  readonly ballModulus: number;
  readonly ballPoisson: number;
  /**
   * Ball–ball friction μ(v) = a + b·exp(−c·v), v the contact-point slip speed
   * in m/s (Alciatore TP A-14 fit: a = 0.00995, b = 0.108, c = 1.088).
   */
  readonly ballFriction: { readonly a: number; readonly b: number; readonly c: number };
  /** Cushion coefficient of restitution (pooltool: 0.85, range 0.6–0.9). */
  readonly eCushion: number;
  /** Ball–cushion friction (pooltool's Han 2005 default 0.2). */
  readonly muCushion: number;
  /** Cushion nose height above the slate as a multiple of R (WPA 63.5 % of D = 1.27 R). */
  readonly cushionHeight: number;
  /** Cue mass, kg (pooltool: 0.567; a typical playing cue weighs 0.54–0.60). */
  readonly cueMass: number;
  /** Cue-tip–ball restitution (Alciatore: 0.71–0.75). */
  readonly eTip: number;
  /**
   * Ball mass over cue end mass m_b/m_e for squirt (docs/physics.md law 7;
   * Alciatore TP A-31: about 30 for a typical shaft, giving 1–2°).
   */
  readonly squirtMassRatio: number;
  /** Pocket mouth between jaw tips, m (WPA corner 114–117 mm, side 127–130 mm). */
  readonly cornerMouth: number;
  readonly sideMouth: number;
  /** Angle between cushion nose and jaw face, degrees (WPA corner 142° ± 1°, side 104° ± 1°). */
  readonly cornerCut: number;
  readonly sideCut: number;
  /**
   * Shelf: distance from the mouth line to the edge of the slate cut, m
   * (WPA: corner 1–2.25 in, side 0–0.375 in). A ball drops when its centre
   * passes over the slate edge, i.e. enters the hole circle behind the shelf.
   */
  readonly cornerShelf: number;
  readonly sideShelf: number;
  /** Radius of the slate cut (hole) modelled as a circle on the pocket axis, m. */
  readonly cornerHoleRadius: number;
  readonly sideHoleRadius: number;
}

const INCH = 0.0254;

export const DEFAULT_PHYSICS: PhysicsParams = Object.freeze({
  g: 9.81,
  R: BALL_RADIUS,
  m: 0.170097,
  muSlide: 0.2,
  muRoll: 0.01,
  spinDecay: 10,
  eBall: 0.95,
  ballModulus: 5.84e9,
  ballPoisson: 0.34,
  ballFriction: Object.freeze({ a: 0.00995, b: 0.108, c: 1.088 }),
  eCushion: 0.85,
  muCushion: 0.2,
  cushionHeight: 1.27,
  cueMass: 0.567,
  eTip: 0.75,
  squirtMassRatio: 30,
  // Middle of the WPA ranges.
  cornerMouth: 4.5625 * INCH,
  sideMouth: 5.0625 * INCH,
  cornerCut: 142,
  sideCut: 104,
  cornerShelf: 1.625 * INCH,
  sideShelf: 0.1875 * INCH,
  cornerHoleRadius: 0.06,
  sideHoleRadius: 0.0645,
});
