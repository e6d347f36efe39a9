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

/** A batch is sent again this many times when its worker dies under it. */
export const WORKER_RETRIES = 3;

/**
 * The pool starts on the first task, not when it is made: a game between
 * baselines never starts a thread, and a quick command never tears down
 * workers that are still loading (V8 aborted such exits in about 5 % of
 * runs, losing the command's output). Tasks are plain data with their seeds,
 * so a batch whose worker died is sent again and gives the same results.
 */
export class PoolEvaluator implements Evaluator {
  private pool: Piscina | null = null;
  readonly threads: number;
  /** Batches sent again after a worker died (for reports and tests). */
  retried = 0;

  constructor(threads = Math.max(1, availableParallelism())) {
    if (!Number.isInteger(threads) || threads < 1)
      throw new RangeError('threads must be a whole number ≥ 1');
    this.threads = threads;
  }

  private started(): Piscina {
    this.pool ??= new Piscina({
      filename: workerUrl(),
      minThreads: this.threads,
      maxThreads: this.threads,
      idleTimeout: 60_000,
    });
    return this.pool;
  }

  /** One batch on a worker; again on another when the worker dies (not when the task fails). */
  private async send(batch: readonly Task[]): Promise<TaskResult[]> {
    for (let attempt = 0; ; attempt++) {
      try {
        return (await this.started().run(batch)) as TaskResult[];
      } catch (e) {
        if (attempt >= WORKER_RETRIES || !workerDied(e)) throw e;
        this.retried++;
      }
    }
  }

  async run(tasks: readonly Task[]): Promise<TaskResult[]> {
    if (tasks.length === 0) return [];
    // About 4 batches per thread balances load without many messages.
    const batches = Math.min(tasks.length, this.threads * 4);
    const size = Math.ceil(tasks.length / batches);
    const jobs: Promise<TaskResult[]>[] = [];
    for (let i = 0; i < tasks.length; i += size) jobs.push(this.send(tasks.slice(i, i + size)));
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
        out[k] = (await this.send([tasks[k]!]))[0]!;
      }
    };
    await Promise.all(Array.from({ length: this.threads }, lane));
    return out;
  }

  async close(): Promise<void> {
    const pool = this.pool;
    this.pool = null;
    await pool?.destroy();
  }
}

/**
 * Piscina rejects the tasks of a worker that exited with "worker exited with
 * code: N" and starts another. Not retried: an exception the task threw (a
 * bug), and "Terminating worker thread" (the pool is being closed).
 */
function workerDied(e: unknown): boolean {
  return e instanceof Error && /^worker exited with code/.test(e.message);
}
