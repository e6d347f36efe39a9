/**
 * The race model's safety floor against the planner's own safeties
 * (docs/measurements.md, "Position play on held-out racks"): the value of a
 * leave is the larger of going for the next shot and playing safe, and the
 * safe branch assumes the safety leaves the opponent a first shot of chance
 * `safetyReply` (ai/levels.ts). Where the planner really plays safe, its
 * sampled estimate of the safety says what a safety there is worth; this
 * script re-plans the safeties that `bench/runout.js --dump DIR` wrote (the
 * last decision of each `rack*-safety.json`) and prints, beside each, the
 * floor the model gives the same position and the reply chance that would
 * make the floor equal to the safety's estimate.
 *
 * Run: node dist/bench/safetyFloor.js DIR [--level olympiad] [--safety-reply X] [--seed 3] [--json]
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { raceWin } from '../ai/estimate.js';
import { inlineEvaluator } from '../ai/evaluator.js';
import { plan } from '../ai/planner.js';
import { ballsToGo, safetyValue } from '../ai/value.js';
import { parseState } from '../engine/parse.js';
import { opponent } from '../engine/state.js';
import { argChecks, parseWithPositionals } from './args.js';

const { values, positionals } = parseWithPositionals(
  'safetyFloor',
  {
    level: { type: 'string', default: 'olympiad' },
    'safety-reply': { type: 'string' },
    seed: { type: 'string', default: '3' },
    json: { type: 'boolean', default: false },
  },
  `
usage: node dist/bench/safetyFloor.js DIR [options]
Re-plans the safeties of \`bench/runout.js --dump DIR\` (DIR/rack*-safety.json) and compares the
planner's sampled value of each with the race model's safety floor for the same position.
  --level L          the level to plan and value with (default olympiad)
  --safety-reply X   that level's safetyReply replaced by X (0 … 1), to look for the fixed point
  --seed S           the planner's seed (default 3)
  --json             one JSON report on stdout
`,
);
const check = argChecks('safetyFloor');
if (positionals.length !== 1) check.usage('give one directory written by runout.js --dump');
const dir = positionals[0]!;
const base = check.level(values.level);
let level = base;
if (values['safety-reply'] !== undefined) {
  const x = Number(values['safety-reply']);
  if (values['safety-reply'].trim() === '' || !(x >= 0 && x <= 1))
    check.usage('--safety-reply must be a number from 0 to 1');
  level = { ...base, safetyReply: x };
}
const seed = check.whole('--seed', values.seed, 0);

let files: string[];
try {
  files = readdirSync(dir)
    .filter((f) => /^rack\d+-safety\.json$/.test(f))
    .sort((a, b) => Number(a.match(/\d+/)![0]) - Number(b.match(/\d+/)![0]));
} catch {
  check.usage(`cannot read the directory ${dir}`);
}
if (files!.length === 0)
  check.usage(`${dir} holds no rack*-safety.json: run runout.js with --dump`);

interface Row {
  readonly file: string;
  /** Balls the mover and the opponent have to pot, the 8 included. */
  readonly toGo: readonly [number, number];
  readonly chosen: string;
  /** The planner's estimate of P(win) after its best safety. */
  readonly sampled: number;
  /** The race model's safe branch for the same position. */
  readonly floor: number;
  /** The safetyReply at which the floor would equal `sampled`. */
  readonly impliedReply: number;
}

const rows: Row[] = [];
const skipped: string[] = [];
for (const file of files!) {
  let last: unknown;
  try {
    last = (JSON.parse(readFileSync(join(dir, file), 'utf8')) as unknown[]).at(-1);
  } catch {
    skipped.push(`${file}: not a runout.js dump`);
    continue;
  }
  const parsed = parseState((last as { state?: unknown } | undefined)?.state, 'state');
  if (!parsed.ok) {
    skipped.push(`${file}: ${parsed.error.message}`);
    continue;
  }
  const state = parsed.value;
  const d = await plan(state, { level, seed, evaluator: inlineEvaluator });
  if (!d.ok) {
    skipped.push(`${file}: ${d.error.message}`);
    continue;
  }
  const best = d.value.kind === 'shot' ? d.value.ranked[0] : undefined;
  // The re-plan may go for a pot where the run played safe (another seed): only safeties count.
  if (best?.candidate.kind !== 'safety') {
    skipped.push(`${file}: the re-plan did not play safe`);
    continue;
  }
  const a = ballsToGo(state, state.turn);
  const b = ballsToGo(state, opponent(state.turn));
  const q = level.routine;
  // ai/estimate.ts positionValues: safe = raceWin(a,b) − reply·(raceWin(b−1,a) + raceWin(a,b) − 1), linear in reply.
  const slope = raceWin(b - 1, a, q) + raceWin(a, b, q) - 1;
  rows.push({
    file,
    toGo: [a, b],
    chosen: best.candidate.describe,
    sampled: best.value,
    floor: safetyValue(state, level),
    impliedReply: slope > 0 ? (raceWin(a, b, q) - best.value) / slope : Number.NaN,
  });
}

/** Means over the re-planned safeties (an undefined implied reply left out); null when there are none. */
const mean = (f: (r: Row) => number) => {
  const xs = rows.map(f).filter(Number.isFinite);
  return xs.length === 0 ? null : xs.reduce((s, x) => s + x, 0) / xs.length;
};
const summary = {
  level: level.name,
  safetyReply: level.safetyReply,
  seed,
  safeties: rows.length,
  meanSampled: mean((r) => r.sampled),
  meanFloor: mean((r) => r.floor),
  meanImpliedReply: mean((r) => r.impliedReply),
  skipped,
};
if (values.json) console.log(JSON.stringify({ ...summary, rows }));
else {
  for (const r of rows)
    console.log(
      `${r.file}: to go ${r.toGo[0]} against ${r.toGo[1]}; ${r.chosen}: sampled ${r.sampled.toFixed(3)}, floor ${r.floor.toFixed(3)}, implied reply ${r.impliedReply.toFixed(2)}`,
    );
  for (const s of skipped) console.log(`skipped ${s}`);
  const f = (x: number | null, digits: number) => (x === null ? '-' : x.toFixed(digits));
  console.log(
    `${rows.length} safeties (${level.name}, safetyReply ${level.safetyReply}): sampled ${f(summary.meanSampled, 3)} on average, floor ${f(summary.meanFloor, 3)}, implied reply ${f(summary.meanImpliedReply, 2)}`,
  );
}
