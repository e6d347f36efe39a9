/**
 * Seed derivation (ai/seeds.ts). `pool8 match --seed 11` and `--seed 12`
 * once played mostly the same racks, seven pairs apart: the root was folded
 * in unscrambled, so nearby roots gave shifted copies of one stream
 * (found in the run-out trials of bench/README.md). Two matches with different seeds must
 * be independent samples, or pooling them double-counts racks.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deriveSeed } from '../../ai/seeds.js';
import { gameSeed } from '../../play/match.js';

describe('deriveSeed', () => {
  it('gives nearby match seeds no rack in common (seeds 1–40, 500 pairs each)', () => {
    const seen = new Map<number, number>();
    for (let s = 1; s <= 40; s++) {
      for (let g = 0; g < 1000; g += 2) {
        const frame = gameSeed(s, g);
        const before = seen.get(frame);
        expect(
          before === undefined || before === s,
          `seed ${s} repeats a rack of seed ${before}`,
        ).toBe(true);
        seen.set(frame, s);
      }
    }
  });

  it('sends nearby roots to unrelated streams (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 }),
        fc.integer({ min: 1, max: 64 }),
        (root, d) => {
          const a = new Set(Array.from({ length: 200 }, (_, k) => deriveSeed(root, k, 7)));
          const shared = Array.from({ length: 200 }, (_, k) => deriveSeed(root + d, k, 7)).filter(
            (x) => a.has(x),
          );
          expect(shared).toEqual([]);
        },
      ),
    );
  });

  it('is a pure function of its coordinates', () => {
    expect(deriveSeed(11, 3, 0x7ac)).toBe(deriveSeed(11, 3, 0x7ac));
    expect(deriveSeed(11, 3, 0x7ac)).not.toBe(deriveSeed(11, 4, 0x7ac));
    expect(deriveSeed(11, 3)).not.toBe(deriveSeed(11, 3, 0));
  });
});
