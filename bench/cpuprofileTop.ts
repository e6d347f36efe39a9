import { existsSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

/**
 * Summarises a V8 .cpuprofile (what `node --cpu-prof` writes): the functions
 * with the most self time, with their total (inclusive) time, mapped back to
 * the TypeScript source through the .js.map files tsc writes beside dist/.
 *
 *   node dist/bench/cpuprofileTop.js <file.cpuprofile> [--top 10]
 *
 * The format (Chrome DevTools protocol, Profiler.Profile): `nodes` is the
 * call tree, each node a call frame with its children's ids; `samples[i]` is
 * the node on top of the stack at sample i and `timeDeltas[i]` the µs since
 * the previous sample. Sample i is charged the time until sample i + 1 (the
 * last one until `endTime`), as DevTools does.
 */
interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}

interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}

interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface Row {
  /** `name  file:line`, the TypeScript location where a source map has one. */
  readonly where: string;
  readonly selfMs: number;
  readonly totalMs: number;
}

export interface Summary {
  readonly rows: Row[];
  readonly totalMs: number;
  readonly samples: number;
}

const maps = new Map<string, SourceMap | null>();

function sourceMapFor(file: string): SourceMap | null {
  let m = maps.get(file);
  if (m === undefined) {
    const mapFile = `${file}.map`;
    m = null;
    if (existsSync(mapFile)) {
      const payload = JSON.parse(readFileSync(mapFile, 'utf8'));
      // Resolve `sources` against the map's folder once, here.
      payload.sources = payload.sources.map((s: string) => resolve(dirname(mapFile), s));
      m = new SourceMap(payload);
    }
    maps.set(file, m);
  }
  return m;
}

function location(cf: CallFrame): string {
  const name = cf.functionName === '' ? '(anonymous)' : cf.functionName;
  if (cf.url === '') return name;
  let file = cf.url;
  let line = cf.lineNumber + 1;
  if (file.startsWith('file://')) {
    file = fileURLToPath(file);
    const entry = sourceMapFor(file)?.findEntry(cf.lineNumber, cf.columnNumber);
    if (entry !== undefined && 'originalSource' in entry) {
      file = entry.originalSource;
      line = entry.originalLine + 1;
    }
    file = relative(process.cwd(), file);
  }
  return `${name}  ${file}:${line}`;
}

export function summarise(profile: Profile): Summary {
  const byId = new Map<number, ProfileNode>();
  const parent = new Map<number, number>();
  for (const n of profile.nodes) {
    byId.set(n.id, n);
    for (const c of n.children ?? []) parent.set(c, n.id);
  }
  const keyOf = new Map<number, string>();
  for (const n of profile.nodes) keyOf.set(n.id, location(n.callFrame));

  const self = new Map<string, number>();
  const total = new Map<string, number>();
  const { samples, timeDeltas } = profile;
  let t = profile.startTime;
  let sum = 0;
  const seen = new Set<string>();
  for (let i = 0; i < samples.length; i++) {
    t += timeDeltas[i]!;
    const next = i + 1 < samples.length ? t + timeDeltas[i + 1]! : profile.endTime;
    const dt = Math.max(0, next - t) / 1000;
    sum += dt;
    const id = samples[i]!;
    const key = keyOf.get(id)!;
    self.set(key, (self.get(key) ?? 0) + dt);
    // Inclusive time: every distinct function on the stack, once (recursion).
    seen.clear();
    for (let n: number | undefined = id; n !== undefined; n = parent.get(n)) {
      const k = keyOf.get(n)!;
      if (seen.has(k)) continue;
      seen.add(k);
      total.set(k, (total.get(k) ?? 0) + dt);
    }
  }
  const rows = [...self.entries()]
    .map(([where, selfMs]) => ({ where, selfMs, totalMs: total.get(where) ?? selfMs }))
    .sort((a, b) => b.selfMs - a.selfMs || (a.where < b.where ? -1 : 1));
  return { rows, totalMs: sum, samples: samples.length };
}

function main(argv: string[]): number {
  let file: string;
  let top: number;
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: true,
      options: { top: { type: 'string', default: '10' } },
    });
    if (positionals.length !== 1) throw new Error('give exactly one .cpuprofile file');
    file = positionals[0]!;
    top = Number(values.top);
    if (!Number.isInteger(top) || top < 1) {
      throw new Error(`--top must be an integer ≥ 1, got '${values.top}'`);
    }
  } catch (e) {
    process.stderr.write(
      `${e instanceof Error ? e.message : String(e)}\nusage: node dist/bench/cpuprofileTop.js <file.cpuprofile> [--top 10]\n`,
    );
    return 2;
  }
  const s = summarise(JSON.parse(readFileSync(file, 'utf8')) as Profile);
  const pct = (ms: number) => `${((100 * ms) / s.totalMs).toFixed(1)} %`;
  const lines = [
    `${file}: ${s.samples} samples, ${s.totalMs.toFixed(0)} ms`,
    '',
    `${'self ms'.padStart(9)}  ${'self'.padStart(7)}  ${'total'.padStart(7)}  function`,
    ...s.rows
      .slice(0, top)
      .map(
        (r) =>
          `${r.selfMs.toFixed(1).padStart(9)}  ${pct(r.selfMs).padStart(7)}  ${pct(r.totalMs).padStart(7)}  ${r.where}`,
      ),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  return 0;
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = main(process.argv.slice(2));
}
