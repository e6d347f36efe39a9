/**
 * play/compare.ts on hand-made frames, the figures worked out by hand:
 * racks 1–3, each played twice (breaker 0 and 1) in both experiments.
 */
import { describe, expect, it } from 'vitest';
import { compareFrames } from '../../play/compare.js';
import type { FrameRecord } from '../../play/game.js';

const frame = (seed: number, breaker: 0 | 1, winner: 0 | 1 | null): FrameRecord => ({
  seed,
  breaker,
  winner,
  reason: winner === null ? 'shotCap' : 'R1',
  stalemates: 0,
  shots: [],
});

describe('compareFrames', () => {
  it('scores, the difference with racks as units, McNemar on the discordant wins', () => {
    // A's scores, first: 1 0 | 1 1 | 0 ½ ; second: 1 1 | 0 1 | 1 1.
    const first = [
      frame(1, 0, 0),
      frame(1, 1, 1),
      frame(2, 0, 0),
      frame(2, 1, 0),
      frame(3, 0, 1),
      frame(3, 1, null),
    ];
    const second = [
      frame(3, 1, 0),
      frame(1, 0, 0),
      frame(1, 1, 0),
      frame(2, 0, 1),
      frame(2, 1, 0),
      frame(3, 0, 0),
      frame(9, 0, 0), // a deal the first did not play
    ];
    const c = compareFrames(first, second)!;
    expect(c.games).toBe(6);
    expect(c.racks).toBe(3);
    expect(c.unmatched).toEqual([0, 1]);
    expect(c.scoreA).toEqual([3.5 / 6, 5 / 6]);
    // Rack sums of second − first: 1, −1, 1.5; mean per game 1.5 / 6 = 0.25.
    expect(c.difference).toBe(0.25);
    // Σ (s − 0.25·2)² = 0.25 + 2.25 + 1 = 3.5; se = √(3.5 · 3 / 2) / 6.
    const se = Math.sqrt((3.5 * 3) / 2) / 6;
    expect(c.low).toBeCloseTo(0.25 - 1.959963984540054 * se, 12);
    expect(c.high).toBeCloseTo(0.25 + 1.959963984540054 * se, 12);
    // Won only in the first: rack 2 breaker 0; only in the second: rack 1/1, rack 3/0, rack 3/1.
    expect([c.wins.onlyFirst, c.wins.onlySecond]).toEqual([1, 3]);
    // Two-sided exact binomial, 1 of 4 at ½: 2 · (1 + 4) / 16.
    expect(c.wins.p).toBeCloseTo(10 / 16, 12);
  });

  it('shares nothing: null', () => {
    expect(compareFrames([frame(1, 0, 0)], [frame(2, 0, 0)])).toBeNull();
  });
});
