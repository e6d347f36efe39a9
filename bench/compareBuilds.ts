import { resolve } from 'node:path';
import type { BenchCase } from './cases.js';

/**
 * Two builds of the simulator on the bench cases in one process, in
 * interleaved rounds (the machine is shared and noisy: compare variants in
 * one run), after checking that both give the same answer to every case:
 *
 *   cp -r dist .pool8-tmp/dist-old     # the build before a change
 *   npm run build
 *   node dist/bench/compareBuilds.js .pool8-tmp/dist-old dist [rounds = 9] [ms = 600]
 *
 * Prints the median shots per second of each build per case and their ratio.
 */
type Simulate = (layout: BenchCase['layout'], shot: BenchCase['shot']) => unknown;

async function main(argv: string[]): Promise<number> {
  const [oldDir, newDir, roundsText = '9', msText = '600'] = argv;
  if (oldDir === undefined || newDir === undefined) {
    process.stderr.write(
      'usage: node dist/bench/compareBuilds.js OLD_DIST NEW_DIST [rounds] [ms]\n',
    );
    return 2;
  }
  const load = async (dir: string): Promise<Simulate> =>
    (await import(resolve(dir, 'sim/index.js'))).simulate as Simulate;
  const builds: [string, Simulate][] = [
    ['old', await load(oldDir)],
    ['new', await load(newDir)],
  ];
  const { CASES } = (await import(resolve(newDir, 'bench/cases.js'))) as {
    CASES: readonly BenchCase[];
  };
  for (const c of CASES) {
    const [a, b] = builds.map(([, sim]) => JSON.stringify(sim(c.layout, c.shot)));
    if (a !== b) process.stdout.write(`${c.name}: the two builds answer differently\n`);
  }
  const rate = (sim: Simulate, c: BenchCase): number => {
    let n = 0;
    const t0 = performance.now();
    let t = 0;
    do {
      for (let i = 0; i < 50; i++) sim(c.layout, c.shot);
      n += 50;
      t = performance.now() - t0;
    } while (t < Number(msText));
    return (n / t) * 1000;
  };
  const rates = new Map<string, number[][]>(CASES.map((c) => [c.name, [[], []]]));
  for (let r = 0; r < Number(roundsText); r++) {
    for (const c of CASES) {
      // Alternate which build goes first.
      for (const k of r % 2 === 0 ? [1, 0] : [0, 1])
        rates.get(c.name)![k]!.push(rate(builds[k]![1], c));
    }
  }
  const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[xs.length >> 1]!;
  for (const [name, [o, n]] of rates) {
    const mo = median(o!);
    const mn = median(n!);
    process.stdout.write(
      `${name.padEnd(18)} old ${mo.toFixed(0).padStart(7)}  new ${mn.toFixed(0).padStart(7)}  ×${(mn / mo).toFixed(2)}\n`,
    );
  }
  return 0;
}

process.exitCode = await main(process.argv.slice(2));
