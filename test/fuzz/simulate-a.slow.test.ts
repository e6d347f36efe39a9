/**
 * Simulator fuzz, the long pass (a of 2, so the two files run on the two
 * workers; `npm run test:slow`): 50 000 random shots over the accepted
 * ranges on random legal layouts of the three tables (test/fuzz/harness.ts),
 * every one keeping the contract. The tally it prints is the figure in
 * docs/measurements.md "Simulator fuzz".
 */
import { describe, expect, it } from 'vitest';
import { fuzz, runSeed } from './run.js';

describe('simulator fuzz (long pass a)', () => {
  it('50 000 random shots: no ball off the slate, no log out of order or refused, no shot refused', () => {
    const t = fuzz('long a', 50_000, runSeed(20261220));
    expect(t.calls).toBe(50_000);
    expect(t.failures).toEqual({ offSlate: 0, order: 0, lostBall: 0, referee: 0, refused: 0 });
  });
});
