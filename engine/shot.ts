import { Type } from '@sinclair/typebox';
import { closed, type Wire } from './wireType.js';

/**
 * The shots the simulator accepts (docs/physics.md "Accepted ranges": beyond
 * them its model is not faithful): a cue speed V in [0, 15] m/s, an
 * elevation theta in [0, 60] degrees (no massé), a tip offset
 * √(a² + b²) ≤ 0.7 R (no miscue). ShotSchema states them; sim/validate.ts
 * checkShot is the typed fast path; ai/noise.ts keeps executed shots in them.
 */
export const SHOT_LIMITS = {
  V: { min: 0, max: 15 },
  theta: { min: 0, max: 60 },
  tip: 0.7,
} as const;

const offset = {
  minimum: -SHOT_LIMITS.tip,
  maximum: SHOT_LIMITS.tip,
  description: `a fraction of R in [−${SHOT_LIMITS.tip}, ${SHOT_LIMITS.tip}]`,
};

/**
 * Cue-stick parameters (docs/wire.md "Shots"), as FastFiz and pooltool take them.
 * - phi: aim direction of the cue, degrees counter-clockwise from +x;
 * - V: cue-stick speed at impact, m/s;
 * - a, b: tip offset from the ball centre as a fraction of R, a sideways
 *   (+ right english), b vertical (+ follow, − draw);
 * - theta: cue elevation, degrees (default 0).
 */
export const ShotSchema = closed(
  {
    phi: Type.Number({ description: 'aim, degrees counter-clockwise from +x (a finite number)' }),
    V: Type.Number({
      minimum: SHOT_LIMITS.V.min,
      maximum: SHOT_LIMITS.V.max,
      description: `a cue speed in [${SHOT_LIMITS.V.min}, ${SHOT_LIMITS.V.max}] m/s`,
    }),
    a: Type.Optional(Type.Number(offset)),
    b: Type.Optional(Type.Number(offset)),
    theta: Type.Optional(
      Type.Number({
        minimum: SHOT_LIMITS.theta.min,
        maximum: SHOT_LIMITS.theta.max,
        description: `an elevation in [${SHOT_LIMITS.theta.min}, ${SHOT_LIMITS.theta.max}] degrees`,
      }),
    ),
  },
  {
    $id: 'Shot',
    description: `cue-stick parameters (docs/wire.md "Shots"); also a² + b² ≤ ${SHOT_LIMITS.tip}² (docs/physics.md "Accepted ranges")`,
  },
);
export type Shot = Wire<typeof ShotSchema>;
