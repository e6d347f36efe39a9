import Database from 'better-sqlite3';
import type { FrameState } from '../engine/state.js';
import { MIGRATIONS } from './migrations.js';
import type {
  CommitResult,
  GameCursor,
  GameSetup,
  GameStore,
  GameSummary,
  PositionedAction,
  StoredAction,
  StoredGame,
} from './store.js';

/**
 * The embedded store: one SQLite file through better-sqlite3, in WAL mode.
 * Every commit is one transaction, written to the WAL before `commit`
 * returns, so a server killed at any moment (kill -9) restarts with every
 * acknowledged action (synchronous=NORMAL: durable against a crash of the
 * process; `synchronous: 'FULL'` also against one of the machine).
 */
export interface SqliteStoreOptions {
  readonly synchronous?: 'NORMAL' | 'FULL';
}

interface GameRow {
  id: string;
  setup: string;
  state: string;
  version: number;
  created: string;
  updated: string;
}

interface SummaryRow {
  id: string;
  setup: string;
  version: number;
  created: string;
  updated: string;
  phase: FrameState['phase'];
  /** The result as JSON text, or null (SQL NULL for JSON null). */
  result: string | null;
  shotCount: number;
  turn: FrameState['turn'];
}

/**
 * A summary's columns: the state's few fields read by SQLite (json_extract)
 * rather than every state of the page parsed whole in JavaScript.
 */
const SUMMARY = `SELECT id, setup, version, created, updated,
  json_extract(state, '$.phase') AS phase, json_extract(state, '$.result') AS result,
  json_extract(state, '$.shotCount') AS shotCount, json_extract(state, '$.turn') AS turn
  FROM games`;

/** Applies the migrations the file has not seen yet; returns the schema version. */
export function migrate(db: Database.Database): number {
  const current = db.pragma('user_version', { simple: true }) as number;
  for (const m of MIGRATIONS) {
    if (m.version <= current) continue;
    db.transaction(() => {
      db.exec(m.sql);
      db.pragma(`user_version = ${m.version}`);
    })();
  }
  return db.pragma('user_version', { simple: true }) as number;
}

export class SqliteStore implements GameStore {
  private readonly db: Database.Database;
  private readonly stmts;
  private readonly commitTx;

  constructor(file: string, options: SqliteStoreOptions = {}) {
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma(`synchronous = ${options.synchronous ?? 'NORMAL'}`);
    this.db.pragma('foreign_keys = ON');
    this.db.pragma('busy_timeout = 5000');
    migrate(this.db);
    this.stmts = {
      insert: this.db.prepare(
        'INSERT INTO games (id, setup, state, version, over, created, updated) VALUES (?, ?, ?, ?, ?, ?, ?)',
      ),
      get: this.db.prepare<[string], GameRow>(
        'SELECT id, setup, state, version, created, updated FROM games WHERE id = ?',
      ),
      actions: this.db.prepare<[string], { body: string }>(
        'SELECT body FROM actions WHERE game_id = ? ORDER BY n',
      ),
      positions: this.db.prepare<[string], { body: string; state: string }>(
        'SELECT body, state FROM actions WHERE game_id = ? ORDER BY n',
      ),
      // Newest first; the row value comparison walks the (updated, id) index of migration 2.
      list: this.db.prepare<[number], SummaryRow>(
        `${SUMMARY} ORDER BY updated DESC, id DESC LIMIT ?`,
      ),
      listBefore: this.db.prepare<[string, string, number], SummaryRow>(
        `${SUMMARY} WHERE (updated, id) < (?, ?) ORDER BY updated DESC, id DESC LIMIT ?`,
      ),
      update: this.db.prepare(
        'UPDATE games SET state = ?, version = ?, over = ?, updated = ? WHERE id = ? AND version = ?',
      ),
      version: this.db.prepare<[string], { version: number }>(
        'SELECT version FROM games WHERE id = ?',
      ),
      append: this.db.prepare(
        'INSERT INTO actions (game_id, n, version, body, state, created) VALUES (?, ?, ?, ?, ?, ?)',
      ),
    };
    this.commitTx = this.db.transaction(
      (id: string, expected: number, action: StoredAction, state: FrameState): CommitResult => {
        const now = new Date().toISOString();
        const json = JSON.stringify(state);
        const r = this.stmts.update.run(
          json,
          expected + 1,
          state.phase === 'over' ? 1 : 0,
          now,
          id,
          expected,
        );
        if (r.changes !== 1)
          return { ok: false, current: this.stmts.version.get(id)?.version ?? 0 };
        this.stmts.append.run(id, action.n, expected + 1, JSON.stringify(action), json, now);
        return { ok: true };
      },
    );
  }

  create(game: StoredGame): void {
    this.stmts.insert.run(
      game.id,
      JSON.stringify(game.setup),
      JSON.stringify(game.state),
      game.version,
      game.state.phase === 'over' ? 1 : 0,
      game.created,
      game.updated,
    );
  }

  get(id: string): StoredGame | null {
    const row = this.stmts.get.get(id);
    if (row === undefined) return null;
    return {
      id: row.id,
      setup: JSON.parse(row.setup) as GameSetup,
      state: JSON.parse(row.state) as FrameState,
      version: row.version,
      created: row.created,
      updated: row.updated,
    };
  }

  actions(id: string): StoredAction[] {
    return this.stmts.actions.all(id).map((r) => JSON.parse(r.body) as StoredAction);
  }

  positions(id: string): PositionedAction[] {
    return this.stmts.positions.all(id).map((r) => ({
      action: JSON.parse(r.body) as StoredAction,
      state: JSON.parse(r.state) as FrameState,
    }));
  }

  list(limit: number, before?: GameCursor): GameSummary[] {
    const rows = before
      ? this.stmts.listBefore.all(before.updated, before.id, limit)
      : this.stmts.list.all(limit);
    return rows.map((r) => ({
      id: r.id,
      version: r.version,
      created: r.created,
      updated: r.updated,
      setup: JSON.parse(r.setup) as GameSetup,
      phase: r.phase,
      result: r.result === null ? null : (JSON.parse(r.result) as FrameState['result']),
      shotCount: r.shotCount,
      turn: r.turn,
    }));
  }

  commit(id: string, expected: number, action: StoredAction, state: FrameState): CommitResult {
    return this.commitTx(id, expected, action, state);
  }

  close(): void {
    this.db.close();
  }
}
