import Database from 'better-sqlite3';
import type { ExperimentSpec } from '../play/experiment.js';
import { experimentId } from '../play/experiment.js';
import type { GameRecord } from '../play/record.js';
import { EXPERIMENT_MIGRATIONS } from './migrations.js';
import type { ExperimentStore, ExperimentSummaryRow } from './store.js';

/**
 * The embedded experiment store: one SQLite file (better-sqlite3), WAL, each
 * game committed in its own transaction as it finishes, so a run killed at
 * any moment loses only the games in flight.
 */
export class SqliteExperimentStore implements ExperimentStore {
  private readonly db: Database.Database;

  constructor(path: string) {
    this.db = new Database(path);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    this.db.pragma('foreign_keys = ON');
    // A second process (a report, a coordinator restarting) waits instead of failing.
    this.db.pragma('busy_timeout = 5000');
    this.migrate();
  }

  private migrate(): void {
    const at = this.db.pragma('user_version', { simple: true }) as number;
    for (const m of EXPERIMENT_MIGRATIONS) {
      if (m.version <= at) continue;
      this.db.transaction(() => {
        this.db.exec(m.sql);
        this.db.pragma(`user_version = ${m.version}`);
      })();
    }
  }

  open(spec: ExperimentSpec): string {
    const id = experimentId(spec);
    this.db
      // The latest run's definition: its games and SPRT are what `report` counts against.
      .prepare(
        'INSERT INTO experiments (id, spec, created) VALUES (?, ?, ?) ON CONFLICT (id) DO UPDATE SET spec = excluded.spec',
      )
      .run(id, JSON.stringify(spec), new Date().toISOString());
    return id;
  }

  spec(id: string): ExperimentSpec | null {
    const row = this.db.prepare('SELECT spec FROM experiments WHERE id = ?').get(id) as
      | { spec: string }
      | undefined;
    return row ? (JSON.parse(row.spec) as ExperimentSpec) : null;
  }

  games(id: string): Map<number, GameRecord> {
    const rows = this.db
      .prepare('SELECT idx, record FROM games WHERE experiment = ? ORDER BY idx')
      .all(id) as { idx: number; record: string }[];
    return new Map(rows.map((r) => [r.idx, JSON.parse(r.record) as GameRecord]));
  }

  save(id: string, index: number, record: GameRecord): boolean {
    const winner = record.frames[0]?.winner ?? null;
    const r = this.db
      .prepare(
        'INSERT OR IGNORE INTO games (experiment, idx, winner, record, finished) VALUES (?, ?, ?, ?, ?)',
      )
      .run(id, index, winner, JSON.stringify(record), new Date().toISOString());
    return r.changes === 1;
  }

  experiments(): ExperimentSummaryRow[] {
    const rows = this.db
      .prepare(
        `SELECT e.id, e.spec, e.created, COUNT(g.idx) AS games
         FROM experiments e LEFT JOIN games g ON g.experiment = e.id
         GROUP BY e.id ORDER BY e.created`,
      )
      .all() as { id: string; spec: string; created: string; games: number }[];
    return rows.map((r) => ({
      id: r.id,
      spec: JSON.parse(r.spec) as ExperimentSpec,
      games: r.games,
      created: r.created,
    }));
  }

  close(): void {
    this.db.close();
  }
}
