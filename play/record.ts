import { playShot } from '../ai/sampling.js';
import { apply } from '../engine/referee.js';
import type { RuleOptions } from '../engine/rules.js';
import { type FrameState, newFrame } from '../engine/state.js';
import type { TableSize } from '../engine/table.js';
import { DEFAULT_PHYSICS, outcomeHash, type PhysicsParams } from '../sim/index.js';
import type { FrameRecord, PlayerSpec, ShotEntry } from './game.js';

/**
 * A game record (ai.md "Self-play conventions"): a header with the players
 * and their settings, the rules, the table, the seeds and the engine version,
 * then one entry per action with its parameters, call, placement, decision
 * and outcome. It replays bit for bit: the executed strokes are in it, so a
 * replay needs neither the planner nor its noise.
 */
export const ENGINE_VERSION = '0.1.0';

export interface GameRecord {
  readonly format: 'pool8/game/1';
  readonly engine: string;
  readonly players: readonly [PlayerSpec, PlayerSpec];
  readonly rules: RuleOptions;
  readonly table: TableSize;
  readonly params: PhysicsParams;
  readonly seed: number;
  readonly frames: readonly FrameRecord[];
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
  return {
    format: 'pool8/game/1',
    engine: ENGINE_VERSION,
    players,
    rules,
    table,
    params,
    seed,
    frames,
  };
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
 * (bench/valueFit.ts reads the positions of a match this way).
 */
export function replay(
  record: GameRecord,
  visit?: (state: FrameState, entry: ShotEntry, frame: number) => void,
): ReplayReport {
  let actions = 0;
  const params = record.params ?? DEFAULT_PHYSICS;
  for (const [f, frame] of record.frames.entries()) {
    let state = newFrame({
      seed: frame.seed,
      breaker: frame.breaker,
      table: record.table,
      rules: record.rules,
    });
    for (const e of frame.shots) {
      actions++;
      const where = `frame ${f} action ${e.n}`;
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
        if (
          out.verdict.kind !== e.verdict ||
          JSON.stringify(out.verdict.fouls) !== JSON.stringify(e.fouls)
        ) {
          return {
            ok: false,
            actions,
            mismatch: `${where}: verdict ${out.verdict.kind} ≠ recorded ${e.verdict}`,
          };
        }
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
  }
  return { ok: true, actions, mismatch: null };
}
