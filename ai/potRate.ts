import type { Layout } from '../engine/layout.js';
import type { PrngState } from '../engine/prng.js';
import { DEFAULT_PHYSICS, simulate } from '../sim/index.js';
import { minSpeed } from './candidates.js';
import type { PotGeometry } from './estimate.js';
import type { Noise } from './levels.js';
import { perturb } from './noise.js';
import { runAim } from './sampling.js';

/**
 * The yardstick for the geometric pot model (ai/estimate.ts): how often the
 * simulator drops a straight-in pot, played at the aim refinement's aim and
 * a medium stun speed (2 × the least speed, as positionVariants' "medium")
 * under the level's noise, the cue ball staying up. `found` is false when
 * the aim scan finds no window (the planner would drop the pot); the rate is
 * then 0. Used by test/ai/calibration.test.ts and bench/potModel.ts.
 */
export function simulatedPotRate(
  layout: Layout,
  pot: PotGeometry,
  noise: Noise,
  samples: number,
  seedOf: (sample: number) => PrngState,
): { found: boolean; rate: number } {
  const V = Math.min(5.5, Math.max(1.2, 2 * minSpeed(pot.cut, pot.dCue, pot.dObj)));
  const shot = { phi: pot.phi, V, a: 0, b: 0 };
  const aim = runAim({
    kind: 'aim',
    layout,
    shot,
    ball: pot.ball,
    pocket: pot.pocket,
    params: DEFAULT_PHYSICS,
  });
  if (aim.window === 0) return { found: false, rate: 0 };
  let made = 0;
  for (let i = 0; i < samples; i++) {
    const [executed] = perturb({ ...shot, phi: aim.phi }, noise, seedOf(i));
    const r = simulate(layout, executed, DEFAULT_PHYSICS);
    const events = r.ok ? r.value.events : [];
    if (
      events.some((e) => e.type === 'pocket' && e.ball === pot.ball && e.pocket === pot.pocket) &&
      !events.some((e) => e.type === 'pocket' && e.ball === 0)
    )
      made++;
  }
  return { found: true, rate: made / samples };
}
