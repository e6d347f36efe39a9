/**
 * What a `pool8` command loads before it runs. fastify and its plugins
 * (0.28 s to import here) and bullmq with ioredis (0.36 s) served only
 * `serve`, `worker` and `match --queue`, yet every command paid for them:
 * `pool8 --help` took 0.60–0.64 s with them and 0.37 s without
 * (docs/measurements.md, "Test suite"). They load inside those commands now;
 * this keeps a top-level import from bringing them back.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from './pool8.js';

/** The npm packages loaded by importing a built module, in a fresh process. */
function packagesLoadedBy(module: string): string[] {
  const script = `
    import { createRequire } from 'node:module';
    await import(${JSON.stringify(join(root, module))});
    const names = Object.keys(createRequire(import.meta.url).cache)
      .filter((k) => k.includes('/node_modules/'))
      .map((k) => k.split('/node_modules/').pop().split('/'))
      .map((p) => (p[0].startsWith('@') ? p.slice(0, 2) : p.slice(0, 1)).join('/'));
    console.log(JSON.stringify([...new Set(names)]));`;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    encoding: 'utf8',
    cwd: root,
  });
  expect(r.stderr).toBe('');
  return JSON.parse(r.stdout) as string[];
}

const SERVICE_PACKAGES = ['fastify', '@fastify/static', '@fastify/swagger', 'bullmq', 'ioredis'];

describe('pool8 startup', () => {
  it('the command line loads no HTTP or queue package until a command needs it', () => {
    const loaded = packagesLoadedBy('dist/cli/program.js');
    expect(loaded).toContain('commander');
    for (const p of SERVICE_PACKAGES) expect(loaded).not.toContain(p);
  });

  it('the detection sees them when they are loaded (the server and the queue modules)', () => {
    expect(packagesLoadedBy('dist/server/serve.js')).toEqual(
      expect.arrayContaining(['fastify', '@fastify/static', '@fastify/swagger']),
    );
    expect(packagesLoadedBy('dist/experiments/queue.js')).toEqual(
      expect.arrayContaining(['bullmq', 'ioredis']),
    );
  });
});
