/**
 * More depth-2 samples near the end of the rack (ai/levels.ts
 * `Lookahead.closeOutToGo` and `closeOutSamples`, ai/sampling.ts): within
 * the bound the next shot is sampled more often, beyond it nothing changes.
 */
import { describe, expect, it } from 'vitest';
import { LEVELS, type Lookahead } from '../../ai/levels.js';
import { lookaheadValue } from '../../ai/sampling.js';
import { DEFAULT_PHYSICS } from '../../sim/index.js';
import { position } from './positions.js';

const olympiad = LEVELS.olympiad;
const depth2: Lookahead = { pots: 4, variants: 3, samples: 3 };

// Player 0 (solids) has the 3 and the 8 left, two pots to go: the 3 a
// long cut to the foot-left corner, the 8 near the head rail.
const twoToGo = position([
  { id: 0, x: 1.2, y: 0.9 },
  { id: 3, x: 2.2, y: 0.3 },
  { id: 8, x: 0.4, y: 1.0 },
  { id: 12, x: 0.8, y: 0.3 },
]);

const value = (look: Lookahead, seed: number) =>
  lookaheadValue(twoToGo, olympiad, look, DEFAULT_PHYSICS, seed);

describe('close-out samples', () => {
  it('sample the next shot more often within the bound', () => {
    const more: Lookahead = { ...depth2, closeOutToGo: 2, closeOutSamples: 8 };
    // Over a few seeds at least one value differs: more samples, another mean.
    const seeds = [1, 2, 3, 4];
    expect(seeds.map((s) => value(more, s))).not.toEqual(seeds.map((s) => value(depth2, s)));
  });

  it('change nothing beyond it (two pots to go, the bound one)', () => {
    const near: Lookahead = { ...depth2, closeOutToGo: 1, closeOutSamples: 8 };
    for (const s of [1, 2]) expect(value(near, s)).toBe(value(depth2, s));
  });
});
