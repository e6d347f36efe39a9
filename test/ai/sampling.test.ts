/**
 * The worker's samples (ai/sampling.ts `runSamples`) play and value with the
 * task's own noise at both depths, so a caller that scales the noise
 * (bench/runout.ts --noise) scales what the planner expects as well as what
 * it executes. Before, depth 2 looked the level's noise up by name.
 */
import { describe, expect, it } from 'vitest';
import type { BallAt } from '../../ai/estimate.js';
import { straightPots } from '../../ai/estimate.js';
import { LEVELS, type Noise } from '../../ai/levels.js';
import { layoutFor, runAim, runSamples, type SampleTask } from '../../ai/sampling.js';
import { DEFAULT_PHYSICS } from '../../sim/index.js';
import { position } from './positions.js';

const NONE: Noise = { phi: 0, V: 0, a: 0, b: 0, theta: 0 };

// Player 0 (solids) pots the 3 from mid-table; the 5 and the 8 are left at
// a distance and the 12 is in the way of nothing: depth 2 has shots to
// sample, and at the olympiad noise none of them is certain.
const balls = [
  { id: 0, x: 1.0, y: 0.5 },
  { id: 3, x: 1.6, y: 0.35 },
  { id: 5, x: 0.6, y: 0.9 },
  { id: 8, x: 1.9, y: 1.0 },
  { id: 12, x: 0.3, y: 0.2 },
];
const state = position(balls);

function task(noise: Noise): SampleTask {
  const g = straightPots(state.table, balls as BallAt[], balls[0]!, [3], noise)[0]!;
  const layout = layoutFor(state, null)!;
  const shot = { phi: g.phi, V: 2, a: 0, b: 0 };
  const aim = runAim({
    kind: 'aim',
    layout,
    shot,
    ball: 3,
    pocket: g.pocket,
    params: DEFAULT_PHYSICS,
  });
  return {
    kind: 'sample',
    state,
    call: { kind: 'pocket', ball: 3, pocket: g.pocket },
    shot: { ...shot, phi: aim.phi },
    placement: null,
    noise,
    level: 'olympiad',
    params: DEFAULT_PHYSICS,
    root: 7,
    candidate: 0,
    first: 0,
    count: 4,
    lookahead: { pots: 4, variants: 3, samples: 3 },
  };
}

describe('runSamples', () => {
  it('with no noise, every sample and its depth-2 search come out the same', () => {
    const r = runSamples(task(NONE));
    expect(r.keeps).toBe(4);
    const mean = r.sumValue / r.n;
    // Zero variance: the depth-2 searches, seeded apart, drew no noise either.
    expect(r.sumSquares / r.n - mean * mean).toBeCloseTo(0, 12);
  });
  it('with the olympiad noise, the depth-2 values differ from sample to sample', () => {
    const r = runSamples(task(LEVELS.olympiad.noise));
    const mean = r.sumValue / r.n;
    expect(r.sumSquares / r.n - mean * mean).toBeGreaterThan(1e-6);
  });
});

describe('runSamples on what cannot be played', () => {
  it('a stroke the simulator refuses is worth nothing and no foul; a refused placement is a foul', () => {
    // phi NaN: E_SIM_BAD_SHOT for every sample, nothing was played.
    const unplayable = runSamples({ ...task(NONE), shot: { phi: Number.NaN, V: 2 }, count: 3 });
    expect(unplayable).toMatchObject({ n: 3, sumValue: 0, fouls: 0, pots: 0, wins: 0 });
    // The cue ball in hand placed on the 3: a position no one may play from.
    const inHand = {
      ...position(balls),
      ballInHand: { region: 'anywhere', restricted: false },
    } as typeof state;
    const onBall = runSamples({
      ...task(NONE),
      state: inHand,
      placement: { x: balls[1]!.x, y: balls[1]!.y },
      count: 3,
    });
    expect(onBall).toMatchObject({ n: 3, sumValue: 0, fouls: 3 });
  });
});
