/**
 * Route values (ai/route.ts) and the race model's run chance after the first
 * pot (ai/estimate.ts `positionValues`' `runAfter`, `raceWinFrom`): closed
 * forms, symmetry of the table, and the bounds a route must keep.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type BallAt, positionValues, raceWin, raceWinFrom } from '../../ai/estimate.js';
import { LEVELS } from '../../ai/levels.js';
import { type RouteModel, Routes } from '../../ai/route.js';
import type { BallId } from '../../engine/ball.js';
import { TABLE_DIMENSIONS } from '../../engine/table.js';

const level = LEVELS.olympiad;
const model: RouteModel = level.route!;
const SOLIDS: BallId[] = [1, 2, 3, 4, 5, 6, 7];
const { length: L, width: W } = TABLE_DIMENSIONS['9ft'];

/** Distinct ball spots on the bed, two ball widths apart, 0.1 m from the cushions. */
const layoutArb = (n: number) =>
  fc
    .array(
      fc.record({
        x: fc.double({ min: 0.1, max: L - 0.1, noNaN: true }),
        y: fc.double({ min: 0.1, max: W - 0.1, noNaN: true }),
      }),
      { minLength: n, maxLength: n },
    )
    .filter((ps) =>
      ps.every((p, i) => ps.every((q, j) => i === j || Math.hypot(p.x - q.x, p.y - q.y) > 0.12)),
    );

/** Solids 1… on the first spots, the 8 on the last. */
function layout(spots: { x: number; y: number }[]): BallAt[] {
  return spots.map((p, i) => ({ id: (i === spots.length - 1 ? 8 : i + 1) as BallId, ...p }));
}

describe('race model with a run chance after the first pot', () => {
  it('raceWinFrom(q^a, q^b) is raceWin(a, b, q)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 1, max: 8 }),
        fc.double({ min: 0.05, max: 0.99, noNaN: true }),
        (a, b, q) => {
          expect(raceWinFrom(q ** a, q ** b)).toBeCloseTo(raceWin(a, b, q), 12);
        },
      ),
    );
  });
  it('a run chance of q^(a−1) values the leave as the per-ball model does', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 1, max: 8 }),
        fc.double({ min: 0.05, max: 0.99, noNaN: true }),
        (p1, a, b, q) => {
          const plain = positionValues(p1, a, b, q, 0.3);
          const routed = positionValues(p1, a, b, q, 0.3, q ** (a - 1));
          expect(routed.attack).toBeCloseTo(plain.attack, 12);
          expect(routed.safe).toBe(plain.safe);
        },
      ),
    );
  });
  it('a surer run after the first pot is worth more', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.01, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (p1, r1, r2) => {
          const [lo, hi] = r1 < r2 ? [r1, r2] : [r2, r1];
          const v = (r: number) => positionValues(p1, 4, 5, 0.9, 0.3, r).attack;
          expect(v(hi)).toBeGreaterThanOrEqual(v(lo) - 1e-12);
        },
      ),
    );
  });
});

describe('routes', () => {
  it('the 8, or a ball not on the table, needs no route', () => {
    const balls = layout([
      { x: 1, y: 0.5 },
      { x: 2, y: 0.6 },
    ]);
    const r = new Routes('9ft', balls, SOLIDS, level.noise, model);
    expect(r.chance(8)).toBe(1);
    expect(r.chance(5)).toBe(1);
  });

  it('is a chance no larger than routine to the power of the steps, and the same on the mirrored table', () => {
    fc.assert(
      fc.property(layoutArb(4), (spots) => {
        const balls = layout(spots);
        const chance = new Routes('9ft', balls, SOLIDS, level.noise, model).chance(1);
        // Balls 2 and 3, then the 8: three steps.
        expect(chance).toBeGreaterThanOrEqual(0);
        expect(chance).toBeLessThanOrEqual(model.routine ** 3 + 1e-12);
        for (const flip of [
          (b: BallAt) => ({ ...b, x: L - b.x }),
          (b: BallAt) => ({ ...b, y: W - b.y }),
        ]) {
          const mirrored = new Routes('9ft', balls.map(flip), SOLIDS, level.noise, model).chance(1);
          expect(mirrored).toBeCloseTo(chance, 9);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('a ball whose every pocket line is blocked is priced at `blocked`', () => {
    // The 8 in the middle of a ring of six solids 6 cm out: every line from it to a
    // pocket passes within 3 cm of a ring ball's centre, less than a ball's width.
    const ring = [
      { x: 1.27, y: 0.635 },
      ...[0, 1, 2, 3, 4, 5].map((k) => ({
        x: 1.27 + 0.06 * Math.cos((k * Math.PI) / 3),
        y: 0.635 + 0.06 * Math.sin((k * Math.PI) / 3),
      })),
    ];
    const balls: BallAt[] = [
      { id: 1, x: 0.3, y: 0.3 },
      ...ring.slice(1).map((p, i) => ({ id: (i + 2) as BallId, ...p })),
      { id: 8, ...ring[0]! },
    ];
    const r = new Routes('9ft', balls, SOLIDS, level.noise, { ...model, routine: 1, blocked: 0.5 });
    // With the ring in the group it is potted first and the 8 comes clear.
    expect(r.chance(1)).toBeGreaterThan(0.5 ** 6);
    const blockedFirst = new Routes('9ft', balls, [1], level.noise, {
      ...model,
      routine: 1,
      blocked: 0.5,
    });
    // Only the 1 in the group: the 8 is next, still ringed by the other solids.
    expect(blockedFirst.chance(1)).toBe(0.5);
  });
});
