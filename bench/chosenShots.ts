/**
 * How well the planner knows the shots it chooses (docs/planner.md, the calibration
 * of "P(pot)" in `pool8 suggest`): reads the decisions `bench/runout.js
 * --dump DIR` wrote, re-samples every chosen pot many times under the
 * level's noise, and compares the planner's estimate with the re-sampled
 * rate of keeping the table, by bands of the estimate. The planner picks the
 * best of many noisy estimates, so its chosen shots' estimates run high (the
 * winner's curse); this measures by how much.
 *
 * Run: node dist/bench/chosenShots.js DIR [--samples 200] [--level olympiad] [--json]
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { perturb } from '../ai/noise.js';
import { playShot } from '../ai/sampling.js';
import { deriveSeed } from '../ai/seeds.js';
import type { Call } from '../engine/call.js';
import type { Shot } from '../engine/shot.js';
import type { FrameState } from '../engine/state.js';
import type { Point } from '../engine/table.js';
import { DEFAULT_PHYSICS } from '../sim/index.js';
import { argChecks, parseWithPositionals } from './args.js';
import { bandOf, ESTIMATE_BANDS } from './estimateBands.js';

interface Dumped {
  readonly state: FrameState;
  readonly call: Call | null;
  readonly shot: Shot;
  readonly placement: Point | null;
  readonly pPot?: number | null;
}

const { values, positionals } = parseWithPositionals(
  'chosenShots',
  {
    samples: { type: 'string', default: '200' },
    level: { type: 'string', default: 'olympiad' },
    json: { type: 'boolean', default: false },
  },
  `
usage: node dist/bench/chosenShots.js DIR [options]
Re-samples the pots the planner chose in \`bench/runout.js --dump DIR\` and compares its P(pot) with the result.
  --samples N   noisy samples per shot (default 200)
  --level L     noise of this level (default olympiad; use the level the dump was made at)
  --json        print the bands as JSON
`,
);
const check = argChecks('chosenShots');
const samples = check.whole('--samples', values.samples, 1);
const level = check.level(values.level);
if (positionals.length !== 1) check.usage('give the directory runout.js --dump wrote');
const dir = positionals[0]!;
let files: string[];
try {
  files = readdirSync(dir).filter((f) => f.endsWith('.json'));
} catch {
  check.usage(`cannot read ${dir}`);
}

const rows: { est: number; rate: number }[] = [];
for (const [fi, f] of files!.sort().entries()) {
  const history = JSON.parse(readFileSync(join(dir, f), 'utf8')) as Dumped[];
  for (const [di, d] of history.entries()) {
    if (d.call?.kind !== 'pocket' || typeof d.pPot !== 'number') continue;
    const me = d.state.turn;
    let kept = 0;
    for (let k = 0; k < samples; k++) {
      const [x] = perturb(d.shot, level.noise, deriveSeed(0xc4a1, fi, di, k));
      const out = playShot(d.state, d.call, x, d.placement, DEFAULT_PHYSICS);
      if ('error' in out) continue;
      const v = out.verdict;
      const keeps = v.kind === 'continue' && out.state.turn === me && !out.state.pending;
      if ((keeps && v.fouls.length === 0) || v.frame?.winner === me) kept++;
    }
    rows.push({ est: d.pPot, rate: kept / samples });
  }
}
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const bands = ESTIMATE_BANDS.map(([lo, hi], i) => {
  const r = rows.filter((x) => bandOf(x.est) === i);
  return {
    band: `${lo}–${Math.min(1, hi)}`,
    shots: r.length,
    estimated: mean(r.map((x) => x.est)),
    resampled: mean(r.map((x) => x.rate)),
  };
});
if (values.json) console.log(JSON.stringify({ dir, samples, level: level.name, bands }));
else {
  console.log(
    `${rows.length} chosen pots in ${dir}, ${samples} samples each at ${level.name} noise`,
  );
  for (const b of bands)
    console.log(
      `P(pot) ${b.band.padEnd(9)} shots ${String(b.shots).padStart(4)}  estimated ${(100 * b.estimated).toFixed(1)} %  re-sampled ${(100 * b.resampled).toFixed(1)} %`,
    );
}
