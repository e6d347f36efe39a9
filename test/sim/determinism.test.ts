import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { outcomeHash, simulate } from '../../sim/index.js';
import { GOLDEN_SHOTS } from './goldenShots.js';

/**
 * Determinism contract (sim/README.md): the same input gives identical bits
 * in this process (sources via vitest), in a child process and in a worker
 * thread (both running the compiled dist/ code). `npm test` builds dist/
 * first.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const dist = `${root}dist/sim/index.js`;
const goldenFile = fileURLToPath(new URL('./fixtures/golden.json', import.meta.url));

const inputs = GOLDEN_SHOTS.map((g) => ({ layout: g.layout, shot: g.shot }));

function hashesHere(): string[] {
  return inputs.map((x) => {
    const r = simulate(x.layout, x.shot);
    if (!r.ok) throw new Error(r.error.message);
    return outcomeHash(r.value);
  });
}

// Runs in a child process and in a worker: reads the inputs, prints the hashes.
const script = `
const { simulate, outcomeHash } = await import(${JSON.stringify(pathToFileURL(dist).href)});
const inputs = JSON.parse(process.env.POOL8_INPUTS ?? (await import('node:worker_threads')).workerData);
const out = inputs.map((x) => outcomeHash(simulate(x.layout, x.shot).value));
const wt = await import('node:worker_threads');
if (wt.parentPort) wt.parentPort.postMessage(out); else process.stdout.write(JSON.stringify(out));
`;

describe('determinism', () => {
  it('dist/ is built (npm test runs `npm run build` first)', () => {
    expect(existsSync(dist), `${dist} is missing: run npm run build`).toBe(true);
  });

  it('same input, same bits: twice in-process, in a child process and in a worker thread', async () => {
    const here = hashesHere();
    expect(hashesHere()).toEqual(here);
    const child = JSON.parse(
      execFileSync(process.execPath, ['--input-type=module', '-e', script], {
        env: { ...process.env, POOL8_INPUTS: JSON.stringify(inputs) },
        encoding: 'utf8',
      }),
    ) as string[];
    expect(child).toEqual(here);
    const worker = await new Promise<string[]>((resolve, reject) => {
      const w = new Worker(new URL(`data:text/javascript,${encodeURIComponent(script)}`), {
        workerData: JSON.stringify(inputs),
        env: {},
      });
      w.once('message', (m: string[]) => resolve(m));
      w.once('error', reject);
    });
    expect(worker).toEqual(here);
  });

  it('golden final-state hashes of 10 named shots (fixtures/golden.json)', () => {
    const here = hashesHere();
    const table = Object.fromEntries(GOLDEN_SHOTS.map((g, k) => [g.name, here[k]!]));
    if (process.env.POOL8_UPDATE_GOLDEN === '1')
      writeFileSync(goldenFile, `${JSON.stringify(table, null, 2)}\n`);
    const golden = JSON.parse(readFileSync(goldenFile, 'utf8')) as Record<string, string>;
    expect(Object.keys(golden)).toHaveLength(10);
    expect(table).toEqual(golden);
  });
});
