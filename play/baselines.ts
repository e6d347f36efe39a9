import { BREAK } from '../ai/breakShot.js';
import { fallbackPlacement, minSpeed, placementFits, placements } from '../ai/candidates.js';
import { straightPots } from '../ai/estimate.js';
import { angleOf, dist, pocketAim, sub, toDegrees } from '../ai/geometry.js';
import type { Noise } from '../ai/levels.js';
import type { Decision } from '../ai/planner.js';
import { layoutFor } from '../ai/sampling.js';
import { deriveSeed, uniform } from '../ai/seeds.js';
import { knownBalls } from '../ai/value.js';
import { callableBalls, legalFirstContacts } from '../engine/adjudicate.js';
import { CUE } from '../engine/ball.js';
import type { PrngState } from '../engine/prng.js';
import type { FrameState } from '../engine/state.js';
import { headStringX, POCKET_IDS, type Point, TABLE_DIMENSIONS } from '../engine/table.js';
import { legalTargets } from '../engine/targets.js';
import { DEFAULT_PHYSICS, type PhysicsParams, simulate } from '../sim/index.js';

/**
 * Baselines for measuring strength (docs/planner.md "Strength: what to measure").
 * - greedy: the easiest straight-in pot by geometry, checked by one
 *   noiseless simulation, no lookahead, never a safety. After the break it
 *   takes fixed choices (accept the table, spot the 8) and it breaks with the
 *   same searched break as the planner, so a match measures shot selection.
 * - random: a random legal call and a random shot.
 */
export function greedyDecision(
  state: FrameState,
  noise: Noise,
  params: PhysicsParams = DEFAULT_PHYSICS,
): Decision {
  if (state.pending) {
    const prefer = [
      'spotEightAcceptTable',
      'acceptTable',
      'spotEightCueInKitchen',
      'cueInKitchen',
      'rerackAndBreak',
    ] as const;
    const option =
      prefer.find((o) => state.pending!.options.includes(o)) ?? state.pending.options[0]!;
    return { kind: 'decide', option, reason: 'greedy: the fixed choice' };
  }
  if (state.phase === 'break') {
    return {
      kind: 'shot',
      call: null,
      shot: BREAK.shotFor(state.table),
      placement: BREAK.placement(state.table),
      reason: 'the searched break',
      ranked: [],
    };
  }
  const balls = knownBalls(state);
  const cue = balls.find((b) => b.id === CUE);
  const targets = callableBalls(state, state.turn);
  const options: { at: Point; placement: Point | null }[] = [];
  const mustPlace =
    state.ballInHand !== null &&
    (!cue || (state.ballInHand.region === 'kitchen' && cue.x > headStringX(state.table)));
  if (state.ballInHand) {
    for (const p of placements(state, balls)) options.push({ at: p.at, placement: p.at });
  }
  if (cue && !mustPlace) options.push({ at: cue, placement: null });
  const pots = options
    .flatMap((o) =>
      straightPots(
        state.table,
        balls.filter((b) => b.id !== CUE || !o.placement),
        o.at,
        targets,
        noise,
      ).map((g) => ({ g, o })),
    )
    .sort((p, q) => q.g.chance - p.g.chance);
  // One noiseless simulation per shot, best first: the first that pots the
  // called ball, else the last one tried.
  const tried = pots.slice(0, 8).map(({ g, o }) => ({
    g,
    o,
    shot: { phi: g.phi, V: Math.min(5, 1.6 * minSpeed(g.cut, g.dCue, g.dObj)), a: 0, b: 0 },
  }));
  const pick =
    tried.find(({ g, o, shot }) => {
      const layout = layoutFor(state, o.placement);
      const r = layout ? simulate(layout, shot, params) : null;
      return (
        r?.ok &&
        r.value.events.some(
          (e) => e.type === 'pocket' && e.ball === g.ball && e.pocket === g.pocket,
        )
      );
    }) ?? tried[tried.length - 1];
  if (pick) {
    const { g, o, shot } = pick;
    return {
      kind: 'shot',
      call: { kind: 'pocket', ball: g.ball, pocket: g.pocket },
      shot,
      placement: o.placement,
      reason: `greedy: the ${g.ball} in ${g.pocket}, geometric chance ${Math.round(g.chance * 100)}%`,
      ranked: [],
    };
  }
  // No straight pot: hit the nearest legal ball full, calling it in its nearest pocket.
  const from = mustPlace
    ? (fallbackPlacement(state) ?? { x: 0.3, y: TABLE_DIMENSIONS[state.table].width / 2 })
    : cue!;
  const noDirect = new Set(legalTargets(state).noDirectShot);
  const firsts = legalFirstContacts(state, state.turn);
  const allowed = firsts.filter((id) => !noDirect.has(id));
  const nearest = (ids: readonly number[]) =>
    balls.filter((b) => ids.includes(b.id)).sort((p, q) => dist(from, p) - dist(from, q))[0];
  const aimAt = nearest(allowed.length > 0 ? allowed : firsts)!;
  const callable = targets.includes(aimAt.id) ? aimAt : nearest(targets);
  const pocket = [...POCKET_IDS].sort(
    (p, q) =>
      dist(callable ?? aimAt, pocketAim(state.table, p)) -
      dist(callable ?? aimAt, pocketAim(state.table, q)),
  )[0]!;
  return {
    kind: 'shot',
    call: callable ? { kind: 'pocket', ball: callable.id, pocket } : null,
    shot: { phi: toDegrees(angleOf(sub(aimAt, from))), V: 2.5, a: 0, b: 0 },
    placement: mustPlace ? from : null,
    reason: 'greedy: no straight pot, hit the nearest legal ball',
    ranked: [],
  };
}

export function randomDecision(state: FrameState, seed: number): Decision {
  let s: PrngState = deriveSeed(seed, state.shotCount);
  const next = () => {
    const [u, n] = uniform(s);
    s = n;
    return u;
  };
  if (state.pending) {
    const o = state.pending.options;
    return { kind: 'decide', option: o[Math.floor(next() * o.length)]!, reason: 'random' };
  }
  const { length: L, width: W } = TABLE_DIMENSIONS[state.table];
  let placement: Point | null = null;
  const cueOn = state.balls.some((b) => b.id === CUE);
  if (state.ballInHand && (!cueOn || state.phase === 'break' || next() < 0.5)) {
    const maxX = state.ballInHand.region === 'kitchen' ? headStringX(state.table) : L;
    for (let k = 0; k < 50 && !placement; k++) {
      const p = { x: 0.03 + next() * (maxX - 0.06), y: 0.03 + next() * (W - 0.06) };
      if (placementFits(state, p)) placement = p;
    }
  }
  const callable = state.phase === 'break' ? [] : callableBalls(state, state.turn);
  const call =
    callable.length > 0
      ? {
          kind: 'pocket' as const,
          ball: callable[Math.floor(next() * callable.length)]!,
          pocket: POCKET_IDS[Math.floor(next() * 6)]!,
        }
      : null;
  return {
    kind: 'shot',
    call: state.phase === 'break' ? null : (call ?? { kind: 'safety' }),
    shot: { phi: next() * 360, V: 0.5 + next() * 5.5, a: 0, b: 0 },
    placement,
    reason: 'random',
    ranked: [],
  };
}
