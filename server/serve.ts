import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { PoolEvaluator } from '../ai/pool.js';
import { buildApp } from './app.js';
import { PlannerQueue } from './plannerQueue.js';
import { SqliteStore } from './sqliteStore.js';

/**
 * `pool8 serve`: the store, one shared worker pool for every request, the
 * planner queue in front of it, and the HTTP application listening.
 */
export interface ServeOptions {
  readonly port: number;
  readonly host: string;
  /** The SQLite file (`:memory:` for none). */
  readonly db: string;
  readonly threads: number;
  /** Decisions planned at once on the pool. */
  readonly planners: number;
  /** Decisions that may wait; beyond, 429. */
  readonly queue: number;
  readonly bodyLimit?: number;
  readonly requestTimeoutMs?: number;
  readonly logLevel?: string;
  readonly synchronous?: 'NORMAL' | 'FULL';
  /** The built web page served at `/` (default: dist/web). */
  readonly webRoot?: string;
}

export interface Server {
  readonly app: FastifyInstance;
  readonly url: string;
  close(): Promise<void>;
}

export async function startServer(o: ServeOptions): Promise<Server> {
  const store = new SqliteStore(o.db, o.synchronous ? { synchronous: o.synchronous } : {});
  const evaluator = new PoolEvaluator(o.threads);
  const queue = new PlannerQueue(o.planners, o.queue);
  const app = await buildApp({
    store,
    evaluator,
    queue,
    threads: o.threads,
    logger: o.logLevel === 'silent' ? false : { level: o.logLevel ?? 'info' },
    ...(o.bodyLimit !== undefined ? { bodyLimit: o.bodyLimit } : {}),
    ...(o.requestTimeoutMs !== undefined ? { requestTimeoutMs: o.requestTimeoutMs } : {}),
    ...(o.webRoot !== undefined ? { webRoot: o.webRoot } : {}),
  });
  await app.listen({ port: o.port, host: o.host });
  const addr = app.server.address() as AddressInfo;
  const host = addr.family === 'IPv6' ? `[${addr.address}]` : addr.address;
  let closed = false;
  return {
    app,
    url: `http://${host}:${addr.port}`,
    async close() {
      if (closed) return;
      closed = true;
      await app.close();
      await evaluator.close();
      store.close();
    },
  };
}
