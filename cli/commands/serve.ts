import { availableParallelism } from 'node:os';
import type { Command } from 'commander';
import { CliError } from '../io.js';
import { intOption } from '../options.js';

/** `pool8 serve`: the bot, referee and simulator over HTTP (docs/server.md). */
export function registerServe(program: Command): void {
  program
    .command('serve')
    .description('serve the bot, the referee and the simulator over HTTP, games kept in SQLite')
    .option(
      '--port <n>',
      'port to listen on (0: any free port)',
      intOption('--port', 0, 65535),
      8080,
    )
    .option('--host <address>', 'address to listen on', '127.0.0.1')
    .option('--db <file>', 'SQLite file of the games (:memory: for none)', 'pool8.sqlite')
    .option(
      '--threads <n>',
      'worker threads of the shared planner pool',
      intOption('--threads', 1, 64),
      Math.max(1, availableParallelism()),
    )
    .option('--planners <n>', 'decisions planned at once', intOption('--planners', 1, 64), 2)
    .option(
      '--queue <n>',
      'decisions that may wait for the planner; beyond, 429',
      intOption('--queue', 0, 100_000),
      32,
    )
    .option(
      '--body-limit <bytes>',
      'largest request body',
      intOption('--body-limit', 1024, 64 * 1024 * 1024),
      1024 * 1024,
    )
    .option(
      '--request-timeout <ms>',
      'answer 503 E_TIMEOUT after this long',
      intOption('--request-timeout', 100, 3_600_000),
      120_000,
    )
    .option('--log-level <level>', 'fatal | error | warn | info | debug | silent', 'info')
    .option(
      '--sync <mode>',
      'SQLite synchronous: NORMAL (crash-safe) or FULL (power-safe)',
      'NORMAL',
    )
    .option(
      '--web-root <dir>',
      'the built web page served at / (default: dist/web of this install)',
    )
    .addHelpText(
      'after',
      `
Examples:
  $ pool8 serve
  $ pool8 serve --port 0 --db :memory: --threads 2
  $ curl -s localhost:8080/healthz`,
    )
    .action(
      async (opts: {
        port: number;
        host: string;
        db: string;
        threads: number;
        planners: number;
        queue: number;
        bodyLimit: number;
        requestTimeout: number;
        logLevel: string;
        sync: string;
        webRoot?: string;
      }) => {
        if (opts.sync !== 'NORMAL' && opts.sync !== 'FULL')
          throw new CliError('E_INPUT_BAD_OPTION', '--sync must be NORMAL or FULL');
        // Loaded here, not at the top: fastify and its plugins take a third of a
        // second to import, which every other command would pay.
        const { startServer } = await import('../../server/serve.js');
        const server = await startServer({
          port: opts.port,
          host: opts.host,
          db: opts.db,
          threads: opts.threads,
          planners: opts.planners,
          queue: opts.queue,
          bodyLimit: opts.bodyLimit,
          requestTimeoutMs: opts.requestTimeout,
          logLevel: opts.logLevel,
          synchronous: opts.sync,
          ...(opts.webRoot !== undefined ? { webRoot: opts.webRoot } : {}),
        });
        process.stderr.write(
          `pool8 serve: listening on ${server.url} (db ${opts.db}, ${opts.threads} threads, ready ${Math.round(process.uptime() * 1000)} ms after start)\n`,
        );
        const stop = () => {
          server.close().then(
            () => process.exit(0),
            () => process.exit(1),
          );
        };
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      },
    );
}
