import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { type Evaluator, latch } from './evaluator.js';
import type { Task, TaskResult } from './sampling.js';

/**
 * A piscina pool of worker threads as an Evaluator. The only file in ai/
 * that touches threads; the planner itself stays pure. Tasks are sent in
 * batches (one message per batch, not per task: the tasks are small and a
 * message costs more than a short simulation), and results are reassembled
 * in task order.
 */
/**
 * The compiled worker. Under the test runner this module is loaded from its
 * TypeScript source, and worker threads cannot load .ts, so it points at the
 * build in dist/ (npm test builds first).
 */
function workerUrl(): string {
  const here = import.meta.url;
  return here.endsWith('.ts')
    ? new URL('../dist/ai/worker.js', here).href
    : new URL('./worker.js', here).href;
}

export class PoolEvaluator implements Evaluator {
  private readonly pool: Piscina;
  readonly threads: number;

  constructor(threads = Math.max(1, availableParallelism())) {
    if (!Number.isInteger(threads) || threads < 1)
      throw new RangeError('threads must be a whole number ≥ 1');
    this.threads = threads;
    this.pool = new Piscina({
      filename: workerUrl(),
      minThreads: threads,
      maxThreads: threads,
      idleTimeout: 60_000,
    });
  }

  async run(tasks: readonly Task[]): Promise<TaskResult[]> {
    if (tasks.length === 0) return [];
    // About 4 batches per thread balances load without many messages.
    const batches = Math.min(tasks.length, this.threads * 4);
    const size = Math.ceil(tasks.length / batches);
    const jobs: Promise<TaskResult[]>[] = [];
    for (let i = 0; i < tasks.length; i += size) jobs.push(this.pool.run(tasks.slice(i, i + size)));
    return (await Promise.all(jobs)).flat();
  }

  /**
   * One task per message and one in flight per thread, so that `stop` is
   * asked just before each task starts: past a time limit the pool overruns
   * by the tasks already running, not by a queue of them.
   */
  async runUntil(tasks: readonly Task[], stop: () => boolean): Promise<(TaskResult | null)[]> {
    const out: (TaskResult | null)[] = tasks.map(() => null);
    let next = 0;
    const over = latch(stop);
    const lane = async () => {
      while (next < tasks.length && !over()) {
        const k = next++;
        out[k] = ((await this.pool.run([tasks[k]])) as TaskResult[])[0]!;
      }
    };
    await Promise.all(Array.from({ length: this.threads }, lane));
    return out;
  }

  async close(): Promise<void> {
    await this.pool.destroy();
  }
}
