/**
 * Two planners compared on the same racks (the break-and-run work of bench/README.md):
 * reads two `bench/runout.js --json` outputs made with the same seed and
 * rack count, and tests the difference in run-outs with McNemar's exact
 * test on the racks where only one of them ran out. Both variants break
 * with the same shot under the same noise, so the break outcomes agree, and
 * a change that touches only some decisions (the endgame, say) leaves every
 * other rack identical: the discordant racks are where the difference lives,
 * and a 250-rack comparison sees far smaller effects than two independent
 * run-out rates would (±4.4 points on a difference at 250 racks each).
 *
 * Run: node dist/bench/pairedRunouts.js A.json B.json [A2.json B2.json ...] (pairs on other
 * seeds are summed into one test: the discordant racks of independent racks add up).
 */
import { readFileSync } from 'node:fs';
import { signTest } from '../play/stats.js';
import { argChecks, parseWithPositionals } from './args.js';

interface RackEnd {
  readonly rack: number;
  readonly end: string;
}
interface RunoutReport {
  readonly racks: number;
  readonly seed: number;
  readonly level?: string;
  readonly budget: unknown;
  readonly ends: Record<string, number>;
  readonly decisionMs: { p50: number; p95: number; max: number };
  readonly perRack: readonly RackEnd[];
}

const { positionals: files } = parseWithPositionals(
  'pairedRunouts',
  {},
  `
usage: node dist/bench/pairedRunouts.js A.json B.json [A2.json B2.json ...]
Compares two \`bench/runout.js --json\` outputs made on the same racks (same --seed and --racks):
run-outs, end reasons side by side, and McNemar's exact test on the racks only one ran out.
More pairs (each its own seed) are summed: one test over all their racks.
`,
);
const { usage } = argChecks('pairedRunouts');
if (files.length < 2 || files.length % 2 !== 0)
  usage('give two runout --json files, or pairs of them (A B A2 B2 ...)');

function load(file: string): RunoutReport {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return usage(`cannot read ${file}`);
  }
  // runout.js prints its progress to stderr, the report as the last line of stdout.
  const line = text.trim().split('\n').at(-1) ?? '';
  try {
    const r = JSON.parse(line) as RunoutReport;
    if (!Array.isArray(r.perRack)) usage(`${file} has no perRack: run runout.js with --json`);
    return r;
  } catch {
    return usage(`${file} is not a runout.js --json report`);
  }
}

interface PairCount {
  readonly racks: number;
  readonly runoutsA: number;
  readonly runoutsB: number;
  readonly onlyA: number;
  readonly onlyB: number;
}

const runouts = (r: RunoutReport) => r.perRack.filter((x) => x.end === 'runout').length;
const pct = (n: number, of: number) => `${((100 * n) / of).toFixed(1)}%`;

/** One pair of reports on the same racks, printed; its counts for the total. */
function comparePair(fileA: string, fileB: string): PairCount {
  const [a, b] = [load(fileA), load(fileB)];
  // Reports from before runout.js printed its level carry none: only a stated mismatch is refused.
  const levelsDiffer = a.level !== undefined && b.level !== undefined && a.level !== b.level;
  if (a.seed !== b.seed || a.racks !== b.racks || levelsDiffer)
    usage(
      `the reports are not on the same racks (seed ${a.seed}/${b.seed}, racks ${a.racks}/${b.racks}, level ${a.level}/${b.level})`,
    );
  let onlyA = 0;
  let onlyB = 0;
  const differ: string[] = [];
  for (const [i, ra] of a.perRack.entries()) {
    const rb = b.perRack[i]!;
    if (ra.end !== rb.end) differ.push(`${ra.rack}:${ra.end}/${rb.end}`);
    if (ra.end === 'runout' && rb.end !== 'runout') onlyA++;
    if (rb.end === 'runout' && ra.end !== 'runout') onlyB++;
  }
  const t = signTest(onlyA, onlyB);
  console.log(`racks ${a.racks}, seed ${a.seed}, level ${a.level ?? '?'}`);
  console.log(
    `A ${fileA}: run-outs ${runouts(a)} (${pct(runouts(a), a.racks)}), decision ms p50 ${a.decisionMs.p50} p95 ${a.decisionMs.p95}`,
  );
  console.log(
    `B ${fileB}: run-outs ${runouts(b)} (${pct(runouts(b), b.racks)}), decision ms p50 ${b.decisionMs.p50} p95 ${b.decisionMs.p95}`,
  );
  console.log(
    `ends      ${Object.keys(a.ends)
      .map((k) => `${k} ${a.ends[k]}/${b.ends[k] ?? 0}`)
      .join(', ')}`,
  );
  console.log(
    `racks ending differently: ${differ.length}; run out only by A ${t.onlyFirst}, only by B ${t.onlySecond}`,
  );
  console.log(`McNemar exact two-sided P = ${t.p.toPrecision(3)}`);
  if (differ.length > 0) console.log(`differing racks (A/B): ${differ.join(' ')}`);
  return { racks: a.racks, runoutsA: runouts(a), runoutsB: runouts(b), onlyA, onlyB };
}

const pairs: PairCount[] = [];
for (let i = 0; i < files.length; i += 2) {
  if (i > 0) console.log('');
  pairs.push(comparePair(files[i]!, files[i + 1]!));
}
if (pairs.length > 1) {
  const sum = (f: (p: PairCount) => number) => pairs.reduce((s, p) => s + f(p), 0);
  const racks = sum((p) => p.racks);
  const [ra, rb] = [sum((p) => p.runoutsA), sum((p) => p.runoutsB)];
  const t = signTest(
    sum((p) => p.onlyA),
    sum((p) => p.onlyB),
  );
  console.log('');
  console.log(
    `all ${pairs.length} pairs, ${racks} racks: run-outs A ${ra} (${pct(ra, racks)}), B ${rb} (${pct(rb, racks)}); ` +
      `run out only by A ${t.onlyFirst}, only by B ${t.onlySecond}; McNemar exact two-sided P = ${t.p.toPrecision(3)}`,
  );
}
