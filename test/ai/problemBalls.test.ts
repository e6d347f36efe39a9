/**
 * ai/problemBalls.ts: the balls of a group that no cue-ball spot pots (the
 * diagnosis behind bench/runout.js's `byProblemBalls`), and what they cost a
 * group's choice on an open table (ai/planner.ts `groupChoiceCost`).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Candidate } from '../../ai/candidates.js';
import { D, pocketAim } from '../../ai/geometry.js';
import { LEVELS } from '../../ai/levels.js';
import { groupChoiceCost } from '../../ai/planner.js';
import { problemBalls } from '../../ai/problemBalls.js';
import { blocked } from '../../ai/value.js';
import type { BallId } from '../../engine/ball.js';
import { TABLE_DIMENSIONS } from '../../engine/table.js';
import { position } from '../ai/positions.js';

const { length: L, width: W } = TABLE_DIMENSIONS['9ft'];

/** Six stripes touching a ring around (x, y), 1 mm apart from the centre ball. */
function ring(x: number, y: number): { id: number; x: number; y: number }[] {
  return [9, 10, 11, 12, 13, 14].map((id, k) => ({
    id,
    x: x + (D + 0.001) * Math.cos((k * Math.PI) / 3),
    y: y + (D + 0.001) * Math.sin((k * Math.PI) / 3),
  }));
}

describe('problemBalls', () => {
  it('flags a solid walled in by stripes, not a lone solid in the open', () => {
    const state = position([
      { id: 0, x: 0.5, y: 0.6 },
      { id: 3, x: 1.6, y: 0.64 },
      ...ring(1.6, 0.64),
      { id: 5, x: 0.9, y: 0.35 },
      { id: 8, x: 2.2, y: 1.0 },
    ]);
    expect(problemBalls(state, 'solids')).toEqual([3]);
    // A cluster: each stripe of the ring has open sides, but its ghost ball for
    // every pocket it sees lies in the cluster, or the way there passes a neighbour.
    expect(problemBalls(state, 'stripes')).toEqual([9, 10, 11, 12, 13, 14]);
    // The lone 5 is potted from somewhere; take the ring away and nothing is a problem.
    const open = position(
      state.balls.filter((b) => b.id < 9) as { id: number; x: number; y: number }[],
    );
    expect(problemBalls(open, 'solids')).toEqual([]);
  });

  it('flags a ball with a clear path to a pocket when its ghost-ball spot is taken (wider than blocked)', () => {
    // Stripes behind the 3 at 120°, 180° and 240° from its line to the foot-right corner:
    // the way to the pocket is open, but every ghost ball that pots it overlaps a stripe.
    const c = { x: 1.6, y: 0.5 };
    const aim = pocketAim('9ft', 'FR');
    const toPocket = Math.atan2(aim.y - c.y, aim.x - c.x);
    const behind = [120, 180, 240].map((deg, k) => ({
      id: 9 + k,
      x: c.x + (D + 0.001) * Math.cos(toPocket + (deg * Math.PI) / 180),
      y: c.y + (D + 0.001) * Math.sin(toPocket + (deg * Math.PI) / 180),
    }));
    const state = position([
      { id: 0, x: 0.5, y: 0.6 },
      { id: 3, ...c },
      ...behind,
      { id: 8, x: 0.9, y: 1.0 },
    ]);
    expect(blocked(state, 3)).toBe(false);
    expect(problemBalls(state, 'solids')).toEqual([3]);
    // Without the middle stripe the ghost ball for the corner is free: no longer a problem ball.
    const opened = position(
      state.balls.filter((b) => b.id !== 10) as { id: number; x: number; y: number }[],
    );
    expect(problemBalls(opened, 'solids')).toEqual([]);
  });

  it('mirrors: the same balls across the long axis (y → W − y) are flagged alike', () => {
    const spot = fc.record({
      x: fc.double({ min: 0.05, max: L - 0.05, noNaN: true }),
      y: fc.double({ min: 0.05, max: W - 0.05, noNaN: true }),
    });
    let flagged = 0;
    fc.assert(
      fc.property(fc.array(spot, { minLength: 6, maxLength: 15 }), (spots) => {
        // Balls 1..15 at the drawn spots, dropping any that would overlap one already placed.
        const balls: { id: number; x: number; y: number }[] = [];
        for (const [k, p] of spots.entries())
          if (balls.every((b) => Math.hypot(b.x - p.x, b.y - p.y) > D + 0.002))
            balls.push({ id: k + 1, ...p });
        const state = position(balls);
        const mirrored = position(balls.map((b) => ({ ...b, y: W - b.y })));
        for (const g of ['solids', 'stripes'] as const) {
          const here = problemBalls(state, g);
          flagged += here.length;
          expect(problemBalls(mirrored, g)).toEqual(here);
        }
      }),
      { numRuns: 150, seed: 20261202 },
    );
    // The property must have seen problem balls to say anything about them.
    expect(flagged).toBeGreaterThan(10);
  });

  it('costs an open-table pot the problem balls of the group it would take, up to two (R11)', () => {
    const balls = [
      { id: 0, x: 0.5, y: 0.6 },
      { id: 3, x: 1.6, y: 0.64 },
      ...ring(1.6, 0.64),
      { id: 5, x: 0.9, y: 0.35 },
      { id: 8, x: 2.2, y: 1.0 },
    ];
    const pot = (ball: number): Candidate => ({
      kind: 'pot',
      call: { kind: 'pocket', ball: ball as BallId, pocket: 'FL' },
      shot: { phi: 0, V: 2, a: 0, b: 0 },
      placement: null,
      prior: 1,
      target: null,
      describe: '',
    });
    const safety: Candidate = { ...pot(5), kind: 'safety', call: { kind: 'safety' } };
    const open = groupChoiceCost(position(balls, null), LEVELS.olympiad);
    expect(open(pot(5))).toBeCloseTo(0.1, 12); // the solids: the walled-in 3
    expect(open(pot(12))).toBeCloseTo(0.2, 12); // the stripes: six in the ring, counted as two
    expect(open(safety)).toBe(0); // a safety takes no group
    // Groups decided, or a level without the cost: nothing.
    expect(groupChoiceCost(position(balls), LEVELS.olympiad)(pot(12))).toBe(0);
    expect(groupChoiceCost(position(balls, null), LEVELS.pro)(pot(12))).toBe(0);
  });
});
