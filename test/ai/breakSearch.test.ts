/**
 * The break search (ai/breakSearch.ts): the random and local stages draw
 * from a PRNG seeded by the search seed, so `pool8 search-break` with the
 * same options finds the same break (the stored break names the command
 * that made it, test/ai/breakData.test.ts), and their draws stay in range.
 */
import { describe, expect, it } from 'vitest';
import { searchBreak } from '../../ai/breakSearch.js';

describe('searchBreak with random and local draws', () => {
  const run = (seed: number) => searchBreak(10, seed, undefined, { random: 6, local: 3 });
  const a = run(9);

  it('tries the 81 of the grid, the random draws and 4 × local draws', () => {
    expect(a.tried).toHaveLength(81 + 6 + 4 * 3);
  });

  it('is reproducible from its seed, and another seed draws other breaks', () => {
    expect(run(9)).toEqual(a);
    const specs = (r: typeof a) => new Set(r.tried.map((t) => JSON.stringify(t.spec)));
    const other = specs(run(10));
    const drawn = [...specs(a)].filter((s) => !other.has(s));
    expect(drawn.length).toBeGreaterThanOrEqual(6);
  });

  it('draws within the searched ranges, to two decimals', () => {
    for (const t of a.tried) {
      const { yFrac, offset, V, b } = t.spec;
      // RANDOM_RANGES: the grid lies inside them, and local draws are clamped to them.
      expect(yFrac).toBeGreaterThanOrEqual(0.1);
      expect(yFrac).toBeLessThanOrEqual(0.9);
      expect(Math.abs(offset)).toBeLessThanOrEqual(1.5);
      expect(V).toBeGreaterThanOrEqual(8);
      expect(V).toBeLessThanOrEqual(12.5);
      expect(b).toBeGreaterThanOrEqual(-0.6);
      expect(b).toBeLessThanOrEqual(0.4);
      for (const x of [yFrac, offset, V, b]) expect(Math.round(x * 100) / 100).toBe(x);
    }
  });

  it('reports the winner measured on racks × 4 fresh racks, the best of the re-measured', () => {
    expect(a.best.racks).toBe(40);
    const top = a.tried.slice(0, 8).map((t) => JSON.stringify(t.spec));
    expect(top).toContain(JSON.stringify(a.best.spec));
  });
});
