import type { Command } from 'commander';
import { PoolEvaluator } from '../../ai/pool.js';
import type { PlayerSpec } from '../../play/game.js';
import { playerName } from '../../play/players.js';
import { intOption } from '../options.js';

/**
 * `pool8 worker --queue redis://…`: plays the pairs a `pool8 match --queue`
 * coordinator publishes, on any number of machines, until Ctrl-C (or
 * SIGTERM), which lets the pair in hand finish.
 */
export function registerWorker(program: Command): void {
  program
    .command('worker')
    .description('play the pairs that `pool8 match --queue` publishes (BullMQ on Redis)')
    .requiredOption(
      '--queue <redis-url>',
      'the Redis the coordinator publishes to, e.g. redis://127.0.0.1:6379',
    )
    .option('--threads <n>', 'worker threads for the planner', intOption('--threads', 1, 64), 2)
    .option(
      '--lock-ms <ms>',
      "how long a job's lock lasts unrenewed: a dead worker's job moves on after this",
      intOption('--lock-ms', 1000, 3_600_000),
      30_000,
    )
    .addHelpText(
      'after',
      `
Examples:
  $ pool8 worker --queue redis://127.0.0.1:6379
  $ pool8 match --a olympiad --b greedy --games 400 --db results.sqlite --queue redis://127.0.0.1:6379`,
    )
    .action(async (o: { queue: string; threads: number; lockMs: number }) => {
      // bullmq and ioredis load only for the commands that talk to Redis.
      const { startWorker } = await import('../../experiments/queue.js');
      const evaluator = new PoolEvaluator(o.threads);
      const { worker, close } = startWorker({
        url: o.queue,
        evaluator,
        lockMs: o.lockMs,
        onJob: (job, ms) =>
          process.stderr.write(
            `pair ${job.pair}: ${playerName(job.spec.players[0] as PlayerSpec)} vs ${playerName(job.spec.players[1] as PlayerSpec)}, seed ${job.spec.seed}, ${(ms / 1000).toFixed(1)} s\n`,
          ),
      });
      worker.on('error', (e) => process.stderr.write(`worker: ${e.message}\n`));
      await worker.waitUntilReady();
      process.stderr.write(`worker ready on ${o.queue}\n`);
      await new Promise<void>((resolve) => {
        const stop = () => resolve();
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      });
      await close();
      await evaluator.close();
    });
}
