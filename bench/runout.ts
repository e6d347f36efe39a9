/**
 * The breaker's first inning only (the break-and-run diagnosis, bench/README.md): for
 * each rack the breaker plays until the turn passes or the frame ends, and
 * the inning is classified — run out, break kept nothing, break foul,
 * safety chosen, pot missed, foul, 8 lost. Stopping at the end of the inning
 * makes it about twice as fast as a self-play match, so variants can be
 * compared on the same racks. The racks and noise streams are those of
 * `pool8 match --seed S` (games 0, 2, 4, … are the pairs' first games).
 *
 * Run: npm run build && node dist/bench/runout.js [--racks N=40] [--seed S=2]
 *      [--level olympiad] [--budget '{"finalists":12}'] [--threads 2] [--json]
 *      [--dump DIR] [--in-hand] [--in-hand-from N] [--exact-from N] [--table 9ft]
 *      [--break '{"yFrac":0.5,"offset":0.5,"V":11,"b":-0.3}']
 * `--in-hand` gives the shooter ball in hand anywhere before every shot after
 * the break: the run-outs with perfect position (as good as the planner's
 * placement search), at the same execution noise. It bounds what any
 * position play could add (bench/README "What limits the run-outs").
 * `--in-hand-from N` gives it only once N or fewer balls of the shooter's
 * group are left (0: on the 8), so the bound can be split by where in the
 * rack the position is lost. `--exact-from N` plays the planner's chosen
 * shots without execution noise once N or fewer balls of the group are left
 * (the planner still plans for the noise): what its plans are worth when
 * carried out as meant, against what the noise leaves of them. `--break SPEC`
 * plays that break (ai/breakSearch.ts `BreakSpec`) in place of the stored
 * one, so that a break is judged by the run-outs after it on the same racks.
 * The summary's `stoppedAt` counts the innings that stopped after a kept
 * break (safety, miss, foul, 8 lost) by the group balls left, index 0 being
 * on the 8; `missedAt` the missed shots by the planner's estimate of P(pot);
 * `byProblemBalls` the innings after a kept break by the problem balls
 * (bench/problemBalls.ts) in the breaker's group at its first shot, and how
 * many of them ran out.
 * `--json` adds one entry per rack (how the inning ended, shots, balls left,
 * the last decision's reason and estimated P(pot)); `--dump DIR` writes the last three decisions
 * (state, call, shot, reason) of every inning that did not run out to
 * DIR/rack<N>-<end>.json (with the planner's estimated P(pot)), for
 * `pool8 suggest --svg` to draw and `bench/chosenShots.ts` to re-sample.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { type BreakSpec, breakPlacement, breakShot } from '../ai/breakSearch.js';
import { describeBudget, overrideBudget } from '../ai/budget.js';
import { type Budget, LEVEL_NAMES, type Level } from '../ai/levels.js';
import { perturb } from '../ai/noise.js';
import { plan } from '../ai/planner.js';
import { PoolEvaluator } from '../ai/pool.js';
import { problemBalls } from '../ai/problemBalls.js';
import { playShot } from '../ai/sampling.js';
import { deriveSeed } from '../ai/seeds.js';
import { parseBreakSpec } from '../cli/commands/searchBreak.js';
import { CliError } from '../cli/io.js';
import { ballsOf, CUE } from '../engine/ball.js';
import { type FrameState, newFrame } from '../engine/state.js';
import {
  DEFAULT_TABLE,
  footSpot,
  isTableSize,
  TABLE_SIZES,
  type TableSize,
} from '../engine/table.js';
import { noiseSeed } from '../play/game.js';
import { gameSeed, percentile } from '../play/match.js';
import { DEFAULT_PHYSICS } from '../sim/index.js';
import { argChecks, parseOptions } from './args.js';
import { bandOf, ESTIMATE_BANDS } from './estimateBands.js';

/** Balls in a group: 7 (R1: solids 1-7, stripes 9-15). */
const GROUP_BALLS = ballsOf('solids').length;

/** Balls of the breaker's group still on the table; an open table counts as a whole group. */
function groupLeft(state: FrameState): number {
  if (!state.groups) return GROUP_BALLS;
  const mine: readonly number[] = ballsOf(state.groups[0]);
  return state.balls.filter((b) => mine.includes(b.id)).length;
}

type End = 'runout' | 'lost8' | 'breakDry' | 'breakFoul' | 'safety' | 'miss' | 'foul' | 'cap';

const values = parseOptions(
  'runout',
  {
    racks: { type: 'string', default: '40' },
    seed: { type: 'string', default: '2' },
    level: { type: 'string', default: 'olympiad' },
    budget: { type: 'string', default: '{}' },
    noise: { type: 'string', default: '{}' },
    threads: { type: 'string', default: '2' },
    json: { type: 'boolean', default: false },
    'in-hand': { type: 'boolean', default: false },
    'in-hand-from': { type: 'string' },
    'exact-from': { type: 'string' },
    dump: { type: 'string' },
    table: { type: 'string', default: DEFAULT_TABLE },
    break: { type: 'string' },
  },
  `
usage: node dist/bench/runout.js [options]
The planner's first inning after its own break on the racks of \`pool8 match --seed S\`.
  --racks N       racks to play (default 40)
  --seed S        match seed whose racks and noise streams are used (default 2)
  --level L       ${LEVEL_NAMES.join(' | ')} (default olympiad)
  --budget JSON   budget overrides over the level's, checked field by field as pool8's
                  --budget is, e.g. '{"finalists":12}' or '{"lookahead":{"pots":6}}'
  --noise JSON    execution-noise overrides (phi and theta in degrees, V in m/s, a and b
                  in ball radii), e.g. '{"phi":0.0625}'; the planner samples with it too
  --threads N     worker threads (default 2)
  --json          one entry per rack besides the summary
  --in-hand       after every pot the cue ball is taken up and the planner places it
                  anywhere (a bound: the run with perfect position, at the same noise)
  --in-hand-from N  the same, only once N or fewer balls of the group are left (0: on the 8)
  --exact-from N  once N or fewer balls of the group are left (0: on the 8), the chosen shot
                  is played without execution noise (the planner still plans with it)
  --dump DIR      write the last three decisions of every failed inning to DIR
  --table T       ${TABLE_SIZES.join(' | ')} (default ${DEFAULT_TABLE}); the stored break is played on it
  --break JSON    play this break instead of the stored one: {"yFrac","offset","V","b"} as
                  \`pool8 measure-break --spec\` takes it, e.g. '{"yFrac":0.5,"offset":0.5,"V":11,"b":-0.3}'
`,
);
const check = argChecks('runout');
const usage: (message: string) => never = check.usage;
const racks = check.whole('--racks', values.racks, 1);
const matchSeed = check.whole('--seed', values.seed);
const threads = check.whole('--threads', values.threads, 1);
/** A count of group balls left, 0 (on the 8) to GROUP_BALLS, or null when the option is absent. */
function ballsLeftOption(name: string, value: string | undefined): number | null {
  if (value === undefined) return null;
  const n = check.whole(name, value, 0);
  if (n > GROUP_BALLS) usage(`${name} takes 0 to ${GROUP_BALLS} balls`);
  return n;
}
const inHandFrom =
  ballsLeftOption('--in-hand-from', values['in-hand-from']) ??
  (values['in-hand'] ? GROUP_BALLS : null);
const exactFrom = ballsLeftOption('--exact-from', values['exact-from']);
if (!isTableSize(values.table)) usage(`--table must be one of ${TABLE_SIZES.join(', ')}`);
const table: TableSize = values.table;
const named = check.level(values.level);
const level: Level = { ...named, noise: check.noise(values.noise, named.noise) };
let overrides: unknown;
try {
  overrides = JSON.parse(values.budget!);
} catch {
  usage('--budget must be JSON, e.g. \'{"finalists":12}\'');
}
// The CLI's and the library's validator (ai/budget.ts): a partial lookahead
// keeps the level's other fields, and an unknown field is refused. A plain
// spread over the level's budget once let '{"lookahead":{"pots":6}}' drop
// the lookahead's variants and plan with none (no run-out in 16 racks).
const checked = overrideBudget(level.budget, overrides);
if (!checked.ok) usage(`--budget: ${checked.error}`);
const budget: Budget = checked.value;
let breakSpec: BreakSpec | null = null;
if (values.break !== undefined) {
  try {
    breakSpec = parseBreakSpec(values.break, '--break');
  } catch (e) {
    if (!(e instanceof CliError)) throw e;
    usage(e.message);
  }
}
if (values.dump) mkdirSync(values.dump, { recursive: true });
const evaluator = new PoolEvaluator(threads);

const ends: Record<End, number> = {
  runout: 0,
  lost8: 0,
  breakDry: 0,
  breakFoul: 0,
  safety: 0,
  miss: 0,
  foul: 0,
  cap: 0,
};
const ms: number[] = [];
const perRack: {
  rack: number;
  end: End;
  shots: number;
  left: number;
  last: string;
  /** The planner's estimated P(pot) of the inning's last shot. */
  pPot: number | null;
  /**
   * Problem balls (bench/problemBalls.ts) at the first shot after a kept
   * break, in the group the breaker took and in the other; null when the
   * inning ended before the groups were decided.
   */
  problemBalls: { mine: number; other: number } | null;
}[] = [];
const t0 = performance.now();
for (let r = 0; r < racks; r++) {
  const seed = gameSeed(matchSeed, 2 * r);
  let state = newFrame({ seed, breaker: 0, table, rules: 'pl-bca' });
  let end: End = 'cap';
  let last = '';
  let lastPPot: number | null = null;
  const history: unknown[] = [];
  let afterBreak: FrameState | null = null;
  let n = 0;
  for (; n < 60; n++) {
    const t = performance.now();
    const d =
      n === 0 && breakSpec !== null
        ? ({
            ok: true,
            value: {
              kind: 'shot',
              call: null,
              shot: breakShot(table, breakSpec, footSpot(table)),
              placement: breakPlacement(table, breakSpec),
              reason: `the break ${JSON.stringify(breakSpec)}`,
              ranked: [],
            },
          } as const)
        : await plan(state, { level, seed: deriveSeed(seed, n, 0), evaluator, budget });
    if (!d.ok) throw new Error(d.error.message);
    if (d.value.kind !== 'shot') {
      end = 'safety';
      break;
    }
    if (n > 0) ms.push(performance.now() - t);
    const dec = d.value;
    last = dec.reason;
    lastPPot = dec.ranked[0]?.pPot ?? null;
    history.push({
      state,
      reason: dec.reason,
      call: dec.call,
      shot: dec.shot,
      placement: dec.placement,
      pPot: dec.ranked[0]?.pPot ?? null,
    });
    // The break (n = 0) is always played with noise: the racks stay those of the other runs.
    const exact = exactFrom !== null && n > 0 && groupLeft(state) <= exactFrom;
    const [executed] = exact ? [dec.shot] : perturb(dec.shot, level.noise, noiseSeed(seed, n));
    const out = playShot(state, dec.call, executed, dec.placement, DEFAULT_PHYSICS);
    if ('error' in out) throw new Error(out.error);
    const v = out.verdict;
    state = out.state;
    if (n === 0) afterBreak = state;
    if (
      inHandFrom !== null &&
      groupLeft(state) <= inHandFrom &&
      state.turn === 0 &&
      !state.pending &&
      !v.frame &&
      !state.ballInHand
    )
      state = {
        ...state,
        balls: state.balls.filter((b) => b.id !== CUE),
        ballInHand: { region: 'anywhere', restricted: false },
      };
    if (v.frame) {
      end = v.frame.winner === 0 ? 'runout' : 'lost8';
      break;
    }
    if (state.turn !== 0 || state.pending) {
      if (n === 0) end = v.fouls.length > 0 ? 'breakFoul' : 'breakDry';
      else if (v.fouls.length > 0) end = 'foul';
      else if (dec.call?.kind === 'safety') end = 'safety';
      else end = 'miss';
      break;
    }
  }
  ends[end]++;
  const left = groupLeft(state);
  const groups = state.groups;
  perRack.push({
    rack: r,
    end,
    shots: n + 1,
    left,
    last,
    pPot: lastPPot,
    // Groups are never decided on the break (R11), so an inning that ended there has none.
    problemBalls:
      afterBreak && groups
        ? {
            mine: problemBalls(afterBreak, groups[0]).length,
            other: problemBalls(afterBreak, groups[1]).length,
          }
        : null,
  });
  if (values.dump && end !== 'runout')
    writeFileSync(`${values.dump}/rack${r}-${end}.json`, JSON.stringify(history.slice(-3)));
  // Progress goes to stderr either way: --json output is on stdout.
  process.stderr.write(
    `\rrack ${r + 1}/${racks}  run-outs ${ends.runout}  (${((performance.now() - t0) / 1000).toFixed(0)} s)`,
  );
}
await evaluator.close();
process.stderr.write('\n');
const leftAtEnd = perRack.filter((x) => x.end !== 'runout').map((x) => x.left);
/**
 * Innings that ended after a kept break, by end and by group balls left
 * (index 0: on the 8; an open table counts as 7). Where the runs stop says
 * what to work on (bench/README: on `--seed 21`, 23 of the 37 safeties came
 * with one ball of the group left).
 */
const stoppedAt: Partial<Record<End, number[]>> = {};
for (const { end, left } of perRack) {
  if (end !== 'safety' && end !== 'miss' && end !== 'foul' && end !== 'lost8') continue;
  const row = stoppedAt[end] ?? new Array<number>(GROUP_BALLS + 1).fill(0);
  row[left]!++;
  stoppedAt[end] = row;
}
/**
 * The missed shots by the planner's own estimate of P(pot), in the bands of
 * bench/estimateBands.ts (bench/README: 36 of the 59 misses of `--seed 21`
 * were on shots it rated below 80 %).
 */
const missedAt = ESTIMATE_BANDS.map(() => 0);
for (const { end, pPot } of perRack) if (end === 'miss' && pPot !== null) missedAt[bandOf(pPot)]!++;
/**
 * The innings after a kept break by the problem balls in the breaker's group
 * at its first shot (0, 1, 2 or more): how many, and how many ran out; and
 * how often the group taken held more problem balls than the other.
 */
const byProblemBalls = [0, 1, 2].map((k) => {
  const rows = perRack.filter(
    (x) => x.problemBalls !== null && Math.min(2, x.problemBalls.mine) === k,
  );
  return { innings: rows.length, runouts: rows.filter((x) => x.end === 'runout').length };
});
const tookMoreProblemBalls = perRack.filter(
  (x) => x.problemBalls !== null && x.problemBalls.mine > x.problemBalls.other,
).length;
const summary = {
  racks,
  seed: matchSeed,
  table,
  level: level.name,
  noise: level.noise,
  inHand: values['in-hand'],
  inHandFrom,
  exactFrom,
  break: breakSpec,
  budget: overrides,
  plannedWith: describeBudget(budget),
  ends,
  runoutRate: ends.runout / racks,
  decisionMs: {
    p50: Math.round(percentile(ms, 50)),
    p95: Math.round(percentile(ms, 95)),
    max: Math.round(Math.max(...ms)),
  },
  meanLeftWhenStopped: leftAtEnd.reduce((a, b) => a + b, 0) / Math.max(1, leftAtEnd.length),
  stoppedAt,
  missedAt,
  byProblemBalls,
  tookMoreProblemBalls,
  seconds: Math.round((performance.now() - t0) / 1000),
};
if (values.json) console.log(JSON.stringify({ ...summary, perRack }));
else console.log(JSON.stringify(summary));
