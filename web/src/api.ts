import type { Suggestions } from '../../ai/suggestion.js';
import type { Action } from '../../engine/referee.js';
import type { Shot } from '../../engine/shot.js';
import type { FrameState } from '../../engine/state.js';
import type { Point } from '../../engine/table.js';
import type { GameRecord } from '../../play/record.js';
import type {
  ActionAnswer,
  BotAnswer,
  GameList,
  GameView,
  NewGame,
  Positions,
} from '../../server/games.js';

/**
 * The page's client of `pool8 serve` (docs/server.md), same origin. Every
 * refusal the service gives is `{ error: { code, message, field? } }`; it
 * comes back as an ApiError with those, so the page says what the service
 * said. A network failure is an ApiError too (E_NETWORK).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
  /** "E_STALE_VERSION at version: …" — what the page shows. */
  describe(): string {
    return `${this.code}${this.field ? ` at ${this.field}` : ''}: ${this.message}`;
  }
}

/**
 * The answers' types are the service's own (server/games.ts, server/store.ts):
 * type-only imports, erased from the bundle, so the page and the service
 * cannot drift apart without the type-check saying so.
 */
export type {
  ActionAnswer,
  BotAnswer,
  GameList,
  GameView,
  Positions,
} from '../../server/games.js';
export type { GameSetup, GameSummary, Seat } from '../../server/store.js';

export type StrokeAction = {
  readonly type: 'stroke';
  readonly shot: Shot;
  readonly call?: unknown;
  readonly placement?: Point;
};

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? null : JSON.stringify(body),
    });
  } catch (e) {
    throw new ApiError(0, 'E_NETWORK', `the service did not answer (${String(e)})`);
  }
  const text = await res.text();
  let doc: unknown = null;
  try {
    doc = text ? JSON.parse(text) : null;
  } catch {
    throw new ApiError(res.status, 'E_NOT_JSON', `the service answered ${res.status} without JSON`);
  }
  if (!res.ok) {
    const e = (doc as { error?: { code?: string; message?: string; field?: string } } | null)
      ?.error;
    throw new ApiError(
      res.status,
      e?.code ?? `HTTP_${res.status}`,
      e?.message ?? res.statusText,
      e?.field,
    );
  }
  return doc as T;
}

const q = (o: Record<string, string | number | undefined>) => {
  const p = Object.entries(o).filter(([, v]) => v !== undefined) as [string, string | number][];
  return p.length ? `?${p.map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`).join('&')}` : '';
};

export const api = {
  suggest: (state: FrameState, o: { level?: string; top?: number; seed?: number } = {}) =>
    call<Suggestions>('POST', `/v1/suggest${q(o)}`, { state }),
  newGame: (body: NewGame) => call<GameView>('POST', '/v1/games', body),
  game: (id: string) => call<GameView>('GET', `/v1/games/${encodeURIComponent(id)}`),
  games: (limit = 20) => call<GameList>('GET', `/v1/games${q({ limit })}`),
  positions: (id: string) =>
    call<Positions>('GET', `/v1/games/${encodeURIComponent(id)}/positions`),
  record: (id: string) => call<GameRecord>('GET', `/v1/games/${encodeURIComponent(id)}/record`),
  act: (id: string, version: number, action: StrokeAction | Action) =>
    call<ActionAnswer>('POST', `/v1/games/${encodeURIComponent(id)}/actions`, { action, version }),
  botMove: (id: string, version: number) =>
    call<BotAnswer>('POST', `/v1/games/${encodeURIComponent(id)}/bot-move`, { version, top: 3 }),
};
