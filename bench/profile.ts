import { entries } from './runners.js';

/**
 * Runs one bench entry N times, for a CPU profile (bench/README.md "Profiling"):
 *
 *   npm run build
 *   node --cpu-prof --cpu-prof-dir .pool8-tmp/prof dist/bench/profile.js sim/break 2000
 *   node dist/bench/cpuprofileTop.js .pool8-tmp/prof/*.cpuprofile
 *
 * The entry names are the bench's (`sim/<case>`, `baseline/naive-planck-<case>`,
 * `planner/depth-2`). The entry's sanity check runs first (and warms the JIT
 * a little); the time per shot (per leave for the planner) goes to stderr.
 */
const USAGE = 'usage: node [--cpu-prof] dist/bench/profile.js <entry> [iterations = 1000]';

function main(argv: string[]): number {
  const all = entries();
  const [name, countText = '1000', ...extra] = argv;
  const entry = all.find((e) => e.name === name);
  if (name === undefined || entry === undefined || extra.length > 0) {
    process.stderr.write(
      `${name === undefined ? '' : `unknown entry '${name}'\n`}${USAGE}\nentries: ${all.map((e) => e.name).join(', ')}\n`,
    );
    return 2;
  }
  const n = Number(countText);
  if (!Number.isInteger(n) || n < 1) {
    process.stderr.write(`iterations must be an integer ≥ 1, got '${countText}'\n${USAGE}\n`);
    return 2;
  }
  try {
    process.stderr.write(`${entry.name}: ${entry.check()}\n`);
  } catch (e) {
    process.stderr.write(`error: ${e instanceof Error ? e.message : String(e)}\n`);
    return 1;
  }
  let sink: unknown;
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < n; i++) sink = entry.run();
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  void sink;
  process.stderr.write(
    `${n} runs in ${ms.toFixed(0)} ms: ${(ms / n).toFixed(4)} ms per ${entry.kind === 'planner' ? 'leave' : 'shot'}\n`,
  );
  return 0;
}

process.exitCode = main(process.argv.slice(2));
