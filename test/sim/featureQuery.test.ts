/**
 * sim/world.ts FeatureQuery scans the leaves of planck's broad-phase tree
 * instead of walking it; both must report the same features for every box,
 * including boxes whose sides lie exactly on a leaf's fat box (planck's
 * overlap test counts touching as overlapping).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TABLE_DIMENSIONS, TABLE_SIZES } from '../../engine/table.js';
import { DEFAULT_PHYSICS } from '../../sim/params.js';
import { FeatureQuery, tableWorld } from '../../sim/world.js';

function both(q: FeatureQuery, x0: number, y0: number, x1: number, y1: number) {
  const scan = Array.from(q.out.subarray(0, q.run(x0, y0, x1, y1)));
  const walk = Array.from(q.out.subarray(0, q.runTree(x0, y0, x1, y1)));
  return { scan, walk };
}

describe('FeatureQuery', () => {
  for (const table of TABLE_SIZES) {
    const { length: L, width: W } = TABLE_DIMENSIONS[table];
    const q = new FeatureQuery(tableWorld(table, DEFAULT_PHYSICS).world);

    it(`${table}: the scan finds what the tree walk finds, for random boxes`, () => {
      const coord = (half: number) => fc.double({ min: -half - 0.3, max: half + 0.3, noNaN: true });
      fc.assert(
        fc.property(coord(L / 2), coord(W / 2), coord(L / 2), coord(W / 2), (a, b, c, d) => {
          const { scan, walk } = both(
            q,
            Math.min(a, c),
            Math.min(b, d),
            Math.max(a, c),
            Math.max(b, d),
          );
          expect(scan).toEqual(walk);
        }),
        { numRuns: 5000, seed: 20261203 },
      );
    });

    it(`${table}: and for boxes touching each leaf's fat box edge to edge`, () => {
      const all = both(q, -1e3, -1e3, 1e3, 1e3);
      expect(all.scan).toEqual(all.walk);
      expect(all.scan.length).toBeGreaterThan(20);
      // Boxes that touch a leaf's fat box exactly on one side, from outside,
      // and points on each of its corners.
      let checked = 0;
      for (let k = 0; k < q.codes.length; k++) {
        const [lx, ly, ux, uy] = [q.lx[k]!, q.ly[k]!, q.ux[k]!, q.uy[k]!];
        for (const [x0, y0, x1, y1] of [
          [ux, ly, ux + 0.01, uy],
          [lx - 0.01, ly, lx, uy],
          [lx, uy, ux, uy + 0.01],
          [lx, ly - 0.01, ux, ly],
          [lx, ly, lx, ly],
          [ux, uy, ux, uy],
          [lx, uy, lx, uy],
          [ux, ly, ux, ly],
        ] as const) {
          const r = both(q, x0, y0, x1, y1);
          expect(r.scan).toEqual(r.walk);
          expect(r.scan).toContain(q.codes[k]);
          checked++;
        }
      }
      expect(checked).toBeGreaterThan(0);
    });
  }
});
