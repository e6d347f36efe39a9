import { Job, Queue, QueueEvents, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import type { Evaluator } from '../ai/evaluator.js';
import type { ExperimentSpec } from '../play/experiment.js';
import { experimentId, playGames } from '../play/experiment.js';
import type { PlayerSpec } from '../play/game.js';
import { makeDeciders } from '../play/players.js';
import { type GameRecord, gameRecord } from '../play/record.js';
import type { ExperimentStore } from './store.js';

/**
 * Self-play spread over machines with BullMQ on Redis. The coordinator
 * (`pool8 match --queue URL`) publishes the experiment's missing pairs as
 * jobs — plain data: the experiment's definition and the pair's index, from
 * which every seed follows — and stores the records the workers return.
 * Workers (`pool8 worker --queue URL`, on any machine) play them.
 *
 * Nothing is counted twice or lost: a job's id is the experiment id and the
 * pair, so publishing again (a restarted coordinator) adds nothing; a worker
 * killed mid-game stops renewing its lock, and after the stall timeout the
 * job is handed to another worker; the store keeps the first record of each
 * game index. A coordinator restarted later first collects the jobs that
 * finished while it was away.
 */
export const QUEUE_NAME = 'pool8-experiments';

export interface PairJob {
  readonly spec: ExperimentSpec;
  /** Pair k: games 2k and 2k + 1 (each rack twice, the breaker swapped). */
  readonly pair: number;
}

export interface PairResult {
  readonly games: readonly { readonly index: number; readonly record: GameRecord }[];
}

export const jobIdOf = (id: string, pair: number): string => `${id}-${pair}`;

/** A Redis connection for BullMQ (workers need `maxRetriesPerRequest: null`). */
export function redisAt(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: null, lazyConnect: false });
}

/** Plays one job's pair; the records are those of a local run with the same seeds. */
export async function playPair(job: PairJob, evaluator: Evaluator): Promise<PairResult> {
  const { spec } = job;
  const players = spec.players as readonly [PlayerSpec, PlayerSpec];
  const deciders = makeDeciders(players, { evaluator, now: () => performance.now() });
  const indices = [2 * job.pair, 2 * job.pair + 1].filter((g) => g < spec.games);
  const r = await playGames(spec, indices, deciders, 1, { now: () => performance.now() });
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return {
    games: indices.map((index) => ({
      index,
      record: gameRecord(players, spec.rules, spec.table, spec.seed, [r.value.get(index)!]),
    })),
  };
}

export interface WorkerOptions {
  readonly url: string;
  readonly evaluator: Evaluator;
  /** Milliseconds a job's lock lasts without renewal: how soon a dead worker's job moves on. */
  readonly lockMs?: number;
  readonly onJob?: (job: PairJob, ms: number) => void;
}

/** `pool8 worker`: takes pair jobs until closed. */
export function startWorker(o: WorkerOptions): {
  worker: Worker<PairJob, PairResult>;
  close: () => Promise<void>;
} {
  const lockDuration = o.lockMs ?? 30_000;
  const connection = redisAt(o.url);
  const worker = new Worker<PairJob, PairResult>(
    QUEUE_NAME,
    async (job) => {
      const t0 = performance.now();
      const out = await playPair(job.data, o.evaluator);
      o.onJob?.(job.data, performance.now() - t0);
      return out;
    },
    {
      connection,
      concurrency: 1,
      lockDuration,
      stalledInterval: Math.max(500, Math.floor(lockDuration / 2)),
      // A job whose worker died is handed on, not failed, up to this many times.
      maxStalledCount: 10,
    },
  );
  return {
    worker,
    close: async () => {
      await worker.close();
      connection.disconnect();
    },
  };
}

export interface CoordinatorHooks {
  /** A game came back and was stored for the first time. */
  readonly onGame?: (index: number, record: GameRecord) => void;
  readonly stop?: () => boolean;
}

/**
 * Publishes the missing pairs of an experiment and stores what comes back,
 * until every game in `wanted` is stored (or `stop`). Returns the games
 * stored by this run.
 */
export async function coordinate(
  spec: ExperimentSpec,
  store: ExperimentStore,
  url: string,
  wanted: readonly number[],
  hooks: CoordinatorHooks = {},
): Promise<number> {
  const id = experimentId(spec);
  const connection = redisAt(url);
  const queue = new Queue<PairJob, PairResult>(QUEUE_NAME, { connection });
  const eventsConnection = redisAt(url);
  const events = new QueueEvents(QUEUE_NAME, { connection: eventsConnection });
  const done = new Set(store.games(id).keys());
  let stored = 0;
  const pairsMissing = () => [
    ...new Set(wanted.filter((g) => !done.has(g)).map((g) => Math.floor(g / 2))),
  ];
  const collect = async (pair: number): Promise<void> => {
    const job = await Job.fromId<PairJob, PairResult>(queue, jobIdOf(id, pair));
    if (!job || !(await job.isCompleted())) return;
    for (const g of job.returnvalue.games) {
      done.add(g.index);
      if (store.save(id, g.index, g.record)) {
        stored++;
        hooks.onGame?.(g.index, g.record);
      }
    }
    await job.remove().catch(() => {});
  };
  try {
    await events.waitUntilReady();
    // What finished while no coordinator was listening, then what is still to do.
    for (const pair of pairsMissing()) await collect(pair);
    for (const pair of pairsMissing()) {
      await queue.add(
        'pair',
        { spec, pair },
        { jobId: jobIdOf(id, pair), removeOnComplete: false, removeOnFail: false, attempts: 3 },
      );
    }
    const failed: { job: string | null; reason: string } = { job: null, reason: '' };
    const onCompleted = ({ jobId }: { jobId: string }) => {
      const m = /-(\d+)$/.exec(jobId);
      if (jobId.startsWith(`${id}-`) && m) void collect(Number(m[1]));
    };
    const onFailed = ({ jobId, failedReason }: { jobId: string; failedReason: string }) => {
      if (jobId.startsWith(`${id}-`)) Object.assign(failed, { job: jobId, reason: failedReason });
    };
    events.on('completed', onCompleted);
    events.on('failed', onFailed);
    // Events can be missed (a reconnect): look at every job still missing now and then.
    while (pairsMissing().length > 0 && !hooks.stop?.()) {
      if (failed.job !== null) {
        // Failed for good only once its attempts are spent (a retry may still be coming).
        const job = await Job.fromId(queue, failed.job);
        if (job && (await job.isFailed()))
          throw new Error(`job ${failed.job} failed: ${failed.reason}`);
        failed.job = null;
      }
      await new Promise((r) => setTimeout(r, 1000));
      for (const pair of pairsMissing()) await collect(pair);
    }
    events.off('completed', onCompleted);
    events.off('failed', onFailed);
    // Stopped early (Ctrl-C, an SPRT decided): take back the pairs no worker has started.
    for (const pair of pairsMissing()) {
      const job = await Job.fromId(queue, jobIdOf(id, pair));
      if (job && (await job.isWaiting())) await job.remove().catch(() => {});
    }
    return stored;
  } finally {
    await events.close();
    await queue.close();
    // Connections handed to BullMQ are the caller's to close.
    connection.disconnect();
    eventsConnection.disconnect();
  }
}
