/**
 * The second level's finalists (ai/finalists.ts): the best by value, or with
 * the choice among pots the best few by value and then the best pots by
 * attack value.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chooseFinalists } from '../../ai/finalists.js';

/** Candidates 0..n-1 in a random value order, a random subset of them (the pots) in a random attack order. */
const field = fc
  .integer({ min: 0, max: 40 })
  .chain((n) =>
    fc.tuple(
      fc.shuffledSubarray([...Array(n).keys()], { minLength: n, maxLength: n }),
      fc.shuffledSubarray([...Array(n).keys()]),
      fc.integer({ min: 0, max: 50 }),
      fc.integer({ min: 0, max: 12 }),
    ),
  );

describe('chooseFinalists', () => {
  it('takes the best by value when there is no attack order', () => {
    expect(chooseFinalists([5, 2, 7, 1, 0], [], 3, 1)).toEqual([5, 2, 7]);
    fc.assert(
      fc.property(field, ([byValue, , count, first]) => {
        expect(chooseFinalists(byValue, [], count, first)).toEqual(byValue.slice(0, count));
      }),
    );
  });

  it('takes the best few by value, then the best pots by attack not already in', () => {
    // 9 and 4 by value; then the pots by attack, 4 already in; then 6.
    expect(chooseFinalists([9, 4, 8, 3, 6, 1], [6, 4, 1, 3], 4, 2)).toEqual([9, 4, 6, 1]);
    // Fewer pots than places: the value order fills the rest.
    expect(chooseFinalists([9, 4, 8, 3, 6, 1], [1], 4, 2)).toEqual([9, 4, 1, 8]);
  });

  it('keeps its promises on any orders (property)', () => {
    fc.assert(
      fc.property(field, ([byValue, byAttack, count, first]) => {
        const out = chooseFinalists(byValue, byAttack, count, first);
        // As many as asked, or every candidate; each once, each a candidate.
        expect(out.length).toBe(Math.min(count, byValue.length));
        expect(new Set(out).size).toBe(out.length);
        for (const i of out) expect(byValue).toContain(i);
        if (byAttack.length === 0) return;
        // The best by value come first.
        const head = byValue.slice(0, Math.min(first, count));
        expect(out.slice(0, head.length)).toEqual(head);
        // The places after them go down the attack order: a pot left out is
        // worse by attack than every pot taken for its attack.
        const taken = out.slice(head.length).filter((i) => byAttack.includes(i));
        expect(taken).toEqual(byAttack.filter((i) => !head.includes(i)).slice(0, taken.length));
        const left = byAttack.filter((i) => !out.includes(i));
        if (left.length > 0) expect(out.length).toBe(count);
      }),
    );
  });
});
