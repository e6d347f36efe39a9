/** R3 racking and R4 breaking order, and the seeded PRNG behind the rack. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BACK_CORNER_SLOTS,
  BALL_RADIUS,
  breakerOfFrame,
  EIGHT,
  EIGHT_SLOT,
  firstBreaker,
  footSpot,
  groupOf,
  newFrame,
  nextInt,
  rack,
  rackSlots,
  seedState,
  shuffle,
  TABLE_SIZES,
} from '../../engine/index.js';

describe('R3 racking', () => {
  it.each(TABLE_SIZES)('apex on the foot spot, base parallel to the foot rail (%s)', (table) => {
    const slots = rackSlots(table);
    expect(slots[0]).toEqual(footSpot(table));
    // The base row (slots 10–14) shares one x, nearer the foot rail than the apex.
    const base = slots.slice(10);
    expect(new Set(base.map((s) => s.x)).size).toBe(1);
    expect(base[0]!.x).toBeGreaterThan(slots[0]!.x);
  });

  it('for any seed: the 8 in the centre, a solid and a stripe in the back corners, 15 distinct balls, none overlapping', () => {
    fc.assert(
      fc.property(fc.integer(), fc.constantFrom(...TABLE_SIZES), (seed, table) => {
        const [balls] = rack(table, seedState(seed));
        const slots = rackSlots(table);
        const at = (i: number) => balls.find((b) => b.x === slots[i]!.x && b.y === slots[i]!.y)!.id;
        expect(at(EIGHT_SLOT)).toBe(EIGHT);
        expect(new Set(BACK_CORNER_SLOTS.map((i) => groupOf(at(i))))).toEqual(
          new Set(['solids', 'stripes']),
        );
        expect(new Set(balls.map((b) => b.id)).size).toBe(15);
        for (const p of balls) {
          for (const q of balls) {
            if (p.id < q.id)
              expect(Math.hypot(p.x - q.x, p.y - q.y)).toBeGreaterThan(2 * BALL_RADIUS);
          }
        }
      }),
    );
  });

  it('the same seed gives the same rack; different seeds shuffle', () => {
    expect(newFrame({ seed: 42 })).toEqual(newFrame({ seed: 42 }));
    const orders = new Set(
      Array.from({ length: 50 }, (_, s) => JSON.stringify(newFrame({ seed: s }).balls)),
    );
    expect(orders.size).toBeGreaterThan(45);
  });

  it('the rack shuffle is close to uniform: each solid takes the back corner about 1/7 of the time', () => {
    const counts = new Map<number, number>();
    let state = seedState(9);
    for (let i = 0; i < 7000; i++) {
      const [balls, next] = rack('9ft', state);
      state = next;
      const slots = rackSlots('9ft');
      const corners = BACK_CORNER_SLOTS.map(
        (k) => balls.find((b) => b.x === slots[k]!.x && b.y === slots[k]!.y)!.id,
      );
      const solid = corners.find((id) => id < 8)!;
      counts.set(solid, (counts.get(solid) ?? 0) + 1);
    }
    // Binomial(7000, 1/7): mean 1000, sd ≈ 29; ±5 sd.
    for (const n of counts.values()) expect(Math.abs(n - 1000)).toBeLessThan(150);
    expect(counts.size).toBe(7);
  });
});

describe('the PRNG (mulberry32, state as data)', () => {
  it('nextInt stays in range and shuffle is a permutation', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 1, max: 1000 }), (seed, n) => {
        const [v] = nextInt(seedState(seed), n);
        expect(v).toBeGreaterThanOrEqual(0);
        expect(v).toBeLessThan(n);
        const [perm] = shuffle([1, 2, 3, 4, 5], seedState(seed));
        expect([...perm].sort()).toEqual([1, 2, 3, 4, 5]);
      }),
    );
  });
});

describe('R4 who breaks', () => {
  it('the lag winner chooses; in a match the break alternates', () => {
    expect(firstBreaker(1, true)).toBe(1);
    expect(firstBreaker(1, false)).toBe(0);
    expect([0, 1, 2, 3].map((i) => breakerOfFrame(1, i))).toEqual([1, 0, 1, 0]);
    expect(newFrame({ seed: 1, breaker: 1 }).turn).toBe(1);
  });
});
