import { randomInt, randomUUID } from 'node:crypto';
import { overrideBudget } from '../ai/budget.js';
import type { Evaluator } from '../ai/evaluator.js';
import { LEVELS } from '../ai/levels.js';
import { playShot } from '../ai/sampling.js';
import { deriveSeed } from '../ai/seeds.js';
import { type Suggestion, suggestionOf } from '../ai/suggestion.js';
import { moveOf } from '../api/bot.js';
import { referee } from '../api/index.js';
import type { Move } from '../api/move.js';
import { type Action, apply as engineApply } from '../engine/referee.js';
import { PRESETS } from '../engine/rules.js';
import type { Shot } from '../engine/shot.js';
import type { ShotEvent } from '../engine/shotEvent.js';
import { type FrameState, newFrame, type PlayerId } from '../engine/state.js';
import type { Verdict } from '../engine/verdict.js';
import type { Wire } from '../engine/wireType.js';
import { type PlayerSpec, playDecidedStroke, type ShotEntry, shotEntryOf } from '../play/game.js';
import { makeDecider } from '../play/players.js';
import { type GameRecord, gameRecord } from '../play/record.js';
import { DEFAULT_PHYSICS } from '../sim/index.js';
import type { GameLocks } from './gameLocks.js';
import { HttpError, refused } from './httpError.js';
import type { PlannerQueue } from './plannerQueue.js';
import type { NewGameSchema, StrokeSchema } from './schemas.js';
import {
  type ActionKind,
  type GameCursor,
  type GameSetup,
  type GameStore,
  type GameSummary,
  REPLAYABLE_KINDS,
  type Seat,
  type StoredAction,
  type StoredGame,
} from './store.js';

/**
 * Games as a service: a frame kept in the store, advanced one action at a
 * time, each at the version it was asked for. The bot plays its seats as
 * `pool8 play` does (play/game.ts playFrame): the decision of action n is
 * seeded by deriveSeed(game seed, n, mover), its execution noise by
 * noiseSeed(game seed, n), so a game's seed fixes the rack and every bot
 * move, and the record it exports replays bit for bit.
 */
export type NewGame = Wire<typeof NewGameSchema>;
export type GameAction = Wire<typeof StrokeSchema> | Action;

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
  readonly kind: ActionKind;
  readonly verdict: Verdict;
  readonly events?: readonly ShotEvent[];
  /** The stroke as simulated (with the bot's execution noise). */
  readonly executed?: Shot;
  readonly state: FrameState;
  readonly result: FrameState['result'];
}

export interface BotAnswer extends ActionAnswer {
  readonly move: Move;
  readonly reason: string;
  readonly alternatives: readonly Suggestion[];
  /** The planner's own time for the decision, ms. */
  readonly thinkMs: number;
}

/** A page of the list of games, newest first; `next` is the cursor of the next page, or null. */
export interface GameList {
  readonly games: readonly GameSummary[];
  readonly next: string | null;
}

/** One action of a replay: as stored, with the state after it. */
export interface PositionedActionView {
  readonly n: number;
  readonly by: 'human' | 'bot';
  readonly kind: ActionKind;
  readonly entry: ShotEntry;
  readonly verdict: Verdict;
  readonly events?: readonly ShotEvent[];
  /** The frame state after action `n` (before it: the previous one's, or `initial`). */
  readonly state: FrameState;
}

/** Every position of a game: the frame as racked, then the state after each action. */
export interface Positions {
  readonly id: string;
  readonly version: number;
  readonly initial: FrameState;
  readonly actions: readonly PositionedActionView[];
}

/**
 * The cursor of a list page as the client sees it: opaque (base64url of the
 * last game's `updated` and `id`), so the order it encodes may change
 * without changing the API.
 */
export function encodeCursor(c: GameCursor): string {
  return Buffer.from(JSON.stringify([c.updated, c.id])).toString('base64url');
}

/** A cursor from `encodeCursor`, or null when `s` is not one. */
export function decodeCursor(s: string): GameCursor | null {
  let v: unknown;
  try {
    v = JSON.parse(Buffer.from(s, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (
    !Array.isArray(v) ||
    v.length !== 2 ||
    typeof v[0] !== 'string' ||
    typeof v[1] !== 'string' ||
    v[0].length > 64 ||
    !/^[A-Za-z0-9_-]{1,64}$/.test(v[1])
  )
    return null;
  return { updated: v[0], id: v[1] };
}

/**
 * The frame a game starts from. The setup fixes it (the seed fixes the
 * rack), so the initial position of a replay is derived again, not stored.
 */
function initialState(setup: GameSetup): FrameState {
  return newFrame({
    seed: setup.seed,
    breaker: setup.breaker,
    table: setup.table,
    rules: setup.rules,
  });
}

export interface GamesOptions {
  readonly store: GameStore;
  readonly evaluator: Evaluator;
  readonly queue: PlannerQueue;
  readonly locks: GameLocks;
  /** The most a bot move may think when asked for a time limit (ms). */
  readonly maxTimeLimitMs?: number;
}

/** Why an action kind has no place in a game record. */
const NOT_RECORDABLE: Partial<Record<ActionKind, string>> = {
  events: 'a shot reported as its events',
  correct: 'a correction of the last shot',
  foul: 'a foul before the stroke',
  rack: 'a rack made by hand',
};

const moverOf = (s: FrameState): PlayerId => (s.pending ? s.pending.player : s.turn);

function specOf(seat: Seat, timeLimitMs?: number): PlayerSpec {
  return {
    strategy: seat.strategy,
    level: seat.level,
    ...(seat.budget ? { budget: seat.budget } : {}),
    ...(timeLimitMs !== undefined ? { timeLimitMs } : {}),
  };
}

export class Games {
  constructor(private readonly o: GamesOptions) {}

  /** A new frame, stored at version 1. */
  create(body: NewGame): GameView {
    const seats = (body.seats ?? [
      { level: 'beginner', bot: false },
      { level: 'beginner', bot: true },
    ]) as NewGame['seats'] & object;
    const setupSeats = seats.map((s, i): Seat => {
      let budget: Seat['budget'];
      if (s.budget !== undefined) {
        const b = overrideBudget(LEVELS[s.level].budget, s.budget);
        if (!b.ok) throw new HttpError(400, 'E_INPUT_BAD_GAME', b.error, `seats[${i}].budget`);
        budget = b.value;
      }
      return {
        level: s.level,
        bot: s.bot,
        strategy: s.strategy ?? 'planner',
        ...(budget ? { budget } : {}),
      };
    }) as unknown as [Seat, Seat];
    const setup: GameSetup = {
      rules: body.rules ?? 'pl-bca',
      table: body.table ?? '9ft',
      seed: body.seed ?? randomInt(0, 2 ** 31),
      breaker: body.breaker ?? 0,
      seats: setupSeats,
    };
    const state = initialState(setup);
    const now = new Date().toISOString();
    const game: StoredGame = {
      id: randomUUID(),
      setup,
      state,
      version: 1,
      created: now,
      updated: now,
    };
    this.o.store.create(game);
    return this.viewOf(game);
  }

  view(id: string, withActions = true): GameView {
    const g = this.load(id);
    return withActions ? { ...this.viewOf(g), actions: this.o.store.actions(id) } : this.viewOf(g);
  }

  /**
   * Up to `limit` games, newest first (by `updated`), those after the page
   * `before` ended when given: `next` is null on the last page. One row
   * more than asked for tells whether there is a next page.
   */
  list(limit: number, before?: string): GameList {
    let cursor: GameCursor | undefined;
    if (before !== undefined) {
      const c = decodeCursor(before);
      if (c === null)
        throw new HttpError(
          400,
          'E_INPUT_BAD_QUERY',
          'before must be the `next` cursor of a previous page',
          'before',
        );
      cursor = c;
    }
    const rows = this.o.store.list(limit + 1, cursor);
    const games = rows.slice(0, limit);
    const last = games.at(-1);
    return {
      games,
      next: rows.length > limit && last ? encodeCursor(last) : null,
    };
  }

  /**
   * Every position of the game, for a replay that draws without
   * simulating: the frame as racked and, per action, the state the store
   * committed after it. `version` is the one after the last action read,
   * so it matches the actions even if another one is committed meanwhile.
   */
  positions(id: string): Positions {
    const g = this.load(id);
    const steps = this.o.store.positions(id);
    return {
      id,
      version: steps.at(-1)?.action.version ?? 1,
      initial: initialState(g.setup),
      actions: steps.map(({ action: a, state }) => ({
        n: a.n,
        by: a.by,
        kind: a.kind,
        entry: a.entry,
        verdict: a.verdict,
        ...(a.events ? { events: a.events } : {}),
        state,
      })),
    };
  }

  /** A human's action, at `version`. */
  act(id: string, version: number, action: GameAction): Promise<ActionAnswer> {
    return this.o.locks.run(id, () => {
      const g = this.current(id, version);
      const mover = moverOf(g.state);
      // A correction or a rack comes from either side (or the referee); the rest from the mover.
      if (action.type !== 'correct' && action.type !== 'rack' && g.setup.seats[mover]!.bot)
        throw new HttpError(
          409,
          'E_BOT_SEAT',
          `player ${mover} is played by the bot: POST /v1/games/${id}/bot-move`,
        );
      const n = g.version - 1;
      let stored: StoredAction;
      let state: FrameState;
      let executed: Shot | undefined;
      if (action.type === 'stroke') {
        const call = action.call ?? null;
        const placement = action.placement ?? null;
        const out = playShot(g.state, call, action.shot, placement, DEFAULT_PHYSICS);
        if ('error' in out) throw this.strokeError(g.state, action, out.error);
        executed = action.shot;
        state = out.state;
        stored = {
          n,
          version: g.version + 1,
          by: 'human',
          kind: 'stroke',
          entry: shotEntryOf(
            n,
            mover,
            { call, placement, intended: action.shot, executed: action.shot, reason: 'human' },
            out,
          ),
          verdict: out.verdict,
          events: out.events,
        };
      } else {
        const r = engineApply(g.state, action);
        if (!r.ok) throw refused(r.error);
        state = r.value.state;
        const v = r.value.verdict;
        const kind: ActionKind = action.type === 'shot' ? 'events' : action.type;
        const entry: ShotEntry = {
          n,
          player: mover,
          action:
            action.type === 'decide'
              ? 'decide'
              : action.type === 'stalemate'
                ? 'stalemate'
                : 'shot',
          ...(action.type === 'decide' ? { option: action.option as ShotEntry['option'] } : {}),
          ...(action.type === 'shot' || action.type === 'correct'
            ? { call: action.call ?? null }
            : {}),
          reason: action.type === 'correct' ? 'human: correction of the last shot' : 'human',
          verdict: v.kind,
          fouls: v.fouls,
          credited: v.credited,
          stayDown: v.stayDown,
        };
        stored = {
          n,
          version: g.version + 1,
          by: 'human',
          kind,
          entry,
          verdict: v,
          ...('events' in action ? { events: action.events } : {}),
        };
      }
      this.commit(g, stored, state);
      return this.answer(g, stored, state, executed);
    });
  }

  /** The bot's turn: decide (through the planner queue), play and commit, at `version`. */
  botMove(
    id: string,
    version: number,
    opts: { timeLimitMs?: number; top?: number },
  ): Promise<BotAnswer> {
    return this.o.locks.run(id, async () => {
      const g = this.current(id, version);
      if (g.state.phase === 'over') throw new HttpError(400, 'E_FRAME_OVER', 'the frame is over');
      const mover = moverOf(g.state);
      const seat = g.setup.seats[mover]!;
      if (!seat.bot)
        throw new HttpError(
          409,
          'E_HUMAN_SEAT',
          `player ${mover} is played by a human: POST /v1/games/${id}/actions`,
        );
      const limit =
        opts.timeLimitMs === undefined
          ? undefined
          : Math.min(opts.timeLimitMs, this.o.maxTimeLimitMs ?? 600_000);
      const spec = specOf(seat, limit);
      const decider = makeDecider(spec, {
        evaluator: this.o.evaluator,
        ...(limit !== undefined ? { now: () => performance.now() } : {}),
      });
      const n = g.version - 1;
      const { d, ms } = await this.o.queue.run(async () => {
        const t0 = performance.now();
        const d = await decider(g.state, deriveSeed(g.setup.seed, n, mover));
        return { d, ms: performance.now() - t0 };
      });
      if (!d.ok) throw refused(d.error);
      const decision = d.value;
      let stored: StoredAction;
      let state: FrameState;
      let executed: Shot | undefined;
      if (decision.kind === 'shot') {
        const played = playDecidedStroke(
          g.state,
          decision,
          spec,
          g.setup.seed,
          n,
          DEFAULT_PHYSICS,
          ms,
        );
        if ('error' in played)
          throw new HttpError(500, 'E_INTERNAL', `the bot's stroke was refused: ${played.error}`);
        const { out } = played;
        executed = played.executed;
        state = out.state;
        stored = {
          n,
          version: g.version + 1,
          by: 'bot',
          kind: 'stroke',
          entry: played.entry,
          verdict: out.verdict,
          events: out.events,
        };
      } else {
        const action: Action =
          decision.kind === 'decide'
            ? { type: 'decide', option: decision.option }
            : { type: 'stalemate' };
        const r = engineApply(g.state, action);
        if (!r.ok)
          throw new HttpError(500, 'E_INTERNAL', `the bot's ${decision.kind}: ${r.error.code}`);
        state = r.value.state;
        const v = r.value.verdict;
        stored = {
          n,
          version: g.version + 1,
          by: 'bot',
          kind: decision.kind,
          entry: {
            n,
            player: mover,
            action: decision.kind,
            ...(decision.kind === 'decide' ? { option: decision.option } : {}),
            reason: decision.reason,
            verdict: v.kind,
            fouls: v.fouls,
            credited: v.credited,
            stayDown: v.stayDown,
            ms,
          },
          verdict: v,
        };
      }
      this.commit(g, stored, state);
      const top = opts.top ?? 5;
      return {
        ...this.answer(g, stored, state, executed),
        move: moveOf(decision),
        reason: decision.reason,
        alternatives:
          decision.kind === 'shot' ? decision.ranked.slice(0, top).map(suggestionOf) : [],
        thinkMs: ms,
      };
    });
  }

  /**
   * The game as a record (schemas/GameRecord.json) for `pool8 replay`.
   * The record format holds what re-simulates: the executed strokes,
   * decisions and stalemates, each entry checked against its outcome hash.
   * It has no field for the events of a shot reported from a real table,
   * a correction of them, a foul before the stroke or a rack made by hand,
   * so a game with one of those is refused: 409 E_NOT_REPLAYABLE, naming
   * the first such action (GET /v1/games/{id} still has every action).
   */
  record(id: string): GameRecord {
    const g = this.load(id);
    const actions = this.o.store.actions(id);
    const odd = actions.find((a) => !REPLAYABLE_KINDS.includes(a.kind));
    if (odd)
      throw new HttpError(
        409,
        'E_NOT_REPLAYABLE',
        `action ${odd.n} (version ${odd.version}) is ${NOT_RECORDABLE[odd.kind] ?? `a ${odd.kind}`}: a game record holds strokes to re-simulate, decisions and stalemates, and has no field for it; GET /v1/games/${id} has every action`,
        `actions[${odd.n}]`,
      );
    const players = g.setup.seats.map((s) => specOf(s)) as unknown as [PlayerSpec, PlayerSpec];
    return gameRecord(players, PRESETS[g.setup.rules], g.setup.table, g.setup.seed, [
      {
        seed: g.setup.seed,
        breaker: g.setup.breaker,
        winner: g.state.result?.winner ?? null,
        // An unfinished game is cut off where it stands, as a capped frame is.
        reason: g.state.result?.reason ?? 'shotCap',
        stalemates: actions.filter((a) => a.kind === 'stalemate').length,
        shots: actions.map((a) => a.entry),
      },
    ]);
  }

  private load(id: string): StoredGame {
    const g = this.o.store.get(id);
    if (g === null) throw new HttpError(404, 'E_NO_GAME', `no game ${id}`, 'id');
    return g;
  }

  /** The game, if it is still at `version`; a 409 otherwise. */
  private current(id: string, version: number): StoredGame {
    const g = this.load(id);
    if (g.version !== version)
      throw new HttpError(
        409,
        'E_STALE_VERSION',
        `the game is at version ${g.version}, not ${version}: GET it and try again`,
        'version',
        { etag: `"${g.version}"` },
      );
    return g;
  }

  private commit(g: StoredGame, action: StoredAction, state: FrameState): void {
    const r = this.o.store.commit(g.id, g.version, action, state);
    if (!r.ok)
      throw new HttpError(
        409,
        'E_STALE_VERSION',
        `the game moved to version ${r.current} meanwhile`,
        'version',
        { etag: `"${r.current}"` },
      );
  }

  /** The library's detailed refusal of a stroke (playShot gives only the code). */
  private strokeError(state: FrameState, action: GameAction & { type: 'stroke' }, code: string) {
    const r = referee.apply(state, {
      type: 'stroke',
      shot: action.shot,
      call: action.call ?? null,
      placement: action.placement ?? null,
    });
    if (!r.ok) return refused(r.error);
    return new HttpError(400, code, `the stroke was refused: ${code}`);
  }

  private answer(
    g: StoredGame,
    a: StoredAction,
    state: FrameState,
    executed: Shot | undefined,
  ): ActionAnswer {
    return {
      id: g.id,
      version: a.version,
      by: a.by,
      kind: a.kind,
      verdict: a.verdict,
      ...(a.events ? { events: a.events } : {}),
      ...(executed ? { executed } : {}),
      state,
      result: state.result,
    };
  }

  private viewOf(g: StoredGame): GameView {
    return { id: g.id, version: g.version, setup: g.setup, state: g.state, result: g.state.result };
  }
}
