import { Type } from '@sinclair/typebox';
import type { EngineError } from '../engine/errors.js';
import { err, ok, type Result } from '../engine/result.js';
import { RuleOptionsSchema } from '../engine/rules.js';
import { TableSizeSchema } from '../engine/table.js';
import { CountSchema, closed, type Wire } from '../engine/wireType.js';
import { textHash } from '../sim/hash.js';
import type { DecideFn, FrameRecord, FrameSetup, PlayerSpec } from './game.js';
import { playFrame } from './game.js';
import { gameBreaker, gameSeed } from './match.js';
import { ENGINE_VERSION, PlayerSpecSchema } from './record.js';

/**
 * A self-play experiment as data: everything that fixes its games (the
 * players with their levels, budgets and noise, the rules, the table, the
 * root seed, the number of games, the shot cap) and the engine that plays
 * them. Game g of an experiment is the same game wherever and whenever it is
 * played — its rack seed and breaker come from (seed, g) alone — so an
 * experiment can be stored, resumed, played N games at a time, or spread
 * over machines, and always gives the same records (apart from the decision
 * times they note).
 */
export const ExperimentSpecSchema = closed(
  {
    format: Type.Literal('pool8/experiment/1'),
    engine: Type.String(),
    players: Type.Tuple([PlayerSpecSchema, PlayerSpecSchema]),
    rules: RuleOptionsSchema,
    table: TableSizeSchema,
    seed: Type.Integer(),
    /** Games, a whole number of pairs (each rack twice, the breaker swapped). */
    games: Type.Integer({ minimum: 2, multipleOf: 2 }),
    maxShots: CountSchema,
    /** `--sprt elo0,elo1`: stop at the first complete pair where the test decides. */
    sprt: Type.Union([Type.Tuple([Type.Number(), Type.Number()]), Type.Null()]),
  },
  { $id: 'ExperimentSpec', description: 'a self-play experiment (pool8 match --db)' },
);
export type ExperimentSpec = Wire<typeof ExperimentSpecSchema>;

/**
 * An experiment's id: the digest of what fixes its games — not how many are
 * played nor when to stop, so `--games 400` after `--games 200` continues the
 * same experiment, and an SPRT run and a fixed-length run share their games.
 */
export function experimentId(spec: ExperimentSpec): string {
  const { games: _g, sprt: _s, ...fixes } = spec;
  return textHash(JSON.stringify(fixes));
}

export function experimentSpec(
  fields: Omit<ExperimentSpec, 'format' | 'engine' | 'players'> & {
    players: readonly [PlayerSpec, PlayerSpec];
  },
): ExperimentSpec {
  // Canonical key order: the id is a digest of this object's JSON.
  return {
    format: 'pool8/experiment/1',
    engine: ENGINE_VERSION,
    players: fields.players as ExperimentSpec['players'],
    rules: fields.rules,
    table: fields.table,
    seed: fields.seed,
    games: fields.games,
    maxShots: fields.maxShots,
    sprt: fields.sprt,
  };
}

/** The setup of game g of an experiment: its rack seed and breaker from (seed, g). */
export function gameSetup(spec: ExperimentSpec, g: number): FrameSetup {
  return {
    seed: gameSeed(spec.seed, g),
    breaker: gameBreaker(g),
    rules: spec.rules,
    table: spec.table,
    players: spec.players as readonly [PlayerSpec, PlayerSpec],
    maxShots: spec.maxShots,
  };
}

export interface PlayGamesHooks {
  readonly now?: () => number;
  /** Called as each game finishes (in the order they finish). */
  readonly onGame?: (g: number, frame: FrameRecord) => void | Promise<void>;
  /** Asked before each game starts: true starts no more (Ctrl-C, an SPRT decided). */
  readonly stop?: () => boolean;
}

/**
 * Plays the given games of an experiment, `concurrency` at a time over the
 * same deciders (one worker pool). Each game depends only on its index, so
 * the records are those of a sequential run whatever the concurrency.
 */
export async function playGames(
  spec: ExperimentSpec,
  games: readonly number[],
  deciders: readonly [DecideFn, DecideFn],
  concurrency: number,
  hooks: PlayGamesHooks = {},
): Promise<Result<Map<number, FrameRecord>, EngineError>> {
  const out = new Map<number, FrameRecord>();
  let next = 0;
  let failure: EngineError | null = null;
  const lane = async () => {
    while (next < games.length && failure === null && !hooks.stop?.()) {
      const g = games[next++]!;
      const r = await playFrame(gameSetup(spec, g), deciders, hooks.now ? { now: hooks.now } : {});
      if (!r.ok) {
        failure = r.error;
        return;
      }
      out.set(g, r.value);
      await hooks.onGame?.(g, r.value);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, lane));
  return failure === null ? ok(out) : err(failure);
}

/**
 * The frames of a run in game order, up to where it ends: the first gap (a
 * game not played yet), or with an SPRT the first complete pair at which it
 * decides. The statistics of a stored, resumed or parallel run are those of
 * this prefix, so they equal the uninterrupted sequential run's exactly.
 */
export function decidedPrefix(
  spec: ExperimentSpec,
  played: ReadonlyMap<number, FrameRecord>,
  decides: (frames: readonly FrameRecord[]) => boolean,
): { frames: FrameRecord[]; decided: boolean } {
  const frames: FrameRecord[] = [];
  for (let g = 0; g < spec.games; g++) {
    const f = played.get(g);
    if (f === undefined) return { frames, decided: false };
    frames.push(f);
    if (spec.sprt !== null && frames.length % 2 === 0 && decides(frames))
      return { frames, decided: true };
  }
  return { frames, decided: false };
}
