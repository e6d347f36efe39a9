import { type Budget, LEVELS, type Level, type LevelName, type Noise } from '../ai/levels.js';
import { perturb } from '../ai/noise.js';
import type { Decision } from '../ai/planner.js';
import { type Played, playShot } from '../ai/sampling.js';
import { deriveSeed } from '../ai/seeds.js';
import type { Call } from '../engine/call.js';
import { type EngineError, engineError } from '../engine/errors.js';
import type { FoulCode } from '../engine/foul.js';
import { apply } from '../engine/referee.js';
import { err, ok, type Result } from '../engine/result.js';
import type { RuleOptions, RulesPreset } from '../engine/rules.js';
import type { Shot } from '../engine/shot.js';
import {
  type DecisionOption,
  type FrameEndReason,
  type FrameState,
  newFrame,
  type PlayerId,
} from '../engine/state.js';
import type { Point, TableSize } from '../engine/table.js';
import type { VerdictKind } from '../engine/verdict.js';
import { DEFAULT_PHYSICS, outcomeHash, type PhysicsParams } from '../sim/index.js';

/**
 * One frame between two players, as pure data in, data out: each player is a
 * function (state, seed) → decision; the execution noise of the shooter's
 * level is drawn from seeds derived from (frame seed, shot number), so both
 * games of a pair see the same random streams; every shot is simulated and
 * refereed; the record holds what is needed to replay it bit for bit.
 */
export const STRATEGIES = ['planner', 'greedy', 'random'] as const;
export type Strategy = (typeof STRATEGIES)[number];

export interface PlayerSpec {
  readonly strategy: Strategy;
  /** Noise (and, for the planner, budget) level. */
  readonly level: LevelName;
  /**
   * Execution noise instead of the level's, for experiments (`--noise`;
   * bench/README "What limits the run-outs"): the player executes with it
   * and the planner samples with it.
   */
  readonly noise?: Noise;
  /**
   * The planner's budget instead of its level's (`--budget`, ai/budget.ts):
   * kept in the record's header, so a game says how hard each seat thought.
   */
  readonly budget?: Budget;
  /**
   * The planner stops its second level once this many milliseconds have
   * passed (`--time-limit`, ai/planner.ts). Its decisions then depend on
   * the machine's speed, not on the seed alone; the record keeps the limit,
   * and the executed strokes replay exactly all the same.
   */
  readonly timeLimitMs?: number;
}

/** The execution noise a player shoots with: its own, or its level's. */
export function noiseOf(spec: PlayerSpec): Noise {
  return spec.noise ?? LEVELS[spec.level].noise;
}

/** The level a player plans with: its level's value model, at the noise it shoots with and with its budget. */
export function levelOf(spec: PlayerSpec): Level {
  const level = LEVELS[spec.level];
  return { ...level, noise: noiseOf(spec), budget: spec.budget ?? level.budget };
}

export type DecideFn = (state: FrameState, seed: number) => Promise<Result<Decision, EngineError>>;

export interface ShotEntry {
  readonly n: number;
  readonly player: PlayerId;
  readonly action: 'shot' | 'decide' | 'stalemate';
  readonly call?: Call | null;
  readonly placement?: Point | null;
  /** What the player meant, and what the noisy stroke was (the one simulated). */
  readonly intended?: Shot;
  readonly executed?: Shot;
  readonly option?: DecisionOption;
  readonly reason?: string;
  /** The outcome: verdict kind, fouls, balls credited and down, the frame result. */
  readonly verdict: VerdictKind;
  readonly fouls: readonly FoulCode[];
  readonly credited: readonly number[];
  readonly stayDown: readonly number[];
  /** Hash of the simulated events and final layout (sim/hash.ts), for replay. */
  readonly outcome?: string;
  /** Wall time of the decision, ms (not part of the replay). */
  readonly ms?: number;
}

/** The entry of a played stroke: what was meant and executed, and what the referee and simulator made of it. */
export function shotEntryOf(
  n: number,
  player: PlayerId,
  stroke: {
    readonly call: Call | null;
    readonly placement: Point | null;
    readonly intended: Shot;
    readonly executed: Shot;
    readonly reason?: string;
  },
  out: Played,
  ms?: number,
): ShotEntry {
  return {
    n,
    player,
    action: 'shot',
    call: stroke.call,
    placement: stroke.placement,
    intended: stroke.intended,
    executed: stroke.executed,
    ...(stroke.reason !== undefined ? { reason: stroke.reason } : {}),
    verdict: out.verdict.kind,
    fouls: out.verdict.fouls,
    credited: out.verdict.credited,
    stayDown: out.verdict.stayDown,
    outcome: outcomeHash({ events: out.events, layout: out.layout }),
    ...(ms !== undefined ? { ms } : {}),
  };
}

/**
 * A planner's stroke played as a game plays it: the decided shot with the
 * mover's execution noise, seeded by noiseSeed(game seed, n) so a record
 * replays it bit for bit, simulated and refereed, and its record entry.
 * The game loop below and the service's bot move (server/games.ts) both
 * play bot strokes through this. The simulator's refusal is an error in words.
 */
export function playDecidedStroke(
  state: FrameState,
  decision: Extract<Decision, { kind: 'shot' }>,
  spec: PlayerSpec,
  gameSeed: number,
  n: number,
  params: PhysicsParams,
  ms?: number,
): { executed: Shot; out: Played; entry: ShotEntry } | { error: string } {
  const mover = state.pending ? state.pending.player : state.turn;
  const [executed] = perturb(decision.shot, noiseOf(spec), noiseSeed(gameSeed, n));
  const out = playShot(state, decision.call, executed, decision.placement, params);
  if ('error' in out) return { error: out.error };
  const entry = shotEntryOf(
    n,
    mover,
    {
      call: decision.call,
      placement: decision.placement,
      intended: decision.shot,
      executed,
      reason: decision.reason,
    },
    out,
    ms,
  );
  return { executed, out, entry };
}

export type EndReason = FrameEndReason | 'shotCap';

export interface FrameRecord {
  readonly seed: number;
  readonly breaker: PlayerId;
  readonly winner: PlayerId | null;
  readonly reason: EndReason;
  readonly stalemates: number;
  readonly shots: readonly ShotEntry[];
}

export interface FrameSetup {
  readonly seed: number;
  readonly breaker: PlayerId;
  readonly rules: RulesPreset | RuleOptions;
  readonly table: TableSize;
  readonly players: readonly [PlayerSpec, PlayerSpec];
  readonly params?: PhysicsParams;
  /** A frame is cut off (a draw) after this many actions. */
  readonly maxShots?: number;
}

export interface FrameHooks {
  readonly now?: () => number;
  readonly onShot?: (entry: ShotEntry, state: FrameState) => void;
}

/** The noise seed of shot n of a frame: the same for both games of a pair. */
export const noiseSeed = (frameSeed: number, n: number): number => deriveSeed(frameSeed, n, 0x5eed);

export async function playFrame(
  setup: FrameSetup,
  deciders: readonly [DecideFn, DecideFn],
  hooks: FrameHooks = {},
): Promise<Result<FrameRecord, EngineError>> {
  const params = setup.params ?? DEFAULT_PHYSICS;
  const maxShots = setup.maxShots ?? 300;
  let state = newFrame({
    seed: setup.seed,
    breaker: setup.breaker,
    table: setup.table,
    rules: setup.rules,
  });
  const shots: ShotEntry[] = [];
  let stalemates = 0;
  for (let n = 0; n < maxShots && state.phase !== 'over'; n++) {
    const mover = state.pending ? state.pending.player : state.turn;
    const t0 = hooks.now?.();
    const d = await deciders[mover](state, deriveSeed(setup.seed, n, mover));
    const ms = t0 !== undefined ? hooks.now!() - t0 : undefined;
    if (!d.ok) return d;
    const decision = d.value;
    let entry: ShotEntry;
    if (decision.kind === 'shot') {
      const played = playDecidedStroke(
        state,
        decision,
        setup.players[mover],
        setup.seed,
        n,
        params,
        ms,
      );
      if ('error' in played) {
        return err(engineError('E_BAD_ACTION', `player ${mover} shot ${n}: ${played.error}`));
      }
      entry = played.entry;
      state = played.out.state;
    } else {
      const action =
        decision.kind === 'decide'
          ? { type: 'decide' as const, option: decision.option }
          : { type: 'stalemate' as const };
      const r = apply(state, action);
      if (!r.ok)
        return err(engineError(r.error.code, `player ${mover} action ${n}: ${r.error.message}`));
      if (decision.kind === 'stalemate') stalemates++;
      entry = {
        n,
        player: mover,
        action: decision.kind === 'decide' ? 'decide' : 'stalemate',
        ...(decision.kind === 'decide' ? { option: decision.option } : {}),
        reason: decision.reason,
        verdict: r.value.verdict.kind,
        fouls: [],
        credited: [],
        stayDown: [],
        ...(ms !== undefined ? { ms } : {}),
      };
      state = r.value.state;
    }
    shots.push(entry);
    hooks.onShot?.(entry, state);
  }
  return ok({
    seed: setup.seed,
    breaker: setup.breaker,
    winner: state.result?.winner ?? null,
    reason: state.result?.reason ?? 'shotCap',
    stalemates,
    shots,
  });
}
