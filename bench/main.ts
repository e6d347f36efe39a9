import { parseArgs } from 'node:util';
import { CASES } from './cases.js';
import { loadBenchmark } from './loadBenchmark.js';
import { baselineName, type Entry, entries } from './runners.js';

/**
 * `npm run bench`: times every case on the simulator and on the
 * naive planck yardstick with benchmark.js, then prints one table with the
 * speed-up of each simulator case over its baseline measured in the same
 * run. See bench/README.md.
 *
 * Exit codes: 0 ok; 1 a case failed its sanity check or threw while timed
 * (the others are still timed and reported); 2 bad usage.
 */
const USAGE = `usage: node dist/bench/main.js [--json] [--filter <substring>]... [--min-time <s>] [--max-time <s>] [--check]

  --json            print only { "<name>": { "hz": …, "rme": … }, … } on stdout
  --filter <s>      run only the entries whose name contains <s> (repeatable: any of them)
  --min-time <s>    benchmark.js minTime: least time per sample, s (default 0.1)
  --max-time <s>    benchmark.js maxTime: time budget per entry, s (default 4)
  --check           run the sanity check of each entry, print what it did, time nothing

cases:
${CASES.map((c) => `  ${c.name.padEnd(12)} ${c.about}`).join('\n')}

examples:
  npm run bench
  npm run -s bench -- --json > bench.json
  node dist/bench/main.js --filter break --min-time 0.5
  node dist/bench/main.js --filter sim/ --check`;

interface Options {
  json: boolean;
  filters: string[];
  minTime: number;
  maxTime: number;
  check: boolean;
}

class UsageError extends Error {}

function parseOptions(argv: string[]): Options {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: {
      json: { type: 'boolean', default: false },
      filter: { type: 'string', multiple: true, default: [] },
      'min-time': { type: 'string', default: '0.1' },
      'max-time': { type: 'string', default: '4' },
      check: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  const seconds = (option: string, text: string): number => {
    const s = Number(text);
    if (text.trim() === '' || !Number.isFinite(s) || s < 0) {
      throw new UsageError(`--${option} must be a number of seconds ≥ 0, got '${text}'`);
    }
    return s;
  };
  return {
    json: values.json,
    filters: values.filter,
    minTime: seconds('min-time', values['min-time']),
    maxTime: seconds('max-time', values['max-time']),
    check: values.check,
  };
}

interface Measured {
  readonly entry: Entry;
  readonly hz: number;
  readonly rme: number;
  readonly samples: number;
}

/** benchmark.js, in its own context (bench/loadBenchmark.ts says why). */
const Benchmark = loadBenchmark();

/** Keeps the results alive so no call can be optimised away. */
let sink: unknown;

function time(entry: Entry, o: Options, log: (s: string) => void): Measured | null {
  const bench = new Benchmark(
    entry.name,
    () => {
      sink = entry.run();
    },
    { minTime: o.minTime, maxTime: o.maxTime, minSamples: 5 },
  );
  bench.run();
  if (bench.error) {
    log(`error: ${entry.name} threw while timed: ${String(bench.error)}`);
    return null;
  }
  return {
    entry,
    hz: bench.hz,
    rme: bench.stats.rme,
    samples: bench.stats.sample.length,
  };
}

function formatHz(hz: number): string {
  if (hz >= 100) return Math.round(hz).toLocaleString('en-US');
  if (hz >= 10) return hz.toFixed(1);
  return hz.toFixed(2);
}

function formatMs(hz: number): string {
  const ms = 1000 / hz;
  return ms >= 10 ? ms.toFixed(1) : ms >= 0.1 ? ms.toFixed(3) : ms.toFixed(4);
}

function table(rows: Measured[]): string {
  const byName = new Map(rows.map((r) => [r.entry.name, r]));
  const head = ['name', 'ops/s', '±rme', 'ms/op', 'samples', 'speed-up'];
  const body = rows.map((r) => {
    let speedup = '';
    if (r.entry.kind === 'sim' && r.entry.benchCase !== null) {
      const base = byName.get(baselineName(r.entry.benchCase));
      speedup = base === undefined ? '–' : `×${formatHz(r.hz / base.hz)}`;
    }
    return [
      r.entry.name,
      formatHz(r.hz),
      `${r.rme.toFixed(1)} %`,
      formatMs(r.hz),
      String(r.samples),
      speedup,
    ];
  });
  const widths = head.map((h, k) => Math.max(h.length, ...body.map((row) => row[k]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, k) => (k === 0 ? c.padEnd(widths[k]!) : c.padStart(widths[k]!)))
      .join('  ')
      .trimEnd();
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...body.map(line)].join('\n');
}

function main(): number {
  let o: Options;
  try {
    o = parseOptions(process.argv.slice(2));
  } catch (e) {
    process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n\n${USAGE}\n`);
    return 2;
  }
  // Progress and errors go to stderr, so `--json` leaves stdout pure JSON.
  const log = (s: string) => process.stderr.write(`${s}\n`);
  const selected = entries().filter(
    (e) => o.filters.length === 0 || o.filters.some((f) => e.name.includes(f)),
  );
  if (selected.length === 0) {
    log(`no entry matches --filter ${o.filters.join(', ')}`);
    return 2;
  }
  let failed = false;
  const ready: Entry[] = [];
  for (const e of selected) {
    try {
      const what = e.check();
      if (o.check) process.stdout.write(`${e.name}: ${what}\n`);
      ready.push(e);
    } catch (err) {
      failed = true;
      log(`error: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  if (o.check) return failed ? 1 : 0;

  const rows: Measured[] = [];
  for (const e of ready) {
    if (!o.json) log(`timing ${e.name} …`);
    const m = time(e, o, log);
    if (m === null) failed = true;
    else rows.push(m);
  }
  void sink;

  if (o.json) {
    const out: Record<string, { hz: number; rme: number }> = {};
    for (const r of rows) out[r.entry.name] = { hz: r.hz, rme: r.rme };
    process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
  } else {
    process.stdout.write(
      `pool8 bench — node ${process.version}, benchmark.js minTime ${o.minTime} s, maxTime ${o.maxTime} s\n\n`,
    );
    process.stdout.write(`${table(rows)}\n`);
  }
  return failed ? 1 : 0;
}

process.exitCode = main();
