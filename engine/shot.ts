/**
 * Cue-stick parameters (wire.md "Shots"), as FastFiz and pooltool take them.
 * - phi: aim direction of the cue, degrees counter-clockwise from +x;
 * - V: cue-stick speed at impact, m/s;
 * - a, b: tip offset from the ball centre as a fraction of R, a sideways
 *   (+ right english), b vertical (+ follow, − draw);
 * - theta: cue elevation, degrees (default 0).
 */
export interface Shot {
  readonly phi: number;
  readonly V: number;
  readonly a?: number;
  readonly b?: number;
  readonly theta?: number;
}
