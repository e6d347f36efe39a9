import type { Command } from 'commander';
import { PoolEvaluator } from '../../ai/pool.js';
import { PRESETS, type RulesPreset } from '../../engine/rules.js';
import type { TableSize } from '../../engine/table.js';
import { type FrameRecord, levelOf, noiseOf } from '../../play/game.js';
import {
  breakAndRun,
  type MatchSummary,
  percentile,
  playMatch,
  scoreOfA,
  summarise,
} from '../../play/match.js';
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
    .option('--json', 'print the summary as JSON')
    .addHelpText(
      'after',
      `
Examples:
  $ pool8 match --a olympiad --b greedy --games 100 --seed 1
  $ pool8 match --a olympiad --b pro --games 1000 --sprt 0,50
  $ pool8 match --a pro --b amateur --games 40 --out games.jsonl && pool8 replay games.jsonl`,
    )
    .action(async (o: MatchOptions) => {
      const games = o.games + (o.games % 2);
      const names = [playerName(o.a), playerName(o.b)] as const;
      const players = seatsOf(o);
      // Opened now: an unwritable --out is refused before the first game.
      const out = o.out === undefined ? null : new OutputFile(o.out);
      const evaluator = new PoolEvaluator(o.threads);
      const bar = progress(`${names[0]} vs ${names[1]}`, games);
      // Ctrl-C: finish the game in flight's bookkeeping, stop, report what was played; twice: quit.
      let interrupted = false;
      const onInterrupt = () => {
        if (interrupted) process.exit(130);
        interrupted = true;
        process.stderr.write(
          '\ninterrupted: stopping after the game in flight (Ctrl-C again to quit now)\n',
        );
      };
      process.on('SIGINT', onInterrupt);
      let w = 0;
      let l = 0;
      let runs = 0;
      let llr = '';
      const test = (frames: readonly FrameRecord[]) => sprt(frames.map(scoreOfA), ...o.sprt!);
      try {
        const deciders = makeDeciders(players, { evaluator, now: () => performance.now() });
        const r = await playMatch(
          { seed: o.seed, games, rules: o.rules, table: o.table, players, maxShots: o.maxShots },
          deciders,
          {
            now: () => performance.now(),
            cancelled: () => interrupted,
            ...(o.sprt
              ? {
                  stop: (frames: readonly FrameRecord[]) => {
                    const t = test(frames);
                    llr = `, LLR ${t.llr.toFixed(2)}`;
                    return t.result !== null;
                  },
                }
              : {}),
            onGame: (done: number, frame: FrameRecord) => {
              if (frame.winner === 0) w++;
              else if (frame.winner === 1) l++;
              if (breakAndRun(frame)) runs++;
              bar(done, `A ${w}–${l} B, break-and-run ${runs}${llr}`);
              if (out) {
                const rec = gameRecord(players, PRESETS[o.rules], o.table, o.seed, [frame]);
                out.line(JSON.stringify(rec));
              }
            },
          },
        );
        if (!r.ok) throw new CliError(r.error.code, r.error.message, EXIT.rejected);
        if (r.value.length < games)
          process.stderr.write(
            `${process.stderr.isTTY ? '\n' : ''}${interrupted ? 'interrupted' : 'the SPRT decided'} after ${r.value.length} of ${games} games\n`,
          );
        const summary = summarise(r.value);
        const verdict = o.sprt ? test(r.value) : null;
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
            `${o.noise ? `${noiseLine(players)}\n` : ''}${thinksOtherwise(o) ? `${budgetLine(players)}\n` : ''}${formatSummary(summary, names)}\n${verdict ? `${formatSprt(verdict, r.value.length)}\n` : ''}`,
          );
      } finally {
        process.off('SIGINT', onInterrupt);
        out?.close();
        await evaluator.close();
      }
    });
}
