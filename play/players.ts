import type { Evaluator } from '../ai/evaluator.js';
import { type Budget, isLevelName } from '../ai/levels.js';
import { plan } from '../ai/planner.js';
import { ok } from '../engine/result.js';
import type { PhysicsParams } from '../sim/index.js';
import { greedyDecision, randomDecision } from './baselines.js';
import { type DecideFn, levelOf, type PlayerSpec } from './game.js';

export interface PlayerOptions {
  readonly evaluator: Evaluator;
  readonly params?: PhysicsParams;
  readonly budget?: Partial<Budget>;
  readonly now?: () => number;
  readonly timeLimitMs?: number;
}

/** A player's decision function from its spec. */
export function makeDecider(spec: PlayerSpec, opts: PlayerOptions): DecideFn {
  const level = levelOf(spec);
  const timeLimitMs = spec.timeLimitMs ?? opts.timeLimitMs;
  switch (spec.strategy) {
    case 'planner':
      return (state, seed) =>
        plan(state, {
          level,
          seed,
          evaluator: opts.evaluator,
          ...(opts.params ? { params: opts.params } : {}),
          ...(opts.budget ? { budget: opts.budget } : {}),
          ...(opts.now ? { now: opts.now } : {}),
          ...(timeLimitMs !== undefined ? { timeLimitMs } : {}),
        });
    case 'greedy':
      return (state) => Promise.resolve(ok(greedyDecision(state, level.noise, opts.params)));
    case 'random':
      return (state, seed) => Promise.resolve(ok(randomDecision(state, seed)));
  }
}

/** Both seats' decision functions, sharing one evaluator. */
export function makeDeciders(
  players: readonly [PlayerSpec, PlayerSpec],
  opts: PlayerOptions,
): [DecideFn, DecideFn] {
  return [makeDecider(players[0], opts), makeDecider(players[1], opts)];
}

/**
 * Parses a player name as the CLI takes it: a level (`olympiad`, `pro`,
 * `amateur`, `beginner`: the planner at that level), or `greedy` / `random`,
 * optionally with a noise level after a colon (`greedy:amateur`). Baselines
 * default to olympiad noise, so against the planner's olympiad level only the
 * choice of shots differs.
 */
export function parsePlayer(name: string): PlayerSpec | null {
  const [head, levelPart] = name.split(':');
  if (isLevelName(head) && levelPart === undefined) return { strategy: 'planner', level: head };
  if (head === 'greedy' || head === 'random') {
    const level = levelPart ?? 'olympiad';
    return isLevelName(level) ? { strategy: head, level } : null;
  }
  if (head === 'planner') {
    const level = levelPart ?? 'olympiad';
    return isLevelName(level) ? { strategy: 'planner', level } : null;
  }
  return null;
}

export function playerName(spec: PlayerSpec): string {
  return spec.strategy === 'planner' ? spec.level : `${spec.strategy}:${spec.level}`;
}
