import { type Command, Option } from 'commander';
import { describeBudget, overrideBudget } from '../ai/budget.js';
import { isLevelName, LEVEL_NAMES, LEVELS, type LevelName, type Noise } from '../ai/levels.js';
import { describeNoise, NOISE_BOUNDS, NOISE_FIELDS, overrideNoise } from '../ai/noise.js';
import { isRulesPreset, RULES_PRESETS, type RulesPreset } from '../engine/rules.js';
import { isTableSize, type TableSize } from '../engine/table.js';
import { levelOf, noiseOf, type PlayerSpec } from '../play/game.js';
import { parsePlayer } from '../play/players.js';
import { CliError } from './io.js';

/** Option parsers shared by the commands: each failure names the option (commander/piscina style). */
export function intOption(
  name: string,
  min = Number.MIN_SAFE_INTEGER,
  max = Number.MAX_SAFE_INTEGER,
) {
  return (v: string): number => {
    const n = Number(v);
    if (!Number.isInteger(n) || n < min || n > max) {
      throw new CliError(
        'E_INPUT_BAD_OPTION',
        `${name} must be a whole number from ${min} to ${max}, not ${JSON.stringify(v)}`,
      );
    }
    return n;
  };
}

export function playerOption(name: string) {
  return (v: string): PlayerSpec => {
    const p = parsePlayer(v);
    if (!p) {
      throw new CliError(
        'E_INPUT_BAD_PLAYER',
        `${name} must be a level (${LEVEL_NAMES.join(', ')}) or greedy / random, optionally :level (e.g. greedy:amateur); not ${JSON.stringify(v)}`,
      );
    }
    return p;
  };
}

/** An option's JSON value, or undefined when it is not JSON (the caller names the option and what it wants). */
function jsonOf(v: string): unknown {
  try {
    return JSON.parse(v);
  } catch {
    return undefined;
  }
}

/** `--noise JSON`: overrides of some execution-noise fields, checked against any level. */
export function noiseOption(v: string): Partial<Noise> {
  const o = jsonOf(v);
  // Any base will do: only the overrides are checked.
  if (overrideNoise(LEVELS.olympiad.noise, o) === null)
    throw new CliError(
      'E_INPUT_BAD_OPTION',
      `--noise must be a JSON object of ${NOISE_FIELDS.join(', ')}, each a number ≥ 0 (φ and θ in degrees, V in m/s, a and b in R) and at most the simulator's range (${NOISE_BOUNDS}), e.g. '{"phi":0.0625}'; not ${JSON.stringify(v)}`,
    );
  return o as Partial<Noise>;
}

/** The player with `--noise` applied over its own level's noise (so `greedy:amateur` keeps the rest of its own). */
export function withNoise(spec: PlayerSpec, overrides: Partial<Noise> | undefined): PlayerSpec {
  if (overrides === undefined) return spec;
  return { ...spec, noise: { ...noiseOf(spec), ...overrides } };
}

/** The line `play` and `match` print under `--noise`: the noise each seat shoots with. */
export function noiseLine(players: readonly [PlayerSpec, PlayerSpec]): string {
  const [a, b] = players.map((p) => describeNoise(noiseOf(p)));
  return a === b ? `execution noise (--noise): ${a}` : `execution noise (--noise): A ${a}; B ${b}`;
}

/** `--budget JSON` (and `--budget-a`, `--budget-b`): a JSON object, checked field by field against each player's own budget by `withBudget`. */
export function budgetOption(name: string) {
  return (v: string): Record<string, unknown> => {
    const o = jsonOf(v);
    if (typeof o !== 'object' || o === null || Array.isArray(o))
      throw new CliError(
        'E_INPUT_BAD_OPTION',
        `${name} must be a JSON object of budget fields (candidates, samples, finalists, finalSamples, potSamples, lookahead), e.g. '{"samples":24}'; not ${JSON.stringify(v)}`,
      );
    return o as Record<string, unknown>;
  };
}

/**
 * The planner with budget overrides applied over its own budget (its level's,
 * or one set before). Baselines have no budget: `--budget` passes them by,
 * and a seat's own `--budget-a` / `--budget-b` on one is refused.
 */
export function withBudget(
  spec: PlayerSpec,
  overrides: Record<string, unknown> | undefined,
  name: string,
  strict = false,
): PlayerSpec {
  if (overrides === undefined) return spec;
  if (spec.strategy !== 'planner') {
    if (!strict) return spec;
    throw new CliError(
      'E_INPUT_BAD_OPTION',
      `${name} sets a planner's budget; this seat plays ${spec.strategy}`,
    );
  }
  const r = overrideBudget(levelOf(spec).budget, overrides);
  if (!r.ok) throw new CliError('E_INPUT_BAD_OPTION', `${name}: ${r.error}`);
  return { ...spec, budget: r.value };
}

/** `--time-limit`: the planners stop their second level past it (ai/planner.ts); baselines ignore it. */
export function withTimeLimit(spec: PlayerSpec, ms: number | undefined): PlayerSpec {
  return ms === undefined || spec.strategy !== 'planner' ? spec : { ...spec, timeLimitMs: ms };
}

/** The line `play` and `match` print when a budget or time limit is set: how each planner thinks. */
export function budgetLine(players: readonly [PlayerSpec, PlayerSpec]): string {
  const one = (p: PlayerSpec) =>
    p.strategy !== 'planner'
      ? `${p.strategy} (no search)`
      : `${describeBudget(levelOf(p).budget)}${p.timeLimitMs !== undefined ? `; the second level stops at ${p.timeLimitMs} ms` : ''}`;
  return `budget: A ${one(players[0])}\n        B ${one(players[1])}`;
}

/** What `gameOptions` adds that shapes the two seats: who plays, and with what noise, budget and limit. */
export interface SeatOptions {
  a: PlayerSpec;
  b: PlayerSpec;
  noise?: Partial<Noise>;
  budget?: Record<string, unknown>;
  budgetA?: Record<string, unknown>;
  budgetB?: Record<string, unknown>;
  timeLimit?: number;
}

/** Both seats with the shared and per-seat options of `play` and `match` applied, in that order. */
export function seatsOf(o: SeatOptions): readonly [PlayerSpec, PlayerSpec] {
  const seat = (spec: PlayerSpec, own: Record<string, unknown> | undefined, name: string) =>
    withTimeLimit(
      withBudget(withBudget(withNoise(spec, o.noise), o.budget, '--budget'), own, name, true),
      o.timeLimit,
    );
  const seats = [seat(o.a, o.budgetA, '--budget-a'), seat(o.b, o.budgetB, '--budget-b')] as const;
  // Said once for both seats: an option that would change nothing is a mistake worth naming.
  if (o.a.strategy !== 'planner' && o.b.strategy !== 'planner') {
    const idle =
      o.budget !== undefined ? '--budget' : o.timeLimit !== undefined ? '--time-limit' : null;
    if (idle)
      throw new CliError(
        'E_INPUT_BAD_OPTION',
        `${idle} is for planners; neither seat is one (${o.a.strategy}, ${o.b.strategy})`,
      );
  }
  return seats;
}

/** True when the command line changed how a planner thinks (so `play` and `match` print `budgetLine`). */
export function thinksOtherwise(o: SeatOptions): boolean {
  return (
    o.budget !== undefined ||
    o.budgetA !== undefined ||
    o.budgetB !== undefined ||
    o.timeLimit !== undefined
  );
}

export function levelOption(v: string): LevelName {
  if (!isLevelName(v))
    throw new CliError('E_INPUT_BAD_OPTION', `--level must be one of ${LEVEL_NAMES.join(', ')}`);
  return v;
}

export function rulesOption(v: string): RulesPreset {
  if (!isRulesPreset(v))
    throw new CliError('E_INPUT_BAD_RULES', `--rules must be one of ${RULES_PRESETS.join(', ')}`);
  return v;
}

export function tableOption(v: string): TableSize {
  if (!isTableSize(v)) throw new CliError('E_INPUT_BAD_TABLE', '--table must be 9ft, 8ft or 7ft');
  return v;
}

/** "2h05m", "14m03s", "42s": a duration for a progress line. */
export function duration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  const [h, m, sec] = [Math.floor(s / 3600), Math.floor((s % 3600) / 60), s % 60];
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}h${two(m)}m` : m > 0 ? `${m}m${two(sec)}s` : `${sec}s`;
}

/**
 * A progress line on stderr: redrawn in place on a terminal, every 10 %
 * otherwise; with the time taken and, from the pace so far, the time left
 * (a 400-game match runs for tens of minutes).
 */
export function progress(
  label: string,
  total: number,
  now: () => number = () => performance.now(),
): (done: number, extra?: string) => void {
  let lastDecile = -1;
  const started = now();
  return (done, extra = '') => {
    const frac = total > 0 ? done / total : 1;
    const width = 24;
    const bar = '#'.repeat(Math.round(frac * width)).padEnd(width, '.');
    const spent = now() - started;
    const left =
      done > 0 && done < total ? `, about ${duration((spent / done) * (total - done))} left` : '';
    const line = `${label} [${bar}] ${done}/${total} ${extra}${extra ? ' ' : ''}(${duration(spent)}${left})`;
    if (process.stderr.isTTY) {
      process.stderr.write(`\r${line}\x1b[K${done === total ? '\n' : ''}`);
    } else {
      const decile = Math.floor(frac * 10);
      if (decile !== lastDecile || done === total) {
        lastDecile = decile;
        process.stderr.write(`${line}\n`);
      }
    }
  };
}

/** The options `play` and `match` share: the two players, rules, table, threads and the shot cap. */
export function gameOptions(cmd: Command): Command {
  return cmd
    .addOption(
      new Option(
        '--a <player>',
        'player A: olympiad | pro | amateur | beginner | greedy[:level] | random',
      )
        .argParser(playerOption('--a'))
        .default({ strategy: 'planner', level: 'olympiad' }, 'olympiad'),
    )
    .addOption(
      new Option('--b <player>', 'player B (same choices)')
        .argParser(playerOption('--b'))
        .default({ strategy: 'greedy', level: 'olympiad' }, 'greedy (olympiad noise)'),
    )
    .option('--rules <preset>', 'pl-bca | wpa', rulesOption, 'pl-bca')
    .option('--table <size>', '9ft | 8ft | 7ft', tableOption, '9ft')
    .option('--threads <n>', 'worker threads for the planner', intOption('--threads', 1, 64), 2)
    .option(
      '--noise <json>',
      "execution noise for both players instead of their levels' (both shoot and plan with it), e.g. '{\"phi\":0.0625}'",
      noiseOption,
    )
    .option(
      '--budget <json>',
      "the planners' budget over their levels' (candidates, samples, finalists, finalSamples, potSamples, lookahead), e.g. '{\"samples\":24}'",
      budgetOption('--budget'),
    )
    .option(
      '--budget-a <json>',
      'the same for player A only, over --budget',
      budgetOption('--budget-a'),
    )
    .option(
      '--budget-b <json>',
      'the same for player B only, over --budget',
      budgetOption('--budget-b'),
    )
    .option(
      '--time-limit <ms>',
      'planners start no more of their second level once a decision has taken this many ms, overrunning by the tasks already running (decisions then depend on the machine)',
      intOption('--time-limit', 1, 3_600_000),
    )
    .option(
      '--max-shots <n>',
      'actions before a frame is called a draw',
      intOption('--max-shots', 1, 100_000),
      300,
    );
}
