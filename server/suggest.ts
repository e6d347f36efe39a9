import type { Evaluator } from '../ai/evaluator.js';
import type { LevelName } from '../ai/levels.js';
import { plan } from '../ai/planner.js';
import { type Suggestions, suggestionOf } from '../ai/suggestion.js';
import { OBJECT_BALLS } from '../engine/ball.js';
import { parseState } from '../engine/parse.js';
import { PRESETS } from '../engine/rules.js';
import { type FrameState, newFrame } from '../engine/state.js';
import { levelOf } from '../play/game.js';
import { checkPosition, parseLayout } from '../sim/index.js';
import { HttpError, refused } from './httpError.js';
import type { PlannerQueue } from './plannerQueue.js';

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

/** The state of a suggest document (as cli/commands/suggest.ts stateFromInput reads it). */
export function stateOf(d: Record<string, unknown>): FrameState {
  if (!('layout' in d)) {
    const s = parseState('state' in d ? d.state : d);
    if (!s.ok) throw refused(s.error);
    return s.value;
  }
  const layout = parseLayout(d.layout);
  if (!layout.ok) throw refused(layout.error);
  const bad = checkPosition(layout.value);
  if (bad) throw refused(bad);
  const base = newFrame({ seed: 0, table: layout.value.table, rules: 'pl-bca' });
  const on = new Set(layout.value.balls.map((b) => b.id));
  const s = parseState({
    ...base,
    rules: PRESETS['pl-bca'],
    phase: 'play',
    turn: d.turn ?? 0,
    groups: d.groups ?? null,
    balls: [...layout.value.balls]
      .sort((a, b) => a.id - b.id)
      .map((b) => ({ id: b.id, x: b.x, y: b.y })),
    pocketed: OBJECT_BALLS.filter((b) => !on.has(b)),
    ballInHand: d.ballInHand ?? (on.has(0) ? null : { region: 'anywhere', restricted: false }),
  });
  if (!s.ok) throw refused(s.error);
  return s.value;
}

function int(q: string | undefined, name: string, min: number, max: number, dflt: number) {
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
  doc: Record<string, unknown>,
  query: SuggestQuery,
  evaluator: Evaluator,
  queue: PlannerQueue,
): Promise<Suggestions> {
  const top = int(query.top, 'top', 1, 50, 5);
  const seed = int(query.seed, 'seed', -(2 ** 31), 2 ** 31 - 1, 1);
  const timeLimitMs =
    query.timeLimitMs === undefined
      ? undefined
      : int(query.timeLimitMs, 'timeLimitMs', 1, 600_000, 0);
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
