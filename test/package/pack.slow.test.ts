/**
 * The package as a user gets it: `npm pack` the repo, install the tarball in
 * a scratch project beside the same TypeScript and @types/node as ours,
 * type-check a program against the published declarations (strict,
 * nodenext) and run it. The program imports the facade (`pool8`) and the
 * layers (`pool8/engine`, `/sim`, `/ai`, `/play`), lets a bot break, plays
 * the break through the referee, replays its events through the engine's
 * own referee, and asks for suggestions after it, which run on the worker
 * pool from the installed dist/ai/worker.js. examples/bot.ts, as shipped, is compiled and run too.
 *
 * Like the CLI tests it uses dist/ (`npm test` builds first); when dist/ is
 * older than a source file it stops and says to build. The registry is only asked for what
 * npm's cache lacks (--prefer-offline).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

function run(cmd: string, args: readonly string[], cwd: string): string {
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (r.error) throw r.error;
  if (r.status !== 0)
    throw new Error(`${cmd} ${args.join(' ')} exited ${r.status}\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

/** The newest modification time of the .ts files under these source folders. */
function newestSource(dirs: readonly string[]): number {
  let newest = 0;
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.ts')) newest = Math.max(newest, statSync(p).mtimeMs);
    }
  };
  for (const d of dirs) walk(join(root, d));
  return newest;
}

function ensureBuilt(): void {
  const built = join(root, 'dist/api/index.d.ts');
  let stale = true;
  try {
    stale = statSync(built).mtimeMs < newestSource(['api', 'engine', 'sim', 'ai', 'play', 'cli']);
  } catch {}
  // Not rebuilt here: the build empties dist/, which the other test files
  // running beside this one read. `npm test` builds first.
  if (stale) throw new Error('dist/ is older than the sources: run `npm run build` first');
}

const PROGRAM = `import { createBot, newFrame, referee, type Move } from 'pool8';
import { LEVELS } from 'pool8/ai';
import { apply } from 'pool8/engine';
import { pairedRate } from 'pool8/play';
import { DEFAULT_PHYSICS } from 'pool8/sim';

const bot = createBot({
  level: 'beginner',
  threads: 1,
  seed: 7,
  budget: { candidates: 2, samples: 4, finalists: 1, finalSamples: 4 },
});
try {
  const state = newFrame({ seed: 7 });
  const move = await bot.decide(state);
  if (!move.ok) throw new Error(move.error.code);
  const decision: Move = move.value;
  const played = referee.apply(state, decision);
  // The same events through the engine's referee: the same verdict.
  const again =
    played.ok && played.value.events
      ? apply(state, {
          type: 'shot',
          call: decision.type === 'stroke' ? (decision.call ?? undefined) : undefined,
          events: played.value.events,
          layout: played.value.layout,
        })
      : null;
  const next = played.ok ? await bot.suggest(played.value.state, { top: 2 }) : null;
  console.log(
    JSON.stringify({
      decision,
      verdict: played.ok ? { ok: true, kind: played.value.verdict.kind } : { ok: false, code: played.error.code },
      engine: again && again.ok ? again.value.verdict.kind : null,
      pending: played.ok ? played.value.state.pending !== null : null,
      suggestions: next && next.ok ? next.value : next?.error.code,
      layers: [LEVELS.beginner.noise.phi, pairedRate([true, false]).games, DEFAULT_PHYSICS.R],
    }),
  );
} finally {
  await bot.close();
}
`;

describe('the npm package', () => {
  let dir = '';
  let files: string[] = [];
  let tarball = '';
  const ms: Record<string, number> = {};
  const timed = <T>(name: string, f: () => T): T => {
    const t0 = performance.now();
    try {
      return f();
    } finally {
      ms[name] = Math.round(performance.now() - t0);
    }
  };

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'pool8-pack-'));
    timed('build', ensureBuilt);
    // --ignore-scripts: dist/ is built above; `prepare` would rebuild it under the other tests.
    const packed = timed('pack', () =>
      JSON.parse(
        run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', dir], root),
      ),
    );
    tarball = join(dir, packed[0].filename);
    files = packed[0].files.map((f: { path: string }) => f.path);
    writeFileSync(
      join(dir, 'package.json'),
      JSON.stringify({ name: 'scratch', private: true, type: 'module' }),
    );
    timed('install', () =>
      run(
        'npm',
        [
          'install',
          tarball,
          `typescript@${pkg.devDependencies.typescript}`,
          `@types/node@${pkg.devDependencies['@types/node']}`,
          '--prefer-offline',
          // No install scripts: the library needs none, and better-sqlite3's
          // native build (the server's and the experiment store's, whose own
          // tests run them) takes over a minute here without a prebuilt binary.
          '--ignore-scripts',
          '--no-audit',
          '--no-fund',
          '--loglevel=error',
        ],
        dir,
      ),
    );
  }, 120_000);

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    console.log(`pack test timings (ms): ${JSON.stringify(ms)}`);
  });

  it('holds the API declarations and reference, the examples, the licence', () => {
    expect(files).toContain('dist/api/index.d.ts');
    expect(files).toContain('dist/api/index.js');
    expect(files).toContain('dist/engine/index.d.ts');
    expect(files).toContain('dist/ai/worker.js');
    expect(files).toContain('dist/cli/main.js');
    expect(files).toContain('examples/bot.ts');
    expect(files).toContain('LICENSE');
    expect(files).toContain('README.md');
    expect(files).toContain('docs/api/pool8.md');
    // The page `pool8 serve` serves at /, built; its sources stay out.
    expect(files).toContain('dist/web/index.html');
    expect(files.some((f) => /^dist\/web\/assets\/index-[\w-]+\.js$/.test(f))).toBe(true);
    expect(
      files.some((f) => f.startsWith('test/') || f.startsWith('api/') || f.startsWith('web/')),
    ).toBe(false);
  });

  it('type-checks and runs a program that imports pool8 and pool8/engine', () => {
    writeFileSync(join(dir, 'index.ts'), PROGRAM);
    writeFileSync(
      join(dir, 'example.ts'),
      readFileSync(join(dir, 'node_modules/pool8/examples/bot.ts'), 'utf8'),
    );
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'es2022',
          lib: ['es2022'],
          module: 'nodenext',
          moduleResolution: 'nodenext',
          types: ['node'],
          strict: true,
          skipLibCheck: false,
          noEmit: false,
        },
        files: ['index.ts', 'example.ts'],
      }),
    );
    timed('tsc', () => run(join(dir, 'node_modules/.bin/tsc'), ['-p', '.'], dir));

    const out = timed('run', () => run(process.execPath, ['index.js'], dir))
      .trim()
      .split('\n');
    expect(out).toHaveLength(1);
    const r = JSON.parse(out[0]!);
    expect(['stroke', 'decide', 'stalemate']).toContain(r.decision.type);
    expect(r.decision.type).toBe('stroke'); // a new frame: the break
    expect(r.decision.call).toBeNull();
    expect(typeof r.decision.reason).toBe('string');
    expect(r.verdict.ok).toBe(true);
    expect(typeof r.verdict.kind).toBe('string');
    expect(r.engine).toBe(r.verdict.kind);
    // After the break: shots ranked on the installed worker pool (none while a choice is pending).
    expect(Array.isArray(r.suggestions)).toBe(true);
    if (!r.pending) {
      expect(r.suggestions.length).toBeGreaterThan(0);
      for (const s of r.suggestions) {
        expect(s.type).toBe('stroke');
        expect(s.value).toBeGreaterThanOrEqual(0);
        expect(s.value).toBeLessThanOrEqual(1);
        expect(s.stderr).toBeGreaterThanOrEqual(0);
        expect(s.samples).toBeGreaterThan(0);
        expect(s.margin95).toBeCloseTo(1.96 * s.stderr, 12);
      }
    }

    // The other layers resolve through the exports map, types included.
    expect(r.layers).toEqual([expect.any(Number), 2, expect.any(Number)]);

    const example = timed('example', () => run(process.execPath, ['example.js'], dir));
    expect(example).toMatch(/^move: \{"type":"stroke"/m);
    expect(example).toMatch(/^verdict: \w+ \(R/m);
  }, 120_000);
});
