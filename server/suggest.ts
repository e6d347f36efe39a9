import type { Evaluator } from '../ai/evaluator.js';
import type { LevelName } from '../ai/levels.js';
import { plan } from '../ai/planner.js';
import { type Suggestions, suggestionOf } from '../ai/suggestion.js';
import { suggestState } from '../cli/documents.js';
import type { FrameState } from '../engine/state.js';
import { levelOf } from '../play/game.js';
import { HttpError, refused } from './httpError.js';
import type { PlannerQueue } from './plannerQueue.js';
import { documentError } from './problems.js';

/**
 * POST /v1/suggest: `pool8 suggest --json` as a request
 * (schemas/SuggestInput.json in, schemas/Suggestions.json out), planned on
 * the shared worker pool through the planner queue.
 */
export interface SuggestQuery {
  readonly level?: LevelName;
  readonly top?: string;
  readonly seed?: string;
  readonly timeLimitMs?: string;
}

/** The state of a suggest document, read as `pool8 suggest` reads it (a layout under pl-bca rules). */
export function stateOf(d: unknown): FrameState {
  try {
    return suggestState(d, 'pl-bca');
  } catch (e) {
    throw documentError(e);
  }
}

/**
 * A whole number of a query string within [min, max], or `dflt` when
 * absent; otherwise a 400 naming the parameter.
 */
export function queryInt(
  q: string | undefined,
  name: string,
  min: number,
  max: number,
  dflt: number,
): number {
  if (q === undefined) return dflt;
  const n = Number(q);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new HttpError(
      400,
      'E_INPUT_BAD_QUERY',
      `${name} must be a whole number from ${min} to ${max}`,
      name,
    );
  return n;
}

export async function suggestDocument(
  doc: unknown,
  query: SuggestQuery,
  evaluator: Evaluator,
  queue: PlannerQueue,
): Promise<Suggestions> {
  const top = queryInt(query.top, 'top', 1, 50, 5);
  const seed = queryInt(query.seed, 'seed', -(2 ** 31), 2 ** 31 - 1, 1);
  const timeLimitMs =
    query.timeLimitMs === undefined
      ? undefined
      : queryInt(query.timeLimitMs, 'timeLimitMs', 1, 600_000, 0);
  const levelName = query.level ?? 'olympiad';
  const state = stateOf(doc);
  const level = levelOf({ strategy: 'planner', level: levelName });
  const r = await queue.run(() =>
    plan(state, {
      level,
      seed,
      evaluator,
      ...(timeLimitMs !== undefined ? { timeLimitMs, now: () => performance.now() } : {}),
    }),
  );
  if (!r.ok) throw refused(r.error);
  const d = r.value;
  return {
    format: 'pool8/suggestions/1',
    player: state.pending?.player ?? state.turn,
    level: levelName,
    noise: level.noise,
    budget: level.budget,
    timeLimitMs: timeLimitMs ?? null,
    decision:
      d.kind === 'shot'
        ? { type: 'stroke', call: d.call, shot: d.shot, placement: d.placement, reason: d.reason }
        : d.kind === 'decide'
          ? { type: 'decide', option: d.option, reason: d.reason }
          : { type: 'stalemate', reason: d.reason },
    suggestions: d.kind === 'shot' ? d.ranked.slice(0, top).map(suggestionOf) : [],
  };
}
