/**
 * The geometric pot model (ai/estimate.ts potChance, ai/geometry.ts
 * pocketHalfWindow) against the simulator: where the planner's leave values
 * come from, and how the pocket windows were fitted.
 *
 * Random two-ball layouts (seeded); for every straight-in pot of each, the
 * aim is refined by noiseless simulation (ai/sampling.ts runAim) and the
 * shot is played `--samples` times under the level's noise at a medium stun
 * speed (2 × the least speed). Reported per pocket kind and 5° of approach
 * angle: the simulated rate, the model's mean chance, and the half-window
 * (mm) at which the model's mean would equal the simulated rate — the
 * figures pocketHalfWindow interpolates. Then the expected calibration error
 * (5 bins) and the mean squared gap over all pots, and how many pots the aim
 * scan could not find.
 *
 * Run: npm run build && node dist/bench/potModel.js [--layouts 2500]
 *      [--samples 40] [--seed 3] [--level olympiad] [--json]
 */
import { erf, straightPots } from '../ai/estimate.js';
import { approachAngle, D, isSide } from '../ai/geometry.js';
import { LEVEL_NAMES } from '../ai/levels.js';
import { simulatedPotRate } from '../ai/potRate.js';
import { deriveSeed, uniform } from '../ai/seeds.js';
import type { PrngState } from '../engine/prng.js';
import { TABLE_DIMENSIONS } from '../engine/table.js';
import { argChecks, parseOptions } from './args.js';

const values = parseOptions(
  'potModel',
  {
    layouts: { type: 'string', default: '2500' },
    samples: { type: 'string', default: '40' },
    seed: { type: 'string', default: '3' },
    level: { type: 'string', default: 'olympiad' },
    json: { type: 'boolean', default: false },
  },
  `
usage: node dist/bench/potModel.js [options]
The planner's geometric pot chance against the simulator, on random two-ball layouts.
  --layouts N     layouts to generate (default 2500)
  --samples N     noisy plays per pot (default 40)
  --seed S        layout seed (default 3)
  --level L       ${LEVEL_NAMES.join(' | ')} (default olympiad)
  --json          print JSON
`,
);
const check = argChecks('potModel');
const layouts = check.whole('--layouts', values.layouts, 1);
const samples = check.whole('--samples', values.samples, 1);
const seed = check.whole('--seed', values.seed);
const level = check.level(values.level);

interface Row {
  side: boolean;
  approach: number;
  cut: number;
  dCue: number;
  dObj: number;
  chance: number;
  found: boolean;
  rate: number;
}

const { length: L, width: W } = TABLE_DIMENSIONS['9ft'];
let state: PrngState = deriveSeed(seed, layouts);
const u = () => {
  const [x, next] = uniform(state);
  state = next;
  return x;
};
const rows: Row[] = [];
const margin = 0.04;
for (let k = 0; k < layouts; k++) {
  const cue = {
    id: 0 as const,
    x: margin + u() * (L - 2 * margin),
    y: margin + u() * (W - 2 * margin),
  };
  const ob = {
    id: 3 as const,
    x: margin + u() * (L - 2 * margin),
    y: margin + u() * (W - 2 * margin),
  };
  if (Math.hypot(cue.x - ob.x, cue.y - ob.y) < 0.1) continue;
  const layout = { table: '9ft' as const, balls: [cue, ob] };
  for (const g of straightPots('9ft', [cue, ob], cue, [3], level.noise)) {
    const { found, rate } = simulatedPotRate(layout, g, level.noise, samples, (i) =>
      deriveSeed(seed, k, i, g.pocket.charCodeAt(1)),
    );
    rows.push({
      side: isSide(g.pocket),
      approach: (approachAngle('9ft', g.pocket, ob) * 180) / Math.PI,
      cut: g.cut,
      dCue: g.dCue,
      dObj: g.dObj,
      chance: g.chance,
      found,
      rate,
    });
  }
  if ((k + 1) % 250 === 0) process.stderr.write(`\r${k + 1}/${layouts} layouts`);
}
process.stderr.write('\n');

/** potChance with a given half-window (the same formula as ai/estimate.ts). */
function chanceWith(half: number, r: Row): number {
  if (r.cut > (80 * Math.PI) / 180) return 0;
  const tol = (half * D * Math.cos(r.cut)) / (Math.max(r.dObj, D) * Math.max(r.dCue, D));
  const sigma = (level.noise.phi * Math.PI) / 180;
  return erf(tol / (sigma * Math.SQRT2)) * (r.cut > (65 * Math.PI) / 180 ? 0.7 : 1);
}
const mean = (xs: readonly Row[], f: (r: Row) => number) =>
  xs.reduce((a, r) => a + f(r), 0) / xs.length;

const bins: {
  pocket: string;
  from: number;
  n: number;
  rate: number;
  model: number;
  fittedMm: number;
}[] = [];
for (const side of [false, true])
  for (let from = 0; from < 90; from += 5) {
    const s = rows.filter((r) => r.side === side && r.approach >= from && r.approach < from + 5);
    if (s.length < 15) continue;
    const rate = mean(s, (r) => r.rate);
    let lo = 0;
    let hi = 0.2;
    for (let i = 0; i < 40; i++) {
      const m = (lo + hi) / 2;
      if (mean(s, (r) => chanceWith(m, r)) < rate) lo = m;
      else hi = m;
    }
    bins.push({
      pocket: side ? 'side' : 'corner',
      from,
      n: s.length,
      rate,
      model: mean(s, (r) => r.chance),
      fittedMm: lo * 1000,
    });
  }

const edges = [0, 0.2, 0.4, 0.6, 0.8, 1.0001];
let ece = 0;
for (let i = 0; i < 5; i++) {
  const b = rows.filter((r) => r.chance >= edges[i]! && r.chance < edges[i + 1]!);
  if (b.length > 0) ece += (b.length / rows.length) * Math.abs(mean(b, (r) => r.chance - r.rate));
}
const mse = mean(rows, (r) => (r.chance - r.rate) ** 2);
const lost = rows.filter((r) => !r.found).length;

if (values.json) {
  process.stdout.write(
    `${JSON.stringify({ pots: rows.length, ece, mse, notFound: lost, bins }, null, 2)}\n`,
  );
} else {
  const out = [
    `pots ${rows.length} (${layouts} layouts × every straight-in pot, ${samples} samples each, ${level.name} noise)`,
  ];
  out.push('pocket  approach     n  simulated  model  fitted half-window');
  for (const b of bins)
    out.push(
      `${b.pocket.padEnd(7)} ${`${b.from}–${b.from + 5}°`.padStart(8)} ${String(b.n).padStart(5)} ${b.rate.toFixed(3).padStart(10)} ${b.model.toFixed(3).padStart(6)} ${b.fittedMm.toFixed(1).padStart(10)} mm`,
    );
  out.push(
    `ECE ${ece.toFixed(3)}, mean squared gap ${mse.toFixed(3)}, pots the aim scan did not find ${lost}`,
  );
  process.stdout.write(`${out.join('\n')}\n`);
}
