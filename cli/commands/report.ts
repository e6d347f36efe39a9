import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import type { Command } from 'commander';
import { firstProblem, problemText } from '../../engine/validator.js';
import { SqliteExperimentStore } from '../../experiments/sqliteStore.js';
import { decidedPrefix, experimentId } from '../../play/experiment.js';
import type { FrameRecord, PlayerSpec } from '../../play/game.js';
import { scoreOfA } from '../../play/match.js';
import { playerName } from '../../play/players.js';
import { type GameRecord, GameRecordSchema } from '../../play/record.js';
import { sprt } from '../../play/stats.js';
import { CliError } from '../io.js';
import { printSummary } from './match.js';

/**
 * `pool8 report`: the summary `match` prints, from what a match left behind —
 * an experiment store (`--db`) or a JSON-lines export (`--out`). From a
 * store, the games are counted in game order up to the first one missing
 * (or to where the SPRT decided), so a report equals the match's own.
 */
function isSqlite(path: string): boolean {
  const fd = openSync(path, 'r');
  try {
    const head = Buffer.alloc(16);
    readSync(fd, head, 0, 16, 0);
    return head.toString('latin1') === 'SQLite format 3\0';
  } finally {
    closeSync(fd);
  }
}

interface ReportOptions {
  json?: boolean;
  experiment?: string;
}

function fromStore(path: string, o: ReportOptions): void {
  const store = new SqliteExperimentStore(path);
  try {
    const all = store.experiments();
    if (all.length === 0)
      throw new CliError('E_INPUT_NO_EXPERIMENT', `${path} holds no experiment`);
    const chosen = o.experiment ? all.filter((e) => e.id === o.experiment) : all;
    if (chosen.length === 0)
      throw new CliError(
        'E_INPUT_NO_EXPERIMENT',
        `no experiment ${o.experiment} in ${path}; it holds ${all.map((e) => e.id).join(', ')}`,
      );
    for (const e of chosen) {
      const spec = e.spec;
      const played = new Map<number, FrameRecord>();
      for (const [g, rec] of store.games(experimentId(spec))) played.set(g, rec.frames[0]!);
      const decides = (frames: readonly FrameRecord[]) =>
        spec.sprt !== null &&
        sprt(frames.map(scoreOfA), spec.sprt[0], spec.sprt[1]).result !== null;
      const { frames } = decidedPrefix(spec, played, decides);
      const players = spec.players as readonly [PlayerSpec, PlayerSpec];
      const names = [playerName(players[0]), playerName(players[1])] as const;
      if (!o.json)
        process.stdout.write(
          `experiment ${e.id}: ${names[0]} vs ${names[1]}, seed ${spec.seed}, ${frames.length} of ${spec.games} games counted (${played.size} stored)\n`,
        );
      printSummary(
        {
          json: o.json,
          seed: spec.seed,
          rules: spec.rules.preset,
          table: spec.table,
          sprt: spec.sprt,
        },
        names,
        players,
        frames,
      );
    }
  } finally {
    store.close();
  }
}

function fromLines(path: string, o: ReportOptions): void {
  const text = readFileSync(path, 'utf8');
  const lines = text.split('\n').filter((l) => l.trim() !== '');
  const records: GameRecord[] = [];
  for (const [i, line] of lines.entries()) {
    let doc: unknown;
    try {
      doc = JSON.parse(line);
    } catch {
      // A file cut short ends in a torn line: the whole records before it count.
      if (i === lines.length - 1 && !text.endsWith('\n')) {
        process.stderr.write(`record ${i + 1} is cut short; reporting the ${i} before it\n`);
        break;
      }
      throw new CliError('E_INPUT_NOT_JSON', `record ${i + 1} is not valid JSON`);
    }
    const p = firstProblem(GameRecordSchema, doc, `record ${i + 1}`);
    if (p !== null) throw new CliError('E_INPUT_BAD_RECORD', problemText(p));
    records.push(doc as GameRecord);
  }
  if (records.length === 0) throw new CliError('E_INPUT_NO_EXPERIMENT', `${path} holds no record`);
  const players = records[0]!.players as readonly [PlayerSpec, PlayerSpec];
  const names = [playerName(players[0]), playerName(players[1])] as const;
  printSummary(
    {
      json: o.json,
      seed: records[0]!.seed,
      rules: records[0]!.rules.preset,
      table: records[0]!.table,
    },
    names,
    players,
    records.flatMap((r) => r.frames),
  );
}

export function registerReport(program: Command): void {
  program
    .command('report')
    .description(
      'summarise a match from its store (--db FILE) or its JSON-lines records (--out FILE)',
    )
    .argument('<file>', 'an experiment store (SQLite) or game records, one per line')
    .option('--experiment <id>', 'one experiment of a store (default: every one)')
    .option('--json', 'print the summary as JSON')
    .addHelpText(
      'after',
      `
Examples:
  $ pool8 report results.sqlite
  $ pool8 report games.jsonl --json`,
    )
    .action((file: string, o: ReportOptions) => {
      let sqlite: boolean;
      try {
        sqlite = isSqlite(file);
      } catch (e) {
        throw new CliError('E_INPUT_UNREADABLE', `cannot read ${file}: ${(e as Error).message}`);
      }
      if (sqlite) fromStore(file, o);
      else fromLines(file, o);
    });
}
