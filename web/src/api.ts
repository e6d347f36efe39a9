import type { Suggestions } from '../../ai/suggestion.js';
import type { Action } from '../../engine/referee.js';
import type { Shot } from '../../engine/shot.js';
import type { ShotEvent } from '../../engine/shotEvent.js';
import type { FrameState, PlayerId } from '../../engine/state.js';
import type { Point } from '../../engine/table.js';
import type { Verdict } from '../../engine/verdict.js';
import type { GameRecord } from '../../play/record.js';

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

export interface Seat {
  readonly level: string;
  readonly bot: boolean;
  readonly strategy?: string;
}

export interface GameSetup {
  readonly rules: string;
  readonly table: string;
  readonly seed: number;
  readonly breaker: PlayerId;
  readonly seats: readonly [Seat, Seat];
}

export interface StoredAction {
  readonly n: number;
  readonly version: number;
  readonly by: 'human' | 'bot';
  readonly kind: string;
  readonly entry: {
    readonly executed?: Shot;
    readonly placement?: Point | null;
    readonly call?: unknown;
    readonly reason?: string;
  };
  readonly verdict: Verdict;
  readonly events?: readonly ShotEvent[];
}

export interface GameView {
  readonly id: string;
  readonly version: number;
  readonly setup: GameSetup;
  readonly state: FrameState;
  readonly result: FrameState['result'];
  readonly actions?: readonly StoredAction[];
}

export interface ActionAnswer {
  readonly id: string;
  readonly version: number;
  readonly by: 'human' | 'bot';
  readonly kind: string;
  readonly verdict: Verdict;
  readonly events?: readonly ShotEvent[];
  readonly executed?: Shot;
  readonly state: FrameState;
  readonly result: FrameState['result'];
}

export interface BotAnswer extends ActionAnswer {
  readonly move: {
    readonly type: string;
    readonly placement?: Point | null;
    readonly call?: unknown;
  };
  readonly reason: string;
  readonly thinkMs: number;
}

export interface GameSummary {
  readonly id: string;
  readonly version: number;
  readonly created: string;
  readonly updated: string;
  readonly setup: GameSetup;
  readonly phase: FrameState['phase'];
  readonly result: FrameState['result'];
  readonly shotCount: number;
  readonly turn: PlayerId;
}

export interface Positions {
  readonly id: string;
  readonly version: number;
  readonly initial: FrameState;
  readonly actions: readonly (StoredAction & { readonly state: FrameState })[];
}

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
  newGame: (body: {
    rules?: string;
    table?: string;
    seed?: number;
    breaker?: PlayerId;
    seats?: readonly Seat[];
  }) => call<GameView>('POST', '/v1/games', body),
  game: (id: string) => call<GameView>('GET', `/v1/games/${encodeURIComponent(id)}`),
  games: (limit = 20) => call<{ games: GameSummary[] }>('GET', `/v1/games${q({ limit })}`),
  positions: (id: string) =>
    call<Positions>('GET', `/v1/games/${encodeURIComponent(id)}/positions`),
  record: (id: string) => call<GameRecord>('GET', `/v1/games/${encodeURIComponent(id)}/record`),
  act: (id: string, version: number, action: StrokeAction | Action) =>
    call<ActionAnswer>('POST', `/v1/games/${encodeURIComponent(id)}/actions`, { action, version }),
  botMove: (id: string, version: number) =>
    call<BotAnswer>('POST', `/v1/games/${encodeURIComponent(id)}/bot-move`, { version, top: 3 }),
};
