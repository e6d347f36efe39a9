/**
 * How well the leave's value predicts who wins: replays the records of
 * `pool8 match --out`, takes every open-play position with who went on to
 * win the frame (bench/valueFit.ts), and scores on the odd-numbered records
 * a constant, the race model and a logistic fitted on the even ones (Brier
 * score); then prints the logistic fitted on all records and the
 * calibration bands of both models.
 *
 * Run: node dist/bench/fitValue.js FILE... [--level olympiad] [--json]
 */
import { readFileSync } from 'node:fs';
import type { GameRecord } from '../play/record.js';
import { argChecks, parseWithPositionals } from './args.js';
import {
  brier,
  calibration,
  type DecisionPoint,
  decisionPoints,
  features,
  fitWinModel,
  raceEstimates,
  type WinModel,
  winChance,
} from './valueFit.js';

const { values, positionals } = parseWithPositionals(
  'fitValue',
  {
    level: { type: 'string', default: 'olympiad' },
    json: { type: 'boolean', default: false },
  },
  `
usage: node dist/bench/fitValue.js FILE... [options]
Fits the leave's P(win) model to who won the positions of game records (JSON lines, pool8 match --out).
  --level L   the level the records were played at (default olympiad)
  --json      print the result as JSON
`,
);
const check = argChecks('fitValue');
const level = check.level(values.level);
if (positionals.length === 0) check.usage('give one or more game record files');

const train: DecisionPoint[] = [];
const test: DecisionPoint[] = [];
let records = 0;
let skipped = 0;
for (const file of positionals) {
  let text = '';
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    check.usage(`cannot read ${file}`);
  }
  for (const [i, line] of text.split('\n').entries()) {
    if (!line.trim()) continue;
    let rec: GameRecord | null = null;
    try {
      rec = JSON.parse(line) as GameRecord;
    } catch {
      check.usage(`${file} line ${i + 1} is not JSON`);
    }
    if (rec?.format !== 'pool8/game/1')
      check.usage(`${file} line ${i + 1} is not a pool8/game/1 record`);
    const r = decisionPoints(rec!);
    if (r.skipped) skipped++;
    // Whole records to one side: the positions of one frame share its outcome.
    (records % 2 === 0 ? train : test).push(...r.points);
    records++;
  }
}
const all = [...train, ...test];
if (train.length === 0 || test.length === 0)
  check.usage('need positions from at least two records that replay');

// Each position's inputs once (a geometric scan of every pot): the fits and the scores share them.
const rows = (ps: readonly DecisionPoint[]) =>
  ps.map((p) => ({ ...features(p, level), won: p.won }));
const trainRows = rows(train);
const testRows = rows(test);
const allRows = [...trainRows, ...testRows];
const logistic = (m: WinModel, rs: typeof allRows) =>
  rs.map((r) => ({ est: winChance(m, r.p1, r.a, r.b), won: r.won }));
const rate = train.filter((p) => p.won).length / train.length;
const heldOut = {
  constant: brier(test.map((p) => ({ est: rate, won: p.won }))),
  race: brier(raceEstimates(test, level)),
  fitted: brier(logistic(fitWinModel(trainRows), testRows)),
};
const model = fitWinModel(allRows);
const result = {
  level: level.name,
  records,
  skipped,
  positions: all.length,
  heldOut,
  model,
  bands: {
    race: calibration(raceEstimates(all, level)),
    fitted: calibration(logistic(model, allRows)),
  },
};
if (values.json) console.log(JSON.stringify(result));
else {
  console.log(
    `${records} records (${skipped} not replaying, left out), ${all.length} open-play positions, ${level.name}`,
  );
  console.log(
    `Brier score on the odd records (fitted on the even ones): constant ${heldOut.constant.toFixed(4)}, race model ${heldOut.race.toFixed(4)}, logistic ${heldOut.fitted.toFixed(4)}`,
  );
  const f = (x: number) => x.toFixed(4);
  console.log(
    `fitted on all: { bias: ${f(model.bias)}, p1: ${f(model.p1)}, toGo: ${f(model.toGo)}, oppToGo: ${f(model.oppToGo)}, p1PerBall: ${f(model.p1PerBall)} }`,
  );
  for (const [name, bands] of Object.entries(result.bands)) {
    console.log(`${name === 'race' ? 'race model' : 'logistic fitted on all'}:`);
    for (const b of bands)
      if (b.n > 0)
        console.log(
          `  P(win) ${b.band.padEnd(9)} positions ${String(b.n).padStart(5)}  estimated ${(100 * b.estimated).toFixed(1)} %  won ${(100 * b.won).toFixed(1)} %`,
        );
  }
}
