/**
 * Depth 3 in the endgame (ai/levels.ts `Lookahead.endgame`, ai/sampling.ts):
 * where a depth-2 sample keeps the table with few pots left, that position
 * is searched once more instead of valued by the race model.
 */
import { describe, expect, it } from 'vitest';
import { LEVELS, type Lookahead } from '../../ai/levels.js';
import { lookaheadValue } from '../../ai/sampling.js';
import { DEFAULT_PHYSICS } from '../../sim/index.js';
import { position } from './positions.js';

const olympiad = LEVELS.olympiad;
const depth2: Lookahead = { pots: 4, variants: 3, samples: 3 };
const depth3: Lookahead = {
  ...depth2,
  endgame: { maxToGo: 3, pots: 2, variants: 2, samples: 1 },
};

// Player 0 (solids) has the 3 hanging in the foot-left corner and the 8
// hanging in the foot-right one; the cue ball is in the middle of the table.
const bothHanging = position([
  { id: 0, x: 1.6, y: 0.635 },
  { id: 3, x: 2.49, y: 0.04 },
  { id: 8, x: 2.49, y: 1.23 },
  { id: 12, x: 0.5, y: 0.3 },
]);

describe('endgame depth 3', () => {
  it('plays a frame to its end where the last ball and the 8 both hang', () => {
    // Depth 2 pots the 3 and values the leave on the 8 by the race model,
    // which stops short of certainty; depth 3 pots the 8 too: a won frame.
    const v2 = lookaheadValue(bothHanging, olympiad, depth2, DEFAULT_PHYSICS, 11);
    const v3 = lookaheadValue(bothHanging, olympiad, depth3, DEFAULT_PHYSICS, 11);
    expect(v2).toBeLessThan(1);
    expect(v2).toBeGreaterThan(0.9);
    expect(v3).toBe(1);
  });

  it('does nothing where no position is within its bound (the 8 alone is one pot to go)', () => {
    const far: Lookahead = { ...depth2, endgame: { ...depth3.endgame!, maxToGo: 0 } };
    expect(lookaheadValue(bothHanging, olympiad, far, DEFAULT_PHYSICS, 11)).toBe(
      lookaheadValue(bothHanging, olympiad, depth2, DEFAULT_PHYSICS, 11),
    );
  });
});
