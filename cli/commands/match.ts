import { existsSync, statSync } from 'node:fs';
import type { Command } from 'commander';
import { PoolEvaluator } from '../../ai/pool.js';
import { ok } from '../../engine/result.js';
import { PRESETS, type RulesPreset } from '../../engine/rules.js';
import type { TableSize } from '../../engine/table.js';
import { SqliteExperimentStore } from '../../experiments/sqliteStore.js';
import { decidedPrefix, experimentId, experimentSpec, playGames } from '../../play/experiment.js';
import { type FrameRecord, levelOf, noiseOf, type PlayerSpec } from '../../play/game.js';
import { breakAndRun, type InningTally } from '../../play/innings.js';
import { type MatchSummary, percentile, scoreOfA, summarise } from '../../play/match.js';
import { makeDeciders, playerName } from '../../play/players.js';
import { gameRecord } from '../../play/record.js';
import { type Sprt, sprt } from '../../play/stats.js';
import { CliError, EXIT, OutputFile, printJson } from '../io.js';
import {
  budgetLine,
  gameOptions,
  intOption,
  noiseLine,
  progress,
  type SeatOptions,
  seatsOf,
  thinksOtherwise,
} from '../options.js';
import { END_WORDS } from './play.js';

interface MatchOptions extends SeatOptions {
  games: number;
  seed: number;
  rules: RulesPreset;
  table: TableSize;
  threads: number;
  out?: string;
  json?: boolean;
  maxShots: number;
  sprt?: [number, number];
  db?: string;
  queue?: string;
  concurrency: number;
  force?: boolean;
}

const pc = (x: number) => `${(x * 100).toFixed(1)}%`;

/** `--sprt elo0,elo1`: two Elo differences of A − B, the first below the second. */
function sprtOption(v: string): [number, number] {
  const parts = v.split(',').map((x) => Number(x.trim()));
  if (parts.length !== 2 || parts.some((x) => !Number.isFinite(x)) || parts[0]! >= parts[1]!)
    throw new CliError(
      'E_INPUT_BAD_OPTION',
      `--sprt must be two Elo differences elo0,elo1 with elo0 < elo1 (e.g. 0,50), not ${JSON.stringify(v)}`,
    );
  return [parts[0]!, parts[1]!];
}

function formatSprt(t: Sprt, games: number): string {
  const verdict =
    t.result === 'H1'
      ? `H1 accepted: A − B ≥ ${t.elo1} rather than ${t.elo0}`
      : t.result === 'H0'
        ? `H0 accepted: A − B ≤ ${t.elo0} rather than ${t.elo1}`
        : 'no verdict yet';
  return `SPRT elo0 ${t.elo0}, elo1 ${t.elo1} (α ${t.alpha}, β ${t.beta}): LLR ${t.llr.toFixed(2)} (${t.lower.toFixed(2)} … ${t.upper.toFixed(2)}) after ${games} games, ${verdict}`;
}

export function formatSummary(s: MatchSummary, names: readonly [string, string]): string {
  const e = s.elo;
  const lines = [
    `games ${s.games}: A (${names[0]}) ${s.wins} W / ${s.losses} L / ${s.draws} D — score ${pc(e.score)}`,
    `Elo A − B: ${fmt(e.elo)} (95% ${fmt(e.eloLow)} … ${fmt(e.eloHigh)}; ${asUnits(e.pairs, e.effectiveGames, 'games')}), LOS ${pc(e.los)}`,
    `pairs by A's points 0, ½, 1, 1½, 2 (pentanomial): ${e.pentanomial.join(' ')}`,
  ];
  for (const p of [0, 1] as const) {
    const seat = s.seats[p]!;
    const ms = seat.decisionMs;
    lines.push(
      `${'AB'[p]} ${names[p].padEnd(16)} break-and-run ${seat.breakAndRuns}/${seat.breaks} (${pc(seat.breaks ? seat.breakAndRuns / seat.breaks : 0)}; ` +
        `breaks kept ${seat.keptBreaks}, run out after one ${pc(seat.keptBreaks ? seat.breakAndRuns / seat.keptBreaks : 0)}), ` +
        `fouls/game ${(seat.fouls / Math.max(1, s.games)).toFixed(2)}, shots/game ${(seat.shots / Math.max(1, s.games)).toFixed(1)}` +
        (ms.length
          ? `, decision ms p50 ${percentile(ms, 50).toFixed(0)} p95 ${percentile(ms, 95).toFixed(0)} max ${Math.max(...ms).toFixed(0)}`
          : ''),
    );
  }
  for (const p of [0, 1] as const)
    if (s.seats[p]!.breaks > 0) lines.push(`${'AB'[p]} ${formatInnings(s.seats[p]!.firstInnings)}`);
  const br = s.breakAndRun;
  lines.push(
    `break-and-run, every frame: ${br.hits}/${br.games} (${pc(br.rate)}, 95% ${pc(br.low)} … ${pc(br.high)}; ` +
      `${asUnits(br.pairs, br.effectiveGames, 'frames')})`,
  );
  lines.push('end reasons:');
  for (const [k, v] of Object.entries(s.endReasons))
    if (v > 0) lines.push(`  ${String(v).padStart(5)}  ${END_WORDS[k] ?? k}`);
  return lines.join('\n');
}

const AFTER_KEPT = ['miss', 'safety', 'foul'] as const;

/**
 * "first innings: run out 75; break: foul 34, dry 29, choice 2; then miss 45
 * (on the 8 10, 1 left 8, 2 left 9, 3+ left 18), …": where the breaker's runs
 * ended (play/innings.ts).
 */
export function formatInnings(t: InningTally): string {
  const e = t.ends;
  const byLeft = (k: (typeof AFTER_KEPT)[number]) => {
    const { byLeft: n, open } = t.left[k];
    const more = n.slice(3).reduce((a, b) => a + b, 0);
    const parts = [`on the 8 ${n[0]}`, `1 left ${n[1]}`, `2 left ${n[2]}`, `3+ left ${more}`];
    if (open > 0) parts.push(`open table ${open}`);
    return `${k} ${e[k]} (${parts.join(', ')})`;
  };
  const rest = [
    ...AFTER_KEPT.map(byLeft),
    ...(e.lost ? [`lost ${e.lost}`] : []),
    ...(e.other ? [`other ${e.other}`] : []),
  ];
  return (
    `first innings: run out ${e.runOut}; break: foul ${e.breakFoul}, dry ${e.breakDry}, choice ${e.breakChoice}; ` +
    `then ${rest.join(', ')}`
  );
}

/** How an interval with the pairs as units was made: "50 pairs as units, worth 61 independent frames". */
function asUnits(pairs: number, effective: number, what: string): string {
  return `${pairs} pair${pairs === 1 ? '' : 's'} as units, worth ${effective.toFixed(0)} independent ${what}`;
}

function fmt(x: number): string {
  if (!Number.isFinite(x)) return x > 0 ? '+inf' : '-inf';
  return `${x >= 0 ? '+' : ''}${x.toFixed(0)}`;
}

export function registerMatch(program: Command): void {
  gameOptions(program.command('match'))
    .description(
      'paired games between two players (each rack twice, breaker swapped, same random streams) with statistics',
    )
    .option('--games <n>', 'games (rounded up to pairs)', intOption('--games', 1, 1_000_000), 100)
    .option('--seed <n>', 'root seed', intOption('--seed'), 1)
    .option(
      '--out <file>',
      'write every game record to FILE as JSON lines (pool8 replay FILE checks them)',
    )
    .option(
      '--sprt <elo0,elo1>',
      'stop when the SPRT (α = β = 0.05, pairs as units) decides between A − B = elo0 and = elo1; --games is then the most',
      sprtOption,
    )
    .option(
      '--db <file>',
      'keep the experiment in FILE (SQLite): every game committed as it finishes; run the same command again to resume',
    )
    .option(
      '--concurrency <n>',
      'games played at once over the worker pool (the records are the same whatever N)',
      intOption('--concurrency', 1, 256),
      1,
    )
    .option(
      '--queue <redis-url>',
      'publish the pairs as BullMQ jobs on Redis for `pool8 worker`s to play (needs --db)',
    )
    .option('--force', 'overwrite an existing --out file')
    .option('--json', 'print the summary as JSON')
    .addHelpText(
      'after',
      `
Examples:
  $ pool8 match --a olympiad --b greedy --games 100 --seed 1
  $ pool8 match --a olympiad --b pro --games 1000 --sprt 0,50
  $ pool8 match --a pro --b amateur --games 40 --out games.jsonl && pool8 replay games.jsonl
  $ pool8 match --a olympiad --b greedy --games 400 --db results.sqlite --concurrency 2   # again to resume
  $ pool8 report results.sqlite`,
    )
    .action(async (o: MatchOptions) => {
      await runMatch(o);
    });
}

/** `--out`: refused when the file exists and is not empty, unless --force (nothing is overwritten silently). */
function exportFile(path: string | undefined, force: boolean | undefined): OutputFile | null {
  if (path === undefined) return null;
  if (!force && existsSync(path) && statSync(path).size > 0)
    throw new CliError(
      'E_OUTPUT_EXISTS',
      `${path} exists and is not empty: give another file, or --force to overwrite it (with --db the games are kept in the store anyway)`,
    );
  return new OutputFile(path);
}

export async function runMatch(o: MatchOptions): Promise<void> {
  const games = o.games + (o.games % 2);
  const names = [playerName(o.a), playerName(o.b)] as const;
  const players = seatsOf(o);
  const spec = experimentSpec({
    players,
    rules: PRESETS[o.rules],
    table: o.table,
    seed: o.seed,
    games,
    maxShots: o.maxShots,
    sprt: o.sprt ?? null,
  });
  // Opened now: an unwritable or existing --out, an unreadable --db, are refused before any game.
  const out = exportFile(o.out, o.force);
  if (o.queue !== undefined && o.db === undefined)
    throw new CliError(
      'E_INPUT_QUEUE_NEEDS_DB',
      '--queue needs --db FILE: the store the returned games go to',
    );
  const store = o.db === undefined ? null : openStore(o.db);
  const id = store?.open(spec) ?? experimentId(spec);
  const played = new Map<number, FrameRecord>();
  // Games past this run's --games (an earlier, longer run) stay in the store, not counted here.
  for (const [g, rec] of store?.games(id) ?? []) if (g < games) played.set(g, rec.frames[0]!);
  const test = (frames: readonly FrameRecord[]) => sprt(frames.map(scoreOfA), ...o.sprt!);
  const decides = (frames: readonly FrameRecord[]) => test(frames).result !== null;
  if (store && played.size > 0)
    process.stderr.write(
      `experiment ${id} in ${o.db}: ${played.size} games stored${played.size >= games ? '' : `; playing the other ${games - [...played.keys()].filter((g) => g < games).length} of ${games}`}\n`,
    );
  const recordOf = (frame: FrameRecord) =>
    gameRecord(players, PRESETS[o.rules], o.table, o.seed, [frame]);
  for (const g of [...played.keys()].sort((a, b) => a - b))
    out?.line(JSON.stringify(recordOf(played.get(g)!)));

  const evaluator = new PoolEvaluator(o.threads);
  const bar = progress(`${names[0]} vs ${names[1]}`, games);
  // Ctrl-C: start no more games, keep those finished, report what was played; twice: quit.
  let interrupted = false;
  const onInterrupt = () => {
    if (interrupted) process.exit(130);
    interrupted = true;
    process.stderr.write(
      '\ninterrupted: finishing the games in flight (Ctrl-C again to quit now)\n',
    );
  };
  process.on('SIGINT', onInterrupt);
  let decided = decidedPrefix(spec, played, decides).decided;
  let w = 0;
  let l = 0;
  let runs = 0;
  for (const f of played.values()) {
    if (f.winner === 0) w++;
    else if (f.winner === 1) l++;
    if (breakAndRun(f)) runs++;
  }
  try {
    const deciders = makeDeciders(players, { evaluator, now: () => performance.now() });
    const missing = Array.from({ length: games }, (_, g) => g).filter((g) => !played.has(g));
    const onGame = (g: number, frame: FrameRecord) => {
      played.set(g, frame);
      if (frame.winner === 0) w++;
      else if (frame.winner === 1) l++;
      if (breakAndRun(frame)) runs++;
      if (o.sprt) decided = decidedPrefix(spec, played, decides).decided;
      bar(played.size, `A ${w}–${l} B, break-and-run ${runs}`);
    };
    if (o.queue !== undefined && !decided) {
      // The pairs go to `pool8 worker`s through Redis; the store gets what they
      // return. bullmq loads only here: importing it costs every other run a
      // third of a second.
      const { coordinate } = await import('../../experiments/queue.js');
      await coordinate(spec, store!, o.queue, missing, {
        stop: () => interrupted || decided,
        onGame: (g, rec) => {
          out?.line(JSON.stringify(rec));
          onGame(g, rec.frames[0]!);
        },
      });
    }
    const r =
      decided || o.queue !== undefined
        ? ok(new Map<number, FrameRecord>())
        : await playGames(spec, missing, deciders, o.concurrency, {
            now: () => performance.now(),
            stop: () => interrupted || decided,
            onGame: (g, frame) => {
              const rec = recordOf(frame);
              store?.save(id, g, rec);
              out?.line(JSON.stringify(rec));
              onGame(g, frame);
            },
          });
    if (!r.ok) throw new CliError(r.error.code, r.error.message, EXIT.rejected);
    const counted = decidedPrefix(spec, played, decides).frames;
    if (counted.length < games)
      process.stderr.write(
        `${process.stderr.isTTY ? '\n' : ''}${interrupted ? 'interrupted' : 'the SPRT decided'} after ${counted.length} of ${games} games${played.size > counted.length ? ` (${played.size - counted.length} more played, counted once the games before them are)` : ''}\n`,
      );
    printSummary(o, names, players, counted);
  } finally {
    process.off('SIGINT', onInterrupt);
    out?.close();
    store?.close();
    await evaluator.close();
  }
}

function openStore(path: string): SqliteExperimentStore {
  try {
    return new SqliteExperimentStore(path);
  } catch (e) {
    throw new CliError(
      'E_OUTPUT_UNWRITABLE',
      `cannot open the store ${path}: ${(e as Error).message}`,
    );
  }
}

/** The summary `match` and `report` print: text, or JSON with --json. */
export function printSummary(
  o: {
    json?: boolean;
    noise?: unknown;
    sprt?: readonly [number, number] | null;
    seed: number;
    rules: string;
    table: string;
  } & Partial<SeatOptions>,
  names: readonly [string, string],
  players: readonly [PlayerSpec, PlayerSpec],
  frames: readonly FrameRecord[],
): void {
  const summary = summarise(frames);
  const verdict = o.sprt ? sprt(frames.map(scoreOfA), o.sprt[0], o.sprt[1]) : null;
  if (o.json)
    printJson(
      {
        players: names,
        noise: players.map(noiseOf),
        budget: players.map((p) => (p.strategy === 'planner' ? levelOf(p).budget : null)),
        timeLimitMs: players.map((p) => p.timeLimitMs ?? null),
        seed: o.seed,
        rules: o.rules,
        table: o.table,
        ...summary,
        ...(verdict ? { sprt: verdict } : {}),
      },
      false,
    );
  else
    process.stdout.write(
      `${o.noise ? `${noiseLine(players)}\n` : ''}${o.a !== undefined && thinksOtherwise(o as SeatOptions) ? `${budgetLine(players)}\n` : ''}${formatSummary(summary, names)}\n${verdict ? `${formatSprt(verdict, frames.length)}\n` : ''}`,
    );
}
