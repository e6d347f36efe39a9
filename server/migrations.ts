/**
 * The SQLite schema, as numbered migrations kept in the repository. Each
 * runs once, in order, in a transaction; `PRAGMA user_version` records the
 * last one applied. Never edit a migration that has shipped: add the next.
 */
export interface Migration {
  readonly version: number;
  readonly description: string;
  readonly sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    description: 'games and their actions',
    sql: `
      CREATE TABLE games (
        id        TEXT PRIMARY KEY,
        setup     TEXT NOT NULL,    -- JSON: rules, table, seed, breaker, seats
        state     TEXT NOT NULL,    -- JSON: the FrameState at \`version\`
        version   INTEGER NOT NULL, -- 1 when created, +1 per accepted action
        over      INTEGER NOT NULL DEFAULT 0,
        created   TEXT NOT NULL,
        updated   TEXT NOT NULL
      ) STRICT;
      CREATE TABLE actions (
        game_id   TEXT NOT NULL REFERENCES games(id),
        n         INTEGER NOT NULL, -- 0-based action number in the game
        version   INTEGER NOT NULL, -- the game's version after this action
        body      TEXT NOT NULL,    -- JSON: the stored action (server/store.ts StoredAction)
        state     TEXT NOT NULL,    -- JSON: the state after it
        created   TEXT NOT NULL,
        PRIMARY KEY (game_id, n)
      ) STRICT;
    `,
  },
  {
    version: 2,
    description: 'games by last update, for the list of games',
    // GET /v1/games pages through (updated, id), newest first: with this index a page is a
    // range scan of `limit` entries, not a sort of every game.
    sql: `
      CREATE INDEX games_by_updated ON games (updated, id);
    `,
  },
];
