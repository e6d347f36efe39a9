/**
 * All five speeds and spins near the end of the run (ai/levels.ts
 * `Lookahead.allVariantsToGo`, ai/sampling.ts): with few pots to go, the
 * depth-2 search plays soft and firm shots too, not only the medium ones.
 */
import { describe, expect, it } from 'vitest';
import { LEVELS, type Lookahead } from '../../ai/levels.js';
import { lookaheadValue } from '../../ai/sampling.js';
import { ballsToGo } from '../../ai/value.js';
import { DEFAULT_PHYSICS } from '../../sim/index.js';
import { position } from './positions.js';

const olympiad = LEVELS.olympiad;
const medium: Lookahead = { pots: 4, variants: 3, samples: 3 };
const all: Lookahead = { ...medium, allVariantsToGo: 3 };

// Player 0 (solids) has the 3 left, a quarter metre off a side pocket, and
// the 8 across the table; the cue ball is in the middle, the 12 near the 3.
// Found by a search over random layouts for one where the medium speeds leave
// nothing on the 8.
const lastBall = position([
  { id: 0, x: 1.27, y: 0.84 },
  { id: 3, x: 1.38, y: 0.26 },
  { id: 8, x: 0.67, y: 0.74 },
  { id: 12, x: 1.5, y: 0.62 },
]);

const seeds = [1, 2, 3, 4, 5];

describe('all variants near the end of the run', () => {
  it('finds the position on the 8 that the medium speeds miss', () => {
    expect(ballsToGo(lastBall, 0)).toBe(2);
    let gain = 0;
    for (const seed of seeds) {
      const v0 = lookaheadValue(lastBall, olympiad, medium, DEFAULT_PHYSICS, seed);
      const v1 = lookaheadValue(lastBall, olympiad, all, DEFAULT_PHYSICS, seed);
      // On every seed soft or firm finds more than the medium speeds.
      expect(v1).toBeGreaterThan(v0 + 0.02);
      gain += (v1 - v0) / seeds.length;
    }
    // 0.67 with the medium speeds on each of the five seeds; 0.75 to 0.87 with all.
    expect(gain).toBeGreaterThan(0.08);
  });

  it('changes nothing with more pots to go than its bound', () => {
    const two: Lookahead = { ...medium, allVariantsToGo: 1 };
    for (const seed of seeds)
      expect(lookaheadValue(lastBall, olympiad, two, DEFAULT_PHYSICS, seed)).toBe(
        lookaheadValue(lastBall, olympiad, medium, DEFAULT_PHYSICS, seed),
      );
  });
});
