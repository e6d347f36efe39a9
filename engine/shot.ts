import { Type } from '@sinclair/typebox';
import { closed, type Wire } from './wireType.js';

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
    V: Type.Number({ minimum: 0, maximum: 20, description: 'a cue speed in [0, 20] m/s' }),
    a: Type.Optional(
      Type.Number({
        exclusiveMinimum: -1,
        exclusiveMaximum: 1,
        description: 'a fraction of R in (−1, 1)',
      }),
    ),
    b: Type.Optional(
      Type.Number({
        exclusiveMinimum: -1,
        exclusiveMaximum: 1,
        description: 'a fraction of R in (−1, 1)',
      }),
    ),
    theta: Type.Optional(
      Type.Number({
        minimum: 0,
        exclusiveMaximum: 90,
        description: 'an elevation in [0, 90) degrees',
      }),
    ),
  },
  { $id: 'Shot', description: 'cue-stick parameters (docs/wire.md "Shots"); also a² + b² < 1' },
);
export type Shot = Wire<typeof ShotSchema>;
