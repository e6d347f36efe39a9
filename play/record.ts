import { Type } from '@sinclair/typebox';
import { LEVEL_NAMES } from '../ai/levels.js';
import { playShot } from '../ai/sampling.js';
import { CallSchema } from '../engine/call.js';
import { apply } from '../engine/referee.js';
import { type RuleOptions, RuleOptionsSchema } from '../engine/rules.js';
import { ShotSchema } from '../engine/shot.js';
import {
  DecisionOptionSchema,
  type FrameState,
  newFrame,
  PlayerIdSchema,
} from '../engine/state.js';
import type { TableSize } from '../engine/table.js';
import { TableSizeSchema } from '../engine/table.js';
import type { Verdict } from '../engine/verdict.js';
import { CountSchema, closed, oneOf } from '../engine/wireType.js';
import { DEFAULT_PHYSICS, outcomeHash, type PhysicsParams, textHash } from '../sim/index.js';
import { type FrameRecord, type PlayerSpec, type ShotEntry, STRATEGIES } from './game.js';

/**
 * A game record (docs/planner.md "Self-play conventions"): a header with the players
 * and their settings, the rules, the table, the seeds and the engine version,
 * then one entry per action with its parameters, call, placement, decision
 * and outcome. It replays bit for bit: the executed strokes are in it, so a
 * replay needs neither the planner nor its noise.
 */
/**
 * The version of the engine and simulator a record's outcomes come from;
 * replay refuses a record of another. 0.2.0: the simulator's elementary
 * functions are engine/dmath.ts's, the same bits in every JavaScript engine.
 */
export const ENGINE_VERSION = '0.2.0';

const PointSchema = closed({ x: Type.Number(), y: Type.Number() });

/** A seat of the record's header (play/game.ts PlayerSpec). */
export const PlayerSpecSchema = closed({
  strategy: oneOf(STRATEGIES, STRATEGIES.join(', ')),
  level: oneOf(LEVEL_NAMES, LEVEL_NAMES.join(', ')),
  noise: Type.Optional(
    closed({
      phi: Type.Number(),
      V: Type.Number(),
      a: Type.Number(),
      b: Type.Number(),
      theta: Type.Number(),
    }),
  ),
  /** Kept for the reader; a replay needs only the executed strokes (ai/budget.ts checks budgets). */
  budget: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  timeLimitMs: Type.Optional(Type.Number()),
});

/** The physics of the record: every field of PhysicsParams, numbers (sim/params.ts checks their ranges). */
const PhysicsParamsSchema = closed(
  Object.fromEntries(
    Object.entries(DEFAULT_PHYSICS).map(([k, v]) => [
      k,
      typeof v === 'number'
        ? Type.Number()
        : closed({ a: Type.Number(), b: Type.Number(), c: Type.Number() }),
    ]),
  ),
);

const ShotEntrySchema = closed({
  n: CountSchema,
  player: PlayerIdSchema,
  action: oneOf(['shot', 'decide', 'stalemate'] as const, 'shot, decide or stalemate'),
  call: Type.Optional(Type.Union([CallSchema, Type.Null()])),
  placement: Type.Optional(Type.Union([PointSchema, Type.Null()])),
  intended: Type.Optional(ShotSchema),
  executed: Type.Optional(ShotSchema),
  option: Type.Optional(DecisionOptionSchema),
  reason: Type.Optional(Type.String()),
  verdict: Type.String(),
  fouls: Type.Array(Type.String()),
  credited: Type.Array(Type.Integer()),
  stayDown: Type.Array(Type.Integer()),
  outcome: Type.Optional(Type.String()),
  ms: Type.Optional(Type.Number()),
});

const FrameRecordSchema = closed({
  seed: Type.Integer(),
  breaker: PlayerIdSchema,
  winner: Type.Union([PlayerIdSchema, Type.Null()]),
  reason: Type.String(),
  stalemates: CountSchema,
  shots: Type.Array(ShotEntrySchema),
});

/**
 * The record as `replay` reads it. Its TypeScript type stays GameRecord
 * below (play/game.ts owns the entry types); this schema is the check at the
 * edge, published as schemas/GameRecord.json.
 */
export const GameRecordSchema = closed(
  {
    format: Type.Literal('pool8/game/1'),
    engine: Type.String(),
    players: Type.Tuple([PlayerSpecSchema, PlayerSpecSchema]),
    rules: RuleOptionsSchema,
    table: TableSizeSchema,
    params: PhysicsParamsSchema,
    seed: Type.Integer(),
    frames: Type.Array(FrameRecordSchema, { minItems: 1 }),
    /** FNV-1a 64 of the record's JSON without this field: a record edited by hand no longer replays as "identical". */
    digest: Type.Optional(Type.String({ pattern: '^[0-9a-f]{16}$' })),
  },
  { $id: 'GameRecord', description: 'a game record (pool8 play --out, match --out)' },
);

export interface GameRecord {
  readonly format: 'pool8/game/1';
  readonly engine: string;
  readonly players: readonly [PlayerSpec, PlayerSpec];
  readonly rules: RuleOptions;
  readonly table: TableSize;
  readonly params: PhysicsParams;
  readonly seed: number;
  readonly frames: readonly FrameRecord[];
  readonly digest?: string;
}

/** A record for frames played with the default physics. */
export function gameRecord(
  players: readonly [PlayerSpec, PlayerSpec],
  rules: RuleOptions,
  table: TableSize,
  seed: number,
  frames: readonly FrameRecord[],
  params: PhysicsParams = DEFAULT_PHYSICS,
): GameRecord {
  const record: GameRecord = {
    format: 'pool8/game/1',
    engine: ENGINE_VERSION,
    players,
    rules,
    table,
    params,
    seed,
    frames,
  };
  return { ...record, digest: recordDigest(record) };
}

/** The seal of a record: its JSON without the digest, hashed (what `replay` checks first). */
export function recordDigest(record: GameRecord): string {
  const { digest: _d, ...rest } = record;
  return textHash(JSON.stringify(rest));
}

export interface ReplayReport {
  readonly ok: boolean;
  readonly actions: number;
  /** The first difference found, if any. */
  readonly mismatch: string | null;
}

/**
 * Re-simulates and re-referees every action; any difference in outcome hash,
 * verdict or result is a mismatch. `visit` sees the state before each action
 * (bench/valueFit.ts reads the positions of a match this way), `after` the
 * state and verdict after it once it replayed identically (the page's
 * replay draws every position from these: a record keeps the strokes, and
 * re-simulating them is cheap).
 */
export function replay(
  record: GameRecord,
  visit?: (state: FrameState, entry: ShotEntry, frame: number) => void,
  after?: (state: FrameState, verdict: Verdict, entry: ShotEntry, frame: number) => void,
): ReplayReport {
  let actions = 0;
  if (record.digest !== undefined && record.digest !== recordDigest(record))
    return {
      ok: false,
      actions,
      mismatch: 'the digest does not match: the record was changed after it was written',
    };
  if (record.engine !== ENGINE_VERSION)
    return {
      ok: false,
      actions,
      mismatch: `written by engine ${record.engine}; this is ${ENGINE_VERSION}`,
    };
  const params = record.params ?? DEFAULT_PHYSICS;
  for (const [f, frame] of record.frames.entries()) {
    let state = newFrame({
      seed: frame.seed,
      breaker: frame.breaker,
      table: record.table,
      rules: record.rules,
    });
    let stalemates = 0;
    for (const [n, e] of frame.shots.entries()) {
      actions++;
      const where = `frame ${f} action ${e.n}`;
      if (e.n !== n) return { ok: false, actions, mismatch: `${where}: numbered ${e.n}, is ${n}` };
      const mover = state.pending?.player ?? state.turn;
      if (e.player !== mover)
        return { ok: false, actions, mismatch: `${where}: player ${e.player} ≠ ${mover} to play` };
      if (e.action === 'stalemate') stalemates++;
      visit?.(state, e, f);
      if (e.action === 'shot') {
        if (!e.executed) return { ok: false, actions, mismatch: `${where}: no executed stroke` };
        const out = playShot(state, e.call ?? null, e.executed, e.placement ?? null, params);
        if ('error' in out) return { ok: false, actions, mismatch: `${where}: ${out.error}` };
        const hash = outcomeHash({ events: out.events, layout: out.layout });
        if (hash !== e.outcome)
          return {
            ok: false,
            actions,
            mismatch: `${where}: outcome ${hash} ≠ recorded ${e.outcome}`,
          };
        const differs = (
          [
            ['verdict', out.verdict.kind, e.verdict],
            ['fouls', out.verdict.fouls, e.fouls],
            ['credited', out.verdict.credited, e.credited],
            ['stayDown', out.verdict.stayDown, e.stayDown],
          ] as const
        ).find(([, a, b]) => JSON.stringify(a) !== JSON.stringify(b));
        if (differs)
          return {
            ok: false,
            actions,
            mismatch: `${where}: ${differs[0]} ${JSON.stringify(differs[1])} ≠ recorded ${JSON.stringify(differs[2])}`,
          };
        after?.(out.state, out.verdict, e, f);
        state = out.state;
      } else {
        const r = apply(
          state,
          e.action === 'decide' ? { type: 'decide', option: e.option! } : { type: 'stalemate' },
        );
        if (!r.ok) return { ok: false, actions, mismatch: `${where}: ${r.error.code}` };
        if (r.value.verdict.kind !== e.verdict)
          return {
            ok: false,
            actions,
            mismatch: `${where}: verdict ${r.value.verdict.kind} ≠ ${e.verdict}`,
          };
        after?.(r.value.state, r.value.verdict, e, f);
        state = r.value.state;
      }
    }
    const winner = state.result?.winner ?? null;
    if (winner !== frame.winner)
      return {
        ok: false,
        actions,
        mismatch: `frame ${f}: winner ${winner} ≠ recorded ${frame.winner}`,
      };
    const reason = state.result?.reason ?? 'shotCap';
    if (reason !== frame.reason || stalemates !== frame.stalemates)
      return {
        ok: false,
        actions,
        mismatch: `frame ${f}: ended ${reason} after ${stalemates} stalemates ≠ recorded ${frame.reason}, ${frame.stalemates}`,
      };
  }
  return { ok: true, actions, mismatch: null };
}
