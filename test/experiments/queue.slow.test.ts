/**
 * Scale-out on a real Redis: `.ci/run` starts `redis-server` and sets
 * POOL8_REDIS_URL; run alone, this test starts its own redis-server (Debian's)
 * on a free port. A coordinator and two `pool8 worker` processes play an
 * experiment; one worker is killed (SIGKILL) in the middle of a job, whose
 * job is handed on after the lock expires and counted once. The stored games
 * equal a local run's.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comparableRecords } from './records.js';

const root = join(import.meta.dirname, '../..');
const bin = join(root, 'dist/cli/main.js');
const dir = mkdtempSync(join(tmpdir(), 'pool8-queue-'));
let url = process.env.POOL8_REDIS_URL ?? '';
let redis: ChildProcess | null = null;
const procs: ChildProcess[] = [];

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });

beforeAll(async () => {
  if (url !== '') return;
  const port = await freePort();
  redis = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  );
  url = `redis://127.0.0.1:${port}`;
  for (let i = 0; i < 50; i++) {
    if (
      spawnSync('redis-cli', ['-p', String(port), 'ping'], { encoding: 'utf8' }).stdout.trim() ===
      'PONG'
    )
      return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('redis-server did not start (apt-get install -y redis-server)');
});

afterAll(() => {
  for (const p of procs) p.kill('SIGKILL');
  redis?.kill();
});

function worker(): ChildProcess & { log: string[] } {
  const p = spawn(
    process.execPath,
    [bin, 'worker', '--queue', url, '--threads', '1', '--lock-ms', '2000'],
    {
      cwd: dir,
    },
  ) as ChildProcess & { log: string[] };
  p.log = [];
  p.stderr!.on('data', (d) => p.log.push(String(d)));
  procs.push(p);
  return p;
}

// Up to 2 minutes: on a shared 2-core machine under other runs, a worker's
// first pair took over 30 s (2026-12-07); it returns as soon as the line is there.
const untilLogged = async (p: { log: string[] }, text: string) => {
  for (let i = 0; i < 1200 && !p.log.join('').includes(text); i++)
    await new Promise((r) => setTimeout(r, 100));
  expect(p.log.join('')).toContain(text);
};

const recordsOf = comparableRecords;

describe('pool8 match --queue with pool8 worker on Redis', () => {
  it('two workers, one killed mid-job: every game once, the same games as a local run', async () => {
    const experiment = [
      'match',
      '--a',
      'beginner',
      '--b',
      'greedy:beginner',
      '--games',
      '8',
      '--seed',
      '21',
      '--max-shots',
      '60',
    ];
    const local = spawnSync(
      process.execPath,
      [bin, ...experiment, '--threads', '1', '--out', join(dir, 'local.jsonl')],
      {
        cwd: dir,
        encoding: 'utf8',
      },
    );
    expect(local.status, local.stderr).toBe(0);

    const a = worker();
    const b = worker();
    await untilLogged(a, 'worker ready');
    await untilLogged(b, 'worker ready');
    const coordinator = spawn(
      process.execPath,
      [
        bin,
        ...experiment,
        '--db',
        join(dir, 'q.sqlite'),
        '--queue',
        url,
        '--out',
        join(dir, 'queued.jsonl'),
      ],
      { cwd: dir },
    );
    procs.push(coordinator);
    let out = '';
    coordinator.stdout!.on('data', (d) => {
      out += String(d);
    });
    // Kill a worker while it holds a job (after its first pair, into its second).
    await untilLogged(a, 'pair ');
    await new Promise((r) => setTimeout(r, 150));
    a.kill('SIGKILL');
    let err = '';
    coordinator.stderr!.on('data', (d) => {
      err += String(d);
    });
    // A run that does not end says where it stands instead of timing out mute.
    const code = await new Promise<number | null | 'stuck'>((resolve) => {
      const timer = setTimeout(() => resolve('stuck'), 180_000);
      coordinator.on('exit', (c) => {
        clearTimeout(timer);
        resolve(c);
      });
    });
    if (code === 'stuck') {
      const queue = new Queue('pool8-experiments', { connection: { url } });
      const counts = await queue.getJobCounts();
      const jobs = await queue.getJobs(['active', 'wait', 'failed', 'delayed', 'completed']);
      const states = await Promise.all(jobs.map(async (j) => `${j.id}:${await j.getState()}`));
      await queue.close();
      throw new Error(
        `the coordinator did not finish: jobs ${JSON.stringify(counts)} ${states.join(' ')}\n` +
          `coordinator stdout: ${out.slice(-2000)}\ncoordinator stderr: ${err.slice(-2000)}\n` +
          `worker a: ${a.log.join('').slice(-1500)}\nworker b: ${b.log.join('').slice(-1500)}`,
      );
    }
    expect(code, err).toBe(0);
    expect(out).toContain('games 8:');
    expect(recordsOf(readFileSync(join(dir, 'queued.jsonl'), 'utf8'))).toEqual(
      recordsOf(readFileSync(join(dir, 'local.jsonl'), 'utf8')),
    );
    const report = spawnSync(process.execPath, [bin, 'report', join(dir, 'q.sqlite')], {
      encoding: 'utf8',
    });
    expect(report.stdout).toContain('8 of 8 games counted (8 stored)');
  }, 240_000);
});
