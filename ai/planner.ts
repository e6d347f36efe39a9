import { type Group, groupOf } from '../engine/ball.js';
import type { Call } from '../engine/call.js';
import { decide as decideOption } from '../engine/decide.js';
import { type EngineError, engineError } from '../engine/errors.js';
import { err, ok, type Result } from '../engine/result.js';
import type { Shot } from '../engine/shot.js';
import { stalemateAvailable } from '../engine/stalemate.js';
import type { DecisionOption, FrameState } from '../engine/state.js';
import type { Point } from '../engine/table.js';
import { DEFAULT_PHYSICS, type PhysicsParams } from '../sim/index.js';
import { BREAK } from './breakShot.js';
import { type Candidate, generate } from './candidates.js';
import type { Evaluator } from './evaluator.js';
import { chooseFinalists } from './finalists.js';
import type { Budget, Level } from './levels.js';
import { problemBalls } from './problemBalls.js';
import {
  type AimResult,
  layoutFor,
  type SampleResult,
  type SampleTask,
  type Task,
} from './sampling.js';
import { deriveSeed } from './seeds.js';
import { stateValue } from './value.js';

/**
 * The Monte Carlo planner (docs/planner.md): generate candidates from geometry,
 * refine each pot's aim by noiseless simulation, sample every candidate under
 * the level's execution noise through simulator and referee, score each
 * sample by the leave (ai/value.ts), and spend a second round of samples on
 * the best few (CueCard's two levels, docs/planner.md). Pure: the clock and the threads
 * come in through `options`.
 */
export interface PlanOptions {
  readonly level: Level;
  readonly seed: number;
  readonly evaluator: Evaluator;
  readonly params?: PhysicsParams;
  readonly budget?: Partial<Budget>;
  /** Start no more of the second level's tasks once this many milliseconds have passed (needs `now`). */
  readonly timeLimitMs?: number;
  readonly now?: () => number;
  readonly onProgress?: (p: { phase: 'aim' | 'sample' | 'final'; tasks: number }) => void;
}

export interface RankedShot {
  readonly candidate: Candidate;
  /** The aim after refinement, degrees, and the width of its pocketing window (null when not refined). */
  readonly shot: Shot;
  readonly window: number | null;
  readonly samples: number;
  /** Mean estimated P(win) after the shot. */
  readonly value: number;
  readonly stderr: number;
  readonly pPot: number;
  readonly pFoul: number;
  readonly pLose: number;
  /** Mean value of the position when the pot is made (the leave). */
  readonly leave: number;
}

export type Decision =
  | {
      readonly kind: 'shot';
      readonly call: Call | null;
      readonly shot: Shot;
      readonly placement: Point | null;
      readonly reason: string;
      readonly ranked: readonly RankedShot[];
    }
  | { readonly kind: 'decide'; readonly option: DecisionOption; readonly reason: string }
  | { readonly kind: 'stalemate'; readonly reason: string };

/** The candidate number that seeds the finalists' shared plain samples (no candidate has it). */
const COMMON_STREAMS = 0x7fff_fffe;

/**
 * With `positionChoice`, this many finalists are the best by value, the rest
 * the best pots by attack value (finalists.ts). Chosen, not tuned: a third
 * of the 12 finalists the olympiad level had when it was tried, a quarter of
 * its 16 now.
 */
const VALUE_FINALISTS = 4;

/** Below this estimated P(win), with R21 on offer, the planner proposes the stalemate. */
const STALEMATE_BELOW = 0.35;

function percent(x: number): string {
  return `${Math.round(x * 100)}%`;
}

/** R6, R8, R9: take the option whose resulting state is worth most to the decider. */
export function chooseOption(state: FrameState, level: Level): Decision {
  const me = state.pending!.player;
  let best: { option: DecisionOption; value: number } | null = null;
  for (const option of state.pending!.options) {
    const r = decideOption(state, option);
    if (!r.ok) continue;
    // A re-rack is a fresh frame: worth the breaker's measured break value to whoever breaks.
    const v =
      r.value.state.phase === 'break'
        ? r.value.state.turn === me
          ? BREAK.breakerValue
          : 1 - BREAK.breakerValue
        : stateValue(r.value.state, me, level);
    if (!best || v > best.value) best = { option, value: v };
  }
  return {
    kind: 'decide',
    option: best!.option,
    reason: `${best!.option}: estimated P(win) ${percent(best!.value)}`,
  };
}

function summarise(
  c: Candidate,
  shot: Shot,
  window: number | null,
  r: SampleResult,
  deep: SampleResult | null,
): RankedShot {
  const all = deep ? merge(r, deep) : r;
  const est = deep ? stratified(r, deep) : sampleMean(r);
  return {
    candidate: c,
    shot,
    window,
    samples: all.n,
    value: est.value,
    stderr: est.stderr,
    pPot: all.pots / Math.max(1, all.n),
    pFoul: all.fouls / Math.max(1, all.n),
    pLose: all.losses / Math.max(1, all.n),
    leave: deep && deep.pots > 0 ? deep.sumLeave / deep.pots : r.pots > 0 ? r.sumLeave / r.pots : 0,
  };
}

/** The plain mean of the samples' values and its standard error. */
function sampleMean(r: SampleResult): { value: number; stderr: number } {
  const mean = r.n > 0 ? r.sumValue / r.n : 0;
  const variance = r.n > 1 ? Math.max(0, r.sumSquares / r.n - mean * mean) : 0;
  return { value: mean, stderr: Math.sqrt(variance / Math.max(1, r.n)) };
}

/**
 * The value of a finalist from two sets of fresh samples: `deep` ones whose
 * kept tables were valued by depth-2 search, and `plain` depth-1 ones on
 * noise streams shared by all finalists. A sample that does not keep the
 * table is valued alike in both, so the chance of keeping it and the value
 * when not come from all of them; the value of a kept table from the deep
 * ones (depth 1 where none kept it). Stratifying on the outcome cuts the
 * variance the pot/no-pot split puts into a 16-sample mean. Measured by
 * re-sampling 200 times the shots in the failed innings' dumps of
 * `bench/runout.ts --racks 250 --seed 21 --dump` (2026-12-01): before, the
 * 170 shots chosen at an estimated P(pot) ≥ 95 % (mean 100 %) potted 97.0 %;
 * with this estimate the 160 such shots (mean estimate 99.1 %) potted 98.2 %.
 */
export function stratified(
  plain: SampleResult,
  deep: SampleResult,
): { value: number; stderr: number } {
  const all = merge(plain, deep);
  if (all.n === 0) return { value: 0, stderr: 0 };
  const pKeep = all.keeps / all.n;
  const source = deep.keeps > 0 ? deep : plain;
  const kept = source.keeps > 0 ? source.sumKeep / source.keeps : 0;
  const keptVar =
    source.keeps > 1 ? Math.max(0, source.sumKeepSquares / source.keeps - kept * kept) : 0;
  const others = all.n - all.keeps;
  const notKept = others > 0 ? (all.sumValue - all.sumKeep) / others : 0;
  const otherVar =
    others > 1
      ? Math.max(0, (all.sumSquares - all.sumKeepSquares) / others - notKept * notKept)
      : 0;
  // Var of p·E1 + (1−p)·E0 with p, E1, E0 estimated apart (first order).
  const variance =
    ((pKeep * (1 - pKeep)) / all.n) * ((kept - notKept) * (kept - notKept)) +
    (source.keeps > 0 ? (pKeep * pKeep * keptVar) / source.keeps : 0) +
    (others > 0 ? ((1 - pKeep) * (1 - pKeep) * otherVar) / others : 0);
  return { value: pKeep * kept + (1 - pKeep) * notKept, stderr: Math.sqrt(variance) };
}

/**
 * The `attack` value of a finalist (ai/value.ts `stateValues`): as
 * `stratified`, from the same samples, with each sample's attack value.
 */
export function attackValue(plain: SampleResult, deep: SampleResult | null): number {
  if (!deep) return plain.n > 0 ? plain.sumAttack / plain.n : 0;
  const all = merge(plain, deep);
  if (all.n === 0) return 0;
  const pKeep = all.keeps / all.n;
  const source = deep.keeps > 0 ? deep : plain;
  const kept = source.keeps > 0 ? source.sumKeepAttack / source.keeps : 0;
  const others = all.n - all.keeps;
  const notKept = others > 0 ? (all.sumAttack - all.sumKeepAttack) / others : 0;
  return pKeep * kept + (1 - pKeep) * notKept;
}

function merge(a: SampleResult, b: SampleResult): SampleResult {
  return {
    n: a.n + b.n,
    sumValue: a.sumValue + b.sumValue,
    sumSquares: a.sumSquares + b.sumSquares,
    pots: a.pots + b.pots,
    fouls: a.fouls + b.fouls,
    losses: a.losses + b.losses,
    wins: a.wins + b.wins,
    sumLeave: a.sumLeave + b.sumLeave,
    keeps: a.keeps + b.keeps,
    sumKeep: a.sumKeep + b.sumKeep,
    sumKeepSquares: a.sumKeepSquares + b.sumKeepSquares,
    sumAttack: a.sumAttack + b.sumAttack,
    sumKeepAttack: a.sumKeepAttack + b.sumKeepAttack,
  };
}

/** Words for the coach: why this shot. */
export function reasonFor(r: RankedShot): string {
  const c = r.candidate;
  const parts = [c.describe];
  if (c.kind === 'safety')
    parts.push(`foul risk ${percent(r.pFoul)}, leaves P(win) ${percent(r.value)}`);
  else
    parts.push(
      `P(pot) ${percent(r.pPot)}, foul ${percent(r.pFoul)}, lose ${percent(r.pLose)}, leave ${percent(r.leave)}`,
    );
  return parts.join(': ');
}

/**
 * A tie-breaker for pots whose sampled values are level: up to
 * SPEED_PENALTY at the top cue speed of 7 m/s, growing with V². Many
 * leaves sample at a P(win) near 100 %, and 16 samples cannot see a 1-in-20
 * disaster; the faster the cue ball travels, the likelier one is (a firm
 * follow shot that ran 2.5 m and froze beside the 8 ended a run in
 * bench/runout.ts --seed 3, rack 69). Measured over 250 first innings
 * (bench/runout.ts --seed 5 --racks 150 and --seed 3 --racks 100, on the
 * racks those seeds dealt before the seed fix of ai/seeds.ts): run-outs
 * 103 without it, 106 at 0.03, 101 at 0.08; innings ending in a forced
 * safety 32, 22, 29. All within the noise (±4.4 points on a difference): it
 * is kept as a tie-breaker, not as a measured gain.
 */
const SPEED_PENALTY = 0.03;

export function speedPenalty(c: Candidate, shot: Shot): number {
  return c.kind === 'safety' ? 0 : SPEED_PENALTY * ((shot.V / 7) * (shot.V / 7));
}

/**
 * Pre-ranking: the best pot targets by geometric chance with all their speed
 * and spin variants, the best banks, kicks and combinations, and the
 * safeties — simulation is cheap enough to sample them all (sim/README.md "Speed").
 */
function shortlist(cands: readonly Candidate[], budget: Budget): Candidate[] {
  // Pots: the best `candidates` targets (ball, pocket, cue-ball spot) by geometric chance, every variant of each.
  const key = (c: Candidate) =>
    `${c.target?.ball}/${c.target?.pocket}/${c.placement?.x ?? ''},${c.placement?.y ?? ''}`;
  const pots = cands.filter((c) => c.kind === 'pot').sort((p, q) => q.prior - p.prior);
  const targets = [...new Set(pots.map(key))].slice(0, budget.candidates);
  const kept = new Set(targets);
  const others = cands
    .filter((c) => c.kind === 'bank' || c.kind === 'kick' || c.kind === 'combo')
    .sort((p, q) => q.prior - p.prior);
  const safeties = cands.filter((c) => c.kind === 'safety');
  return [
    ...pots.filter((c) => kept.has(key(c))),
    ...others.slice(0, 10),
    ...safeties.slice(0, 45),
  ];
}

/**
 * On an open table (R10) a pot gives the mover the called ball's group
 * (R11); the problem balls of that group (ai/problemBalls.ts, up to two)
 * cost the level's `problemBallCost` each, in P(win), when the candidates
 * are ranked. A safety takes no group and costs nothing.
 */
export function groupChoiceCost(state: FrameState, level: Level): (c: Candidate) => number {
  const cost = level.problemBallCost ?? 0;
  if (state.groups !== null || cost === 0) return () => 0;
  const problems = new Map<Group, number>();
  return (c) => {
    // A safety takes no group; nor does the 8, which belongs to none (R1).
    const group = c.call.kind === 'pocket' ? groupOf(c.call.ball) : null;
    if (group === null) return 0;
    if (!problems.has(group)) problems.set(group, problemBalls(state, group).length);
    return cost * Math.min(2, problems.get(group)!);
  };
}

export async function plan(
  state: FrameState,
  options: PlanOptions,
): Promise<Result<Decision, EngineError>> {
  if (state.phase === 'over') return err(engineError('E_FRAME_OVER'));
  const level = options.level;
  if (state.pending) return ok(chooseOption(state, level));
  if (state.phase === 'break') {
    return ok({
      kind: 'shot',
      call: null,
      shot: BREAK.shotFor(state.table),
      placement: BREAK.placement(state.table),
      reason: BREAK.reason,
      ranked: [],
    });
  }
  if (layoutFor(state, null) === null && state.balls.some((b) => b.x === null)) {
    return err(
      engineError('E_BAD_STATE', 'the planner needs every ball position', { field: 'state.balls' }),
    );
  }
  if (stalemateAvailable(state)) {
    const v = stateValue(state, state.turn, level);
    if (v < STALEMATE_BELOW)
      return ok({
        kind: 'stalemate',
        reason: `R21: no safe attempt to win, estimated P(win) ${percent(v)}`,
      });
  }
  const budget: Budget = { ...level.budget, ...options.budget };
  const params = options.params ?? DEFAULT_PHYSICS;
  const started = options.now?.();
  const overTime = () =>
    options.timeLimitMs !== undefined &&
    options.now !== undefined &&
    started !== undefined &&
    options.now() - started > options.timeLimitMs;

  const all = generate(state, { noise: level.noise, full: true });
  const cands = shortlist(all, budget);
  if (cands.length === 0)
    return err(engineError('E_BAD_STATE', 'no legal shot could be generated'));

  // 1. Aim refinement for everything aimed at a pocket.
  const aimIdx: number[] = [];
  const aimTasks: Task[] = [];
  cands.forEach((c, i) => {
    if (!c.target) return;
    const layout = layoutFor(state, c.placement);
    if (!layout) return;
    aimIdx.push(i);
    aimTasks.push({
      kind: 'aim',
      layout,
      shot: c.shot,
      ball: c.target.ball,
      pocket: c.target.pocket,
      params,
    });
  });
  options.onProgress?.({ phase: 'aim', tasks: aimTasks.length });
  const aims = (await options.evaluator.run(aimTasks)) as AimResult[];
  const shots: Shot[] = cands.map((c) => c.shot);
  const windows: (number | null)[] = cands.map(() => null);
  aimIdx.forEach((i, k) => {
    shots[i] = { ...shots[i]!, phi: aims[k]!.phi };
    windows[i] = aims[k]!.window;
  });
  // Pots that no aim in the scan makes are dropped, unless nothing else is left.
  let live = cands.map((_, i) => i).filter((i) => windows[i] === null || windows[i]! > 0);
  if (live.length === 0) live = cands.map((_, i) => i);

  // 2. First level: every live candidate, `samples` noisy samples each.
  const sampleTask = (i: number, first: number, count: number): SampleTask => ({
    kind: 'sample',
    state,
    call: cands[i]!.call,
    shot: shots[i]!,
    placement: cands[i]!.placement,
    noise: level.noise,
    level: level.name,
    params,
    root: deriveSeed(options.seed, state.shotCount),
    candidate: i,
    first,
    count,
  });
  options.onProgress?.({ phase: 'sample', tasks: live.length });
  const first = (await options.evaluator.run(
    live.map((i) => sampleTask(i, 0, budget.samples)),
  )) as SampleResult[];
  const results = new Map<number, SampleResult>();
  for (const [k, i] of live.entries()) results.set(i, first[k]!);

  // 3. Second level (CueCard): the best few are sampled again — with depth-2
  // search where the level has it — and ranked on those samples alone.
  const groupCost = groupChoiceCost(state, level);
  const penalty = (i: number) => speedPenalty(cands[i]!, shots[i]!) + groupCost(cands[i]!);
  /** The first level's mean of a sample sum, less the candidate's penalty, best first. */
  const rankedBy = (ids: readonly number[], sum: 'sumValue' | 'sumAttack') => {
    const mean = (i: number) => results.get(i)![sum] / Math.max(1, results.get(i)!.n) - penalty(i);
    return [...ids].sort((p, q) => mean(q) - mean(p) || p - q);
  };
  const finalists: number[] = [];
  const deep = new Map<number, SampleResult>();
  if (!overTime() && budget.finalists > 0 && budget.finalSamples > 0) {
    const potsByAttack = budget.positionChoice
      ? rankedBy(
          live.filter((i) => cands[i]!.kind !== 'safety'),
          'sumAttack',
        )
      : [];
    const chosen = chooseFinalists(
      rankedBy(live, 'sumValue'),
      potsByAttack,
      budget.finalists,
      VALUE_FINALISTS,
    );
    options.onProgress?.({ phase: 'final', tasks: chosen.length });
    const potSamples = budget.lookahead ? (budget.potSamples ?? 0) : 0;
    const deepTask = (i: number): SampleTask => ({
      ...sampleTask(i, budget.samples, budget.finalSamples),
      lookahead: budget.lookahead,
    });
    // Common random numbers: every finalist's plain samples share one set of noise streams.
    const potTask = (i: number): SampleTask => ({
      ...sampleTask(i, 0, potSamples),
      candidate: COMMON_STREAMS,
    });
    // Each finalist's tasks go together, best first. Under a time limit none
    // starts once the time is up: a decision overruns the limit by the tasks
    // already running, and the finalists are the ones fully sampled.
    const per = potSamples > 0 ? 2 : 1;
    const tasks = chosen.flatMap((i) => (per === 2 ? [deepTask(i), potTask(i)] : [deepTask(i)]));
    const more = (
      options.timeLimitMs === undefined
        ? await options.evaluator.run(tasks)
        : await options.evaluator.runUntil(tasks, overTime)
    ) as (SampleResult | null)[];
    chosen.forEach((i, k) => {
      const d = more[k * per];
      const p = per === 2 ? more[k * per + 1] : null;
      if (!d || (per === 2 && !p)) return;
      if (!budget.lookahead) results.set(i, merge(results.get(i)!, d));
      else if (p) {
        results.set(i, p);
        deep.set(i, d);
      } else results.set(i, d);
      finalists.push(i);
    });
  }
  const isFinalist = new Set(finalists);
  const ranked = live
    .map((i) => ({
      i,
      r: summarise(cands[i]!, shots[i]!, windows[i]!, results.get(i)!, deep.get(i) ?? null),
    }))
    .sort(
      (p, q) =>
        Number(isFinalist.has(q.i)) - Number(isFinalist.has(p.i)) ||
        q.r.value - penalty(q.i) - (p.r.value - penalty(p.i)) ||
        p.i - q.i,
    )
    .map((x) => ({ ...x, attack: attackValue(results.get(x.i)!, deep.get(x.i) ?? null) }));
  // Whether to go for a pot is the value's call; which pot, with
  // `positionChoice`, the attack value's: among the finalist pots, the one
  // whose leaves are worth most when every leave is played at, so a leave
  // with no shot counts as a miss and not as a safety (levels.ts).
  if (budget.positionChoice && ranked[0]!.r.candidate.kind !== 'safety') {
    let at = 0;
    for (const [k, x] of ranked.entries())
      if (
        isFinalist.has(x.i) &&
        x.r.candidate.kind !== 'safety' &&
        x.attack - penalty(x.i) > ranked[at]!.attack - penalty(ranked[at]!.i)
      )
        at = k;
    ranked.unshift(...ranked.splice(at, 1));
  }
  const best = ranked[0]!.r;
  return ok({
    kind: 'shot',
    call: best.candidate.call,
    shot: best.shot,
    placement: best.candidate.placement,
    reason: reasonFor(best),
    ranked: ranked.map((x) => x.r),
  });
}
