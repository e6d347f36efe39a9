import { callableBalls } from '../engine/adjudicate.js';
import type { BallId } from '../engine/ball.js';
import type { Call } from '../engine/call.js';
import type { Layout } from '../engine/layout.js';
import { applyChecked } from '../engine/referee.js';
import type { Shot } from '../engine/shot.js';
import type { ShotEvent } from '../engine/shotEvent.js';
import type { FrameState, PlayerId } from '../engine/state.js';
import type { PocketId, Point } from '../engine/table.js';
import {
  type PhysicsParams,
  type PreparedLayout,
  prepareLayout,
  simulatePrepared,
} from '../sim/index.js';
import { minSpeed, variants } from './candidates.js';
import { straightPots } from './estimate.js';
import { LEVELS, type Level, type LevelName, type Lookahead, type Noise } from './levels.js';
import { perturb } from './noise.js';
import { nearestRun } from './scan.js';
import { deriveSeed } from './seeds.js';
import { ballsToGo, knownBalls, missValue, safetyValue, stateValues } from './value.js';

/**
 * The work a planner farms out, as plain data carrying its seeds (guide:
 * "every worker task is plain data carrying its seed"): the same task gives
 * the same answer in any thread, so 1 and 2 threads decide alike.
 */
export interface AimTask {
  readonly kind: 'aim';
  readonly layout: Layout;
  readonly shot: Shot;
  readonly ball: BallId;
  readonly pocket: PocketId;
  readonly params: PhysicsParams;
}

export interface AimResult {
  /** The aim at the centre of the window in which the ball drops, degrees (throw and squirt included). */
  readonly phi: number;
  /** Width of that window, degrees; 0 when no aim within the scan pots it. */
  readonly window: number;
}

export interface SampleTask {
  readonly kind: 'sample';
  readonly state: FrameState;
  readonly call: Call | null;
  readonly shot: Shot;
  readonly placement: Point | null;
  readonly noise: Noise;
  readonly level: LevelName;
  readonly params: PhysicsParams;
  /** Seeds: deriveSeed(root, candidate, first + k) for sample k. */
  readonly root: number;
  readonly candidate: number;
  readonly first: number;
  readonly count: number;
  /** Depth 2: plan the next shot where a sample keeps the table (levels.ts). */
  readonly lookahead?: Lookahead | null;
}

export interface SampleResult {
  readonly n: number;
  readonly sumValue: number;
  readonly sumSquares: number;
  /** The shooter kept the table (a legal pot) or won. */
  readonly pots: number;
  readonly fouls: number;
  readonly losses: number;
  readonly wins: number;
  /** Mean leave value over the samples where the shooter kept the table. */
  readonly sumLeave: number;
  /** Samples after which the shooter is to move again (the ones depth 2 looks ahead from), and the sum and sum of squares of their values. */
  readonly keeps: number;
  readonly sumKeep: number;
  readonly sumKeepSquares: number;
  /** The sums of the samples' `attack` values (ai/value.ts `stateValues`), all and kept. */
  readonly sumAttack: number;
  readonly sumKeepAttack: number;
}

export type Task = AimTask | SampleTask;
export type TaskResult = AimResult | SampleResult;

/** The layout the simulator needs from a state, with the cue ball placed if in hand. */
export function layoutFor(state: FrameState, placement: Point | null): Layout | null {
  const balls: { id: BallId; x: number; y: number }[] = [];
  for (const b of state.balls) {
    if (b.id === 0 && placement) continue;
    if (b.x === null || b.y === null) return null;
    balls.push({ id: b.id, x: b.x, y: b.y });
  }
  if (placement) balls.unshift({ id: 0, x: placement.x, y: placement.y });
  balls.sort((p, q) => p.id - q.id);
  return { table: state.table, balls };
}

/** Simulates one executed shot and referees it: the game's single step, shared by play, sampling and replay. */
/** Simulator refusals of the stroke itself, not of the position: no foul was played. */
const UNPLAYED: ReadonlySet<string> = new Set([
  'E_SIM_BAD_SHOT',
  'E_SIM_EVENT_LIMIT',
  'E_SIM_UNFAITHFUL',
]);

export function playShot(
  state: FrameState,
  call: Call | null,
  shot: Shot,
  placement: Point | null,
  params: PhysicsParams,
): Played | { error: string } {
  const layout = layoutFor(state, placement);
  if (!layout) return { error: 'E_POSITIONS_UNKNOWN' };
  return playPrepared(state, call, prepareLayout(layout, params), shot, placement);
}

/** What a played shot gives: the referee's state and verdict, the simulator's events and layout. */
export interface Played {
  state: FrameState;
  verdict: import('../engine/verdict.js').Verdict;
  events: ShotEvent[];
  layout: Layout;
}

/**
 * playShot from a layout prepared once for many shots (sim/prepared.ts): the
 * planner's samples of one candidate all start from one position. The same
 * answer as playShot for the same state, placement and params.
 */
export function playPrepared(
  state: FrameState,
  call: Call | null,
  prepared: PreparedLayout,
  shot: Shot,
  placement: Point | null,
): Played | { error: string } {
  const sim = simulatePrepared(prepared, shot);
  if (!sim.ok) return { error: sim.error.code };
  const events: ShotEvent[] = placement
    ? [{ type: 'place', ball: 0, x: placement.x, y: placement.y }, ...sim.value.events]
    : sim.value.events;
  // Typed in-process values: the wire check of `apply` would be per sample.
  const res = applyChecked(state, {
    type: 'shot',
    call: call ?? undefined,
    events,
    layout: sim.value.layout,
  });
  if (!res.ok) return { error: res.error.code };
  return {
    state: res.value.state,
    verdict: res.value.verdict,
    events: sim.value.events,
    layout: sim.value.layout,
  };
}

function pots(prepared: PreparedLayout, shot: Shot, ball: BallId, pocket: PocketId): boolean {
  const r = simulatePrepared(prepared, shot);
  if (!r.ok) return false;
  let hit = false;
  for (const e of r.value.events) {
    if (e.type === 'pocket' && e.ball === 0) return false;
    if (e.type === 'pocket' && e.ball === ball) hit = e.pocket === pocket;
  }
  return hit;
}

/**
 * Aim refinement by noiseless simulation: scan ±2° around the geometric aim,
 * take the run of pocketing aims nearest it and bisect both edges. This puts
 * throw, squirt and the jaws into the aim without modelling them here.
 */
export function runAim(task: AimTask, steps = 5, step = 0.4, bisections = 5): AimResult {
  return aimOn(
    prepareLayout(task.layout, task.params),
    task.shot,
    task.ball,
    task.pocket,
    steps,
    step,
    bisections,
  );
}

function aimOn(
  prepared: PreparedLayout,
  shot: Shot,
  ball: BallId,
  pocket: PocketId,
  steps: number,
  step: number,
  bisections: number,
): AimResult {
  const ok = (d: number) => pots(prepared, { ...shot, phi: shot.phi + d }, ball, pocket);
  const offsets: number[] = [];
  for (let k = -steps; k <= steps; k++) offsets.push(k * step);
  const run = nearestRun(offsets, ok);
  if (!run) return { phi: shot.phi, window: 0 };
  const { lo, hi } = run;
  const edge = (inside: number, outside: number) => {
    let a = inside;
    let b = outside;
    for (let i = 0; i < bisections; i++) {
      const m = (a + b) / 2;
      if (ok(m)) a = m;
      else b = m;
    }
    return (a + b) / 2;
  };
  const left = lo > 0 ? edge(offsets[lo]!, offsets[lo - 1]!) : offsets[lo]!;
  const right = hi < offsets.length - 1 ? edge(offsets[hi]!, offsets[hi + 1]!) : offsets[hi]!;
  return { phi: shot.phi + (left + right) / 2, window: right - left };
}

/**
 * Depth 2: the value of a position where `me` is to move, by planning his
 * next shot — the best few straight pots, a few speeds and spins, coarse aim
 * refinement, a few noisy samples each, scored by the depth-1 leave — or
 * playing safe, whichever is worth more.
 */
export function lookaheadValue(
  state: FrameState,
  level: Level,
  look: Lookahead,
  params: PhysicsParams,
  seed: number,
): number {
  return lookaheadValues(state, level, look, params, seed).value;
}

/**
 * lookaheadValue, and beside it the `attack` value (ai/value.ts
 * `stateValues`): the same search where `me` goes for his next shot rather
 * than play safe, at depth 2 and in its leaves, so that a leave with no shot
 * is worth a miss.
 */
export function lookaheadValues(
  state: FrameState,
  level: Level,
  look: Lookahead,
  params: PhysicsParams,
  seed: number,
): { value: number; attack: number } {
  const me = state.turn;
  const balls = knownBalls(state);
  const cue = balls.find((b) => b.id === 0);
  const layout = layoutFor(state, null);
  if (!cue || !layout) return stateValues(state, me, level);
  const prepared = prepareLayout(layout, params);
  let best = safetyValue(state, level);
  let bestAttack = missValue(state, level);
  const pots = straightPots(state.table, balls, cue, callableBalls(state, me), level.noise).slice(
    0,
    look.pots,
  );
  // Near the end of the run the next shot is played for position on the last
  // balls and the 8, where soft and firm speeds often decide it (levels.ts).
  const toGo = ballsToGo(state, me);
  const every = look.allVariantsToGo !== undefined && toGo <= look.allVariantsToGo;
  const samples =
    look.closeOutToGo !== undefined &&
    look.closeOutSamples !== undefined &&
    toGo <= look.closeOutToGo
      ? look.closeOutSamples
      : look.samples;
  for (const [pi, g] of pots.entries()) {
    const all = variants(minSpeed(g.cut, g.dCue, g.dObj));
    const vs = every ? all : all.slice(1, 1 + look.variants);
    for (const [vi, v] of vs.entries()) {
      const shot = { phi: g.phi, V: v.V, a: 0, b: v.b };
      const aim = aimOn(prepared, shot, g.ball, g.pocket, 4, 0.5, 3);
      if (aim.window === 0) continue;
      const call = { kind: 'pocket' as const, ball: g.ball, pocket: g.pocket };
      let sum = 0;
      let sumAttack = 0;
      for (let k = 0; k < samples; k++) {
        const [executed] = perturb(
          { ...shot, phi: aim.phi },
          level.noise,
          deriveSeed(seed, pi, vi, k),
        );
        const out = playPrepared(state, call, prepared, executed, null);
        if ('error' in out) continue;
        const end = look.endgame;
        const deeper =
          end &&
          out.state.result === null &&
          out.state.turn === me &&
          out.state.pending === null &&
          ballsToGo(out.state, me) <= end.maxToGo;
        const v = deeper
          ? lookaheadValues(out.state, level, end, params, deriveSeed(seed, pi, vi, k, 3))
          : stateValues(out.state, me, level);
        sum += v.value;
        sumAttack += v.attack;
      }
      best = Math.max(best, sum / samples);
      bestAttack = Math.max(bestAttack, sumAttack / samples);
    }
  }
  return { value: best, attack: bestAttack };
}

export function runSamples(task: SampleTask): SampleResult {
  // The task's noise all the way down, depth 2 included: the same as the named
  // level's unless the caller scaled it (bench/runout.ts --noise).
  const level: Level = { ...LEVELS[task.level], noise: task.noise };
  const me: PlayerId = task.state.turn;
  let sumValue = 0;
  let sumSquares = 0;
  let potsN = 0;
  let fouls = 0;
  let losses = 0;
  let wins = 0;
  let sumLeave = 0;
  let keepsN = 0;
  let sumKeep = 0;
  let sumKeepSquares = 0;
  let sumAttack = 0;
  let sumKeepAttack = 0;
  const layout = layoutFor(task.state, task.placement);
  const prepared = layout === null ? null : prepareLayout(layout, task.params);
  for (let k = 0; k < task.count; k++) {
    const [executed] = perturb(
      task.shot,
      task.noise,
      deriveSeed(task.root, task.candidate, task.first + k),
    );
    const out =
      prepared === null
        ? { error: 'E_POSITIONS_UNKNOWN' }
        : playPrepared(task.state, task.call, prepared, executed, task.placement);
    let v = 0;
    let attack = 0;
    if ('error' in out) {
      // A layout the referee or the simulator refuses (e.g. a placement that
      // noise cannot move) is worth nothing and counts as a foul. A stroke
      // the simulator cannot play faithfully is worth nothing too but is no
      // foul: nothing was played (perturb keeps executed shots inside the
      // accepted ranges; the fuzz of docs/measurements.md "Simulator fuzz"
      // never saw one).
      if (!UNPLAYED.has(out.error)) fouls++;
    } else {
      const verdict = out.verdict;
      const keeps =
        verdict.kind === 'continue' && out.state.turn === me && out.state.pending === null;
      const values =
        task.lookahead && keeps
          ? lookaheadValues(
              out.state,
              level,
              task.lookahead,
              task.params,
              deriveSeed(task.root, task.candidate, task.first + k, 2),
            )
          : stateValues(out.state, me, level);
      v = values.value;
      attack = values.attack;
      if (keeps) {
        keepsN++;
        sumKeep += v;
        sumKeepSquares += v * v;
        sumKeepAttack += attack;
      }
      if (verdict.fouls.length > 0) fouls++;
      if (verdict.frame) {
        if (verdict.frame.winner === me) wins++;
        else losses++;
      }
      if (
        (verdict.kind === 'continue' && verdict.credited.length > 0) ||
        verdict.frame?.winner === me
      ) {
        potsN++;
        sumLeave += v;
      }
    }
    sumValue += v;
    sumSquares += v * v;
    sumAttack += attack;
  }
  return {
    n: task.count,
    sumValue,
    sumSquares,
    pots: potsN,
    fouls,
    losses,
    wins,
    sumLeave,
    keeps: keepsN,
    sumKeep,
    sumKeepSquares,
    sumAttack,
    sumKeepAttack,
  };
}

export function runTask(task: Task): TaskResult {
  return task.kind === 'aim' ? runAim(task) : runSamples(task);
}
