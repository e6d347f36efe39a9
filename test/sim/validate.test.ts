/**
 * sim/validate.ts `checkLayout`: the clear box (a proof, per geometry, that
 * no cushion, jaw or hole check can fail for a centre inside it) must give
 * the same verdict as checking every ball against every feature.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BallId } from '../../engine/ball.js';
import { TABLE_DIMENSIONS, type TableSize } from '../../engine/table.js';
import { DEFAULT_PHYSICS } from '../../sim/params.js';
import { buildTableGeometry } from '../../sim/tableGeometry.js';
import { checkLayout, clearBox } from '../../sim/validate.js';

const TABLES: readonly TableSize[] = ['9ft', '8ft', '7ft'];
const R = DEFAULT_PHYSICS.R;

describe('checkLayout: the clear box', () => {
  it('is proved on every table, 2R inside the cushion noses', () => {
    for (const t of TABLES) {
      const geo = buildTableGeometry(t, DEFAULT_PHYSICS);
      const { length: L, width: W } = TABLE_DIMENSIONS[t];
      const box = clearBox(geo, R);
      expect(box?.x).toBeCloseTo(L / 2 - 2 * R, 8);
      expect(box?.y).toBeCloseTo(W / 2 - 2 * R, 8);
    }
  });

  it('is refused where a feature reaches into it (a hole moved onto the table)', () => {
    const geo = buildTableGeometry('9ft', DEFAULT_PHYSICS);
    const holes = geo.holes.map((h, i) => (i === 0 ? { ...h, x: 0, y: 0 } : h));
    expect(clearBox({ ...geo, holes }, R)).toBeNull();
  });

  it('gives the verdict of the full check, near the cushions and pockets above all', () => {
    for (const t of TABLES) {
      const geo = buildTableGeometry(t, DEFAULT_PHYSICS);
      const { length: L, width: W } = TABLE_DIMENSIONS[t];
      // Centres from a little off the table to well inside, denser near the edges.
      const edge = (size: number) =>
        fc.oneof(
          fc.double({ min: -0.05, max: size + 0.05, noNaN: true }),
          fc.double({ min: -0.05, max: 4 * R, noNaN: true }),
          fc.double({ min: size - 4 * R, max: size + 0.05, noNaN: true }),
        );
      const spot = fc.record({ x: edge(L), y: edge(W) });
      fc.assert(
        fc.property(fc.array(spot, { minLength: 1, maxLength: 6 }), (spots) => {
          const layout = {
            table: t,
            balls: spots.map((s, i) => ({ id: i as BallId, x: s.x, y: s.y })),
          };
          expect(checkLayout(layout, geo, DEFAULT_PHYSICS)).toEqual(
            checkLayout(layout, geo, DEFAULT_PHYSICS, false),
          );
        }),
        { numRuns: 3000, seed: 20261202 },
      );
    }
  });
});
