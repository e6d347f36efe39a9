import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import type { Command } from 'commander';
import { firstProblem, problemText } from '../../engine/validator.js';
import { SqliteExperimentStore } from '../../experiments/sqliteStore.js';
import { compareFrames } from '../../play/compare.js';
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
  against?: string;
  againstExperiment?: string;
}

/** The games of one experiment, from a store or a JSON-lines export, for a comparison. */
interface Played {
  readonly path: string;
  readonly names: readonly [string, string];
  readonly table: string;
  readonly frames: readonly FrameRecord[];
}

function playedIn(path: string, experiment: string | undefined): Played {
  if (!readable(path)) return fromLinesFrames(path);
  const store = new SqliteExperimentStore(path);
  try {
    const all = store.experiments();
    const chosen = experiment ? all.filter((e) => e.id === experiment) : all;
    if (chosen.length !== 1)
      throw new CliError(
        'E_INPUT_NO_EXPERIMENT',
        chosen.length === 0
          ? `no experiment ${experiment ?? ''} in ${path}; it holds ${all.map((e) => e.id).join(', ') || 'none'}`
          : `${path} holds ${chosen.length} experiments (${chosen.map((e) => e.id).join(', ')}): name one`,
      );
    const spec = chosen[0]!.spec;
    const players = spec.players as readonly [PlayerSpec, PlayerSpec];
    return {
      path,
      names: [playerName(players[0]), playerName(players[1])],
      table: spec.table,
      frames: [...store.games(experimentId(spec)).values()].map((r) => r.frames[0]!),
    };
  } finally {
    store.close();
  }
}

function fromLinesFrames(path: string): Played {
  const records = readRecords(path);
  const players = records[0]!.players as readonly [PlayerSpec, PlayerSpec];
  return {
    path,
    names: [playerName(players[0]), playerName(players[1])],
    table: records[0]!.table,
    frames: records.flatMap((r) => r.frames),
  };
}

function readable(path: string): boolean {
  try {
    return isSqlite(path);
  } catch (e) {
    throw new CliError('E_INPUT_UNREADABLE', `cannot read ${path}: ${(e as Error).message}`);
  }
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

/** `report FIRST --against SECOND`: player A of each on the deals both played. */
function compare(o: ReportOptions, first: Played, second: Played): void {
  if (first.table !== second.table)
    throw new CliError(
      'E_INPUT_NOT_PAIRED',
      `${first.path} was played on the ${first.table} table and ${second.path} on the ${second.table}: not the same racks`,
    );
  const c = compareFrames(first.frames, second.frames);
  if (c === null)
    throw new CliError(
      'E_INPUT_NOT_PAIRED',
      `${first.path} and ${second.path} share no rack (same seed and breaker): run both with the same --seed`,
    );
  if (o.json) {
    process.stdout.write(
      `${JSON.stringify({ first: { path: first.path, players: first.names }, second: { path: second.path, players: second.names }, ...c }, null, 2)}\n`,
    );
    return;
  }
  process.stdout.write(
    `${[
      `first:  ${first.path}: ${first.names[0]} vs ${first.names[1]}`,
      `second: ${second.path}: ${second.names[0]} vs ${second.names[1]}`,
      `${c.games} games on the same deals (${c.racks} racks; left out: ${c.unmatched[0]} of the first, ${c.unmatched[1]} of the second)`,
      `A's score: ${pct(c.scoreA[0])} first, ${pct(c.scoreA[1])} second; second − first ${c.difference >= 0 ? '+' : ''}${pct(c.difference)} (95% ${pct(c.low)} … ${pct(c.high)}, racks as units)`,
      `games A won only in the first: ${c.wins.onlyFirst}, only in the second: ${c.wins.onlySecond}; McNemar exact two-sided P = ${c.wins.p.toPrecision(3)}`,
    ].join('\n')}\n`,
  );
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

function readRecords(path: string): GameRecord[] {
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
  return records;
}

function fromLines(path: string, o: ReportOptions): void {
  const records = readRecords(path);
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
    .option(
      '--against <file>',
      'compare player A with another experiment on the same racks (same --seed): score difference with racks as units, McNemar on wins',
    )
    .option(
      '--against-experiment <id>',
      'the experiment of the --against store (default: its only one)',
    )
    .option('--json', 'print the summary as JSON')
    .addHelpText(
      'after',
      `
Examples:
  $ pool8 report results.sqlite
  $ pool8 report games.jsonl --json
  $ pool8 report base.sqlite --against more-samples.sqlite`,
    )
    .action((file: string, o: ReportOptions) => {
      if (o.against !== undefined) {
        compare(o, playedIn(file, o.experiment), playedIn(o.against, o.againstExperiment));
        return;
      }
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
