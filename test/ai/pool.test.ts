/**
 * The worker pool as a resilient evaluator: it starts no thread until the
 * first task (a game between baselines never starts one), and a worker that
 * dies under a batch costs a retry, not the decision: the tasks carry their
 * seeds, so the answers equal the inline evaluator's bit for bit.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { inlineEvaluator } from '../../ai/evaluator.js';
import { LEVELS } from '../../ai/levels.js';
import { PoolEvaluator } from '../../ai/pool.js';
import type { SampleTask } from '../../ai/sampling.js';
import { DEFAULT_PHYSICS } from '../../sim/index.js';
import { HANGING_THREE, position } from './positions.js';

const state = position(HANGING_THREE);
const tasks: SampleTask[] = Array.from({ length: 64 }, (_, k) => ({
  kind: 'sample',
  state,
  call: null,
  shot: { phi: (k * 17) % 360, V: 1 + (k % 7) },
  placement: null,
  noise: LEVELS.amateur.noise,
  level: 'amateur',
  params: DEFAULT_PHYSICS,
  root: 11,
  candidate: k,
  first: 0,
  count: 8,
}));

let pool: PoolEvaluator | null = null;
afterEach(async () => {
  await pool?.close();
  pool = null;
});

/** The pool's piscina, reached past `private` to kill one of its workers. */
const piscinaOf = (p: PoolEvaluator) =>
  (p as unknown as { pool: { threads: { terminate(): Promise<number> }[] } | null }).pool;

describe('PoolEvaluator', () => {
  it('starts no worker before the first task, and closes without one', async () => {
    pool = new PoolEvaluator(2);
    expect(piscinaOf(pool)).toBeNull();
    await pool.close();
    expect(piscinaOf(pool)).toBeNull();
  });

  it('a worker killed under a batch: the batch is sent again, the answers are the same', async () => {
    pool = new PoolEvaluator(2);
    const expected = await inlineEvaluator.run(tasks);
    // Warm up, so both workers are running when one is killed.
    await pool.run(tasks.slice(0, 4));
    const running = pool.run(tasks);
    const threads = piscinaOf(pool)!.threads;
    expect(threads.length).toBeGreaterThan(0);
    await threads[0]!.terminate();
    const got = await running;
    expect(got).toEqual(expected);
    expect(pool.retried).toBeGreaterThan(0);
  });
});
