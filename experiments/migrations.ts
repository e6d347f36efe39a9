/**
 * The experiment store's SQLite schema, numbered migrations kept in the
 * repository: each runs once, in order, in a transaction, and
 * `PRAGMA user_version` records the last one applied. A shipped migration is
 * never edited: the next one is added.
 */
export interface Migration {
  readonly version: number;
  readonly description: string;
  readonly sql: string;
}

export const EXPERIMENT_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    description: 'experiments and their games',
    sql: `
      CREATE TABLE experiments (
        id        TEXT PRIMARY KEY,  -- the digest of spec
        spec      TEXT NOT NULL,     -- JSON: play/experiment.ts ExperimentSpec
        created   TEXT NOT NULL
      ) STRICT;
      CREATE TABLE games (
        experiment TEXT NOT NULL REFERENCES experiments(id),
        idx        INTEGER NOT NULL, -- the game's index: its seed and breaker
        winner     INTEGER,          -- 0, 1, or NULL (no winner)
        record     TEXT NOT NULL,    -- JSON: the game record (pool8/game/1, one frame)
        finished   TEXT NOT NULL,
        PRIMARY KEY (experiment, idx)
      ) STRICT;
    `,
  },
];
