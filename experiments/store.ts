import type { ExperimentSpec } from '../play/experiment.js';
import type { GameRecord } from '../play/record.js';

/**
 * Where an experiment's games are kept as they finish (experiments/sqliteStore.ts
 * is the embedded one). Saving is idempotent by game index: a game played
 * twice — a queue job retried after its worker died, a resumed run — is
 * stored once, the first time.
 */
export interface StoredGame {
  readonly index: number;
  /** The game's record (one frame), as `pool8 replay` reads it. */
  readonly record: GameRecord;
}

export interface ExperimentSummaryRow {
  readonly id: string;
  readonly spec: ExperimentSpec;
  readonly games: number;
  readonly created: string;
}

export interface ExperimentStore {
  /** The experiment with this definition, made if new; its id is the definition's digest. */
  open(spec: ExperimentSpec): string;
  spec(id: string): ExperimentSpec | null;
  /** The finished games of an experiment, by index. */
  games(id: string): Map<number, GameRecord>;
  /** Stores a finished game, committed before it returns; false if that index was stored already. */
  save(id: string, index: number, record: GameRecord): boolean;
  experiments(): ExperimentSummaryRow[];
  close(): void;
}
