import { deriveSeed } from '../ai/seeds.js';
import type { EngineError } from '../engine/errors.js';
import { breakerOfFrame } from '../engine/match.js';
import { ok, type Result } from '../engine/result.js';
import type { RuleOptions, RulesPreset } from '../engine/rules.js';
import type { PlayerId } from '../engine/state.js';
import type { TableSize } from '../engine/table.js';
import type { PhysicsParams } from '../sim/index.js';
import {
  type DecideFn,
  type EndReason,
  type FrameRecord,
  type PlayerSpec,
  playFrame,
} from './game.js';
import { breakAndRun, type InningTally, keptBreak, tallyFirstInnings } from './innings.js';
import { type PairedEstimate, type PairedRate, pairedEstimate, pairedRate } from './stats.js';

/**
 * Paired games (docs/planner.md; cutechess/fishtest practice): rack k is played twice,
 * once broken by each player, with the same rack seed and the same noise
 * streams, so luck of the rack and of the noise cancels within a pair.
 * Player A is seat 0, player B seat 1 in every game; only the breaker swaps.
 */
export interface MatchSetup {
  readonly seed: number;
  readonly games: number;
  readonly rules: RulesPreset | RuleOptions;
  readonly table: TableSize;
  readonly players: readonly [PlayerSpec, PlayerSpec];
  readonly params?: PhysicsParams;
  readonly maxShots?: number;
}

export const gameSeed = (matchSeed: number, game: number): number =>
  deriveSeed(matchSeed, Math.floor(game / 2), 0x7ac);
/** Seat 0 breaks the first game of every pair, seat 1 the second (R4: the break alternates). */
export const gameBreaker = (game: number): PlayerId => breakerOfFrame(0, game);

export interface MatchSummary {
  readonly games: number;
  readonly wins: number;
  readonly losses: number;
  readonly draws: number;
  /** Score and Elo of A − B with the pair as the unit (stats.ts `pairedEstimate`). */
  readonly elo: PairedEstimate;
  /** Per seat: frames broken, breaks kept, broken and run out, fouls, shots, decision times. */
  readonly seats: readonly {
    readonly breaks: number;
    readonly keptBreaks: number;
    readonly breakAndRuns: number;
    readonly fouls: number;
    readonly shots: number;
    readonly decisionMs: readonly number[];
    /** How the first innings of the frames this seat broke ended (play/innings.ts). */
    readonly firstInnings: InningTally;
  }[];
  readonly endReasons: Readonly<Record<EndReason | 'stalemate', number>>;
  /** Break-and-run over every frame, whoever broke, with its interval over the pairs. */
  readonly breakAndRun: PairedRate;
}

/** A's (seat 0's) points in a frame: 1 won, 0 lost, ½ without a winner. */
export const scoreOfA = (f: FrameRecord): number => (f.winner === 0 ? 1 : f.winner === 1 ? 0 : 0.5);

export function summarise(frames: readonly FrameRecord[]): MatchSummary {
  let wins = 0;
  let losses = 0;
  let draws = 0;
  const seats = [0, 1].map(() => ({
    breaks: 0,
    keptBreaks: 0,
    breakAndRuns: 0,
    fouls: 0,
    shots: 0,
    decisionMs: [] as number[],
  }));
  const endReasons: Record<string, number> = {
    R1: 0,
    R20A: 0,
    R20B: 0,
    R20C: 0,
    R20D: 0,
    R20E: 0,
    shotCap: 0,
    stalemate: 0,
  };
  for (const f of frames) {
    if (f.winner === 0) wins++;
    else if (f.winner === 1) losses++;
    else draws++;
    endReasons[f.reason] = (endReasons[f.reason] ?? 0) + 1;
    endReasons.stalemate = (endReasons.stalemate ?? 0) + f.stalemates;
    const seat = seats[f.breaker]!;
    seat.breaks++;
    if (keptBreak(f)) seat.keptBreaks++;
    if (breakAndRun(f)) seat.breakAndRuns++;
    for (const s of f.shots) {
      const p = seats[s.player]!;
      if (s.action === 'shot') p.shots++;
      if (s.fouls.length > 0) p.fouls++;
      if (s.ms !== undefined) p.decisionMs.push(s.ms);
    }
  }
  return {
    games: frames.length,
    wins,
    losses,
    draws,
    elo: pairedEstimate(frames.map(scoreOfA)),
    seats: seats.map((s, p) => ({
      ...s,
      firstInnings: tallyFirstInnings(frames.filter((f) => f.breaker === p)),
    })),
    endReasons: endReasons as MatchSummary['endReasons'],
    breakAndRun: pairedRate(frames.map(breakAndRun)),
  };
}

export async function playMatch(
  setup: MatchSetup,
  deciders: readonly [DecideFn, DecideFn],
  hooks: {
    now?: () => number;
    onGame?: (done: number, frame: FrameRecord) => void;
    /** Asked after every complete pair: true ends the match there (an SPRT's verdict). */
    stop?: (frames: readonly FrameRecord[]) => boolean;
    /** Asked after every game: true ends the match there (the user interrupted it). */
    cancelled?: () => boolean;
  } = {},
): Promise<Result<FrameRecord[], EngineError>> {
  const frames: FrameRecord[] = [];
  for (let g = 0; g < setup.games; g++) {
    const r = await playFrame(
      {
        seed: gameSeed(setup.seed, g),
        breaker: gameBreaker(g),
        rules: setup.rules,
        table: setup.table,
        players: setup.players,
        ...(setup.params ? { params: setup.params } : {}),
        ...(setup.maxShots ? { maxShots: setup.maxShots } : {}),
      },
      deciders,
      hooks.now ? { now: hooks.now } : {},
    );
    if (!r.ok) return r;
    frames.push(r.value);
    hooks.onGame?.(g + 1, r.value);
    if (hooks.cancelled?.()) break;
    if (frames.length % 2 === 0 && hooks.stop?.(frames)) break;
  }
  return ok(frames);
}

/** Percentile by nearest rank. */
export function percentile(xs: readonly number[], p: number): number {
  if (xs.length === 0) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
}
