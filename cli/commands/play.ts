import type { Command } from 'commander';
import { PoolEvaluator } from '../../ai/pool.js';
import { PRESETS, type RulesPreset } from '../../engine/rules.js';
import type { TableSize } from '../../engine/table.js';
import type { FrameRecord, ShotEntry } from '../../play/game.js';
import { playFrame } from '../../play/game.js';
import { gameBreaker, gameSeed } from '../../play/match.js';
import { makeDeciders, playerName } from '../../play/players.js';
import { type GameRecord, gameRecord } from '../../play/record.js';
import { CliError, EXIT, OutputFile, printJson } from '../io.js';
import {
  budgetLine,
  gameOptions,
  intOption,
  noiseLine,
  type SeatOptions,
  seatsOf,
  thinksOtherwise,
} from '../options.js';

export const END_WORDS: Record<string, string> = {
  R1: '8 potted legally (R1)',
  R20A: '8 potted with a foul (R20A)',
  R20B: '8 with the last ball of the group (R20B)',
  R20C: '8 off the table (R20C)',
  R20D: '8 in the wrong pocket (R20D)',
  R20E: '8 potted early (R20E)',
  shotCap: 'shot cap (a draw)',
  stalemate: 'stalemate re-racks (R21)',
};

export function describeEntry(e: ShotEntry, names: readonly [string, string]): string {
  const who = `${'AB'[e.player]} ${names[e.player]}`.padEnd(18);
  let what: string;
  if (e.action === 'decide') what = `decides: ${e.option}`;
  else if (e.action === 'stalemate') what = 'declares a stalemate (R21)';
  else {
    const c = e.call;
    const call =
      c === null || c === undefined
        ? 'break/no call'
        : c.kind === 'safety'
          ? 'safety'
          : `${c.ball} → ${c.pocket}`;
    const s = e.intended!;
    const place = e.placement
      ? ` from (${e.placement.x.toFixed(2)}, ${e.placement.y.toFixed(2)})`
      : '';
    what = `${call.padEnd(14)} φ ${s.phi.toFixed(1)}° V ${s.V.toFixed(1)} b ${(s.b ?? 0).toFixed(1)}${place}`;
  }
  const out = [`→ ${e.verdict}`];
  if (e.credited.length) out.push(`credited ${e.credited.join(',')}`);
  if (e.stayDown.length) out.push(`down ${e.stayDown.join(',')}`);
  if (e.fouls.length) out.push(`FOUL ${e.fouls.join(',')}`);
  return `${String(e.n + 1).padStart(4)}  ${who} ${what.padEnd(56)} ${out.join('  ')}`;
}

export interface PlayOptions extends SeatOptions {
  frames: number;
  seed: number;
  rules: RulesPreset;
  table: TableSize;
  threads: number;
  json?: boolean;
  out?: string;
  maxShots: number;
}

export async function runPlay(o: PlayOptions): Promise<GameRecord> {
  const names = [playerName(o.a), playerName(o.b)] as const;
  const players = seatsOf(o); // before the pool starts: a bad --budget is refused at once
  const out = o.out === undefined ? null : new OutputFile(o.out); // unwritable: refused before any shot
  const evaluator = new PoolEvaluator(o.threads);
  if (o.noise && !o.json) process.stdout.write(`${noiseLine(players)}\n`);
  if (thinksOtherwise(o) && !o.json) process.stdout.write(`${budgetLine(players)}\n`);
  const frames: FrameRecord[] = [];
  try {
    const deciders = makeDeciders(players, { evaluator, now: () => performance.now() });
    for (let f = 0; f < o.frames; f++) {
      const seed = gameSeed(o.seed, f * 2);
      const breaker = gameBreaker(f);
      if (!o.json)
        process.stdout.write(
          `frame ${f + 1}: rack seed ${seed}, ${'AB'[breaker]} (${names[breaker]}) breaks\n`,
        );
      const r = await playFrame(
        { seed, breaker, rules: o.rules, table: o.table, players, maxShots: o.maxShots },
        deciders,
        {
          now: () => performance.now(),
          onShot: (e) => {
            if (!o.json) process.stdout.write(`${describeEntry(e, names)}\n`);
          },
        },
      );
      if (!r.ok) throw new CliError(r.error.code, r.error.message, EXIT.rejected);
      frames.push(r.value);
      if (!o.json) {
        const w = r.value.winner;
        process.stdout.write(
          `frame ${f + 1}: ${w === null ? 'no winner' : `${'AB'[w]} (${names[w]}) wins`} — ${END_WORDS[r.value.reason]}, ${r.value.shots.length} actions\n\n`,
        );
      }
    }
  } finally {
    await evaluator.close();
  }
  const record = gameRecord(players, PRESETS[o.rules], o.table, o.seed, frames);
  if (out) {
    out.line(JSON.stringify(record));
    out.close();
  }
  if (o.json) printJson(record, false);
  else {
    const wins = [0, 1].map((p) => frames.filter((f) => f.winner === p).length);
    process.stdout.write(`result: A (${names[0]}) ${wins[0]} – ${wins[1]} B (${names[1]})\n`);
  }
  return record;
}

export function registerPlay(program: Command): void {
  gameOptions(program.command('play'))
    .description('play frames between two players, printing every shot')
    .option(
      '--frames <n>',
      'frames to play (the break alternates, R4)',
      intOption('--frames', 1, 10_000),
      1,
    )
    .option('--seed <n>', 'root seed: racks and noise', intOption('--seed'), 1)
    .option('--json', 'print the game record (JSON) instead of the shot list')
    .option('--out <file>', 'also write the game record to FILE (replay it with pool8 replay FILE)')
    .addHelpText(
      'after',
      `
Examples:
  $ pool8 play                                  # olympiad planner vs greedy, one frame
  $ pool8 play --a pro --b amateur --frames 3 --seed 7
  $ pool8 play --out game.json && pool8 replay game.json`,
    )
    .action(async (opts: PlayOptions) => {
      await runPlay(opts);
    });
}
