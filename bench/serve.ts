import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

/**
 * `pool8 serve` under load (docs/measurements.md "HTTP server"): starts a
 * server from the build, then
 * - /v1/referee (examples/called-pot.json: a called pot, refereed) and /v1/simulate (a two-ball
 *   shot) for `--seconds` each at 1, 8 and 32 connections: req/s, p50, p99;
 * - bot moves with 1, 4 and 16 games at once, each game playing `--moves`
 *   moves after its break: p50 and p95 of the answer, and of the answer less
 *   the planner's own time (`thinkMs`), the server's overhead;
 * - the referee's latency while 4 games' decisions run.
 *
 *   npm run build && node dist/bench/serve.js [--seconds 5] [--moves 3] [--threads 2]
 *
 * The client runs on the same machine as the server, so on 2 cores the
 * two compete for the CPU: the figures are a floor.
 */
const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '5' },
    moves: { type: 'string', default: '3' },
    threads: { type: 'string', default: '2' },
    level: { type: 'string', default: 'beginner' },
    skip: { type: 'string', default: '' },
  },
});
const seconds = Number(values.seconds);
const moves = Number(values.moves);
const root = join(import.meta.dirname, '../..');

function start(): Promise<{ url: string; proc: ChildProcess }> {
  const db = join(mkdtempSync(join(tmpdir(), 'pool8-bench-')), 'games.sqlite');
  const proc = spawn(
    process.execPath,
    [
      join(root, 'dist/cli/main.js'),
      'serve',
      '--port',
      '0',
      '--db',
      db,
      '--threads',
      values.threads!,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  return new Promise((resolve, reject) => {
    let err = '';
    proc.stderr!.on('data', (b: Buffer) => {
      err += b.toString();
      const m = /listening on (http:\/\/\S+)/.exec(err);
      if (m) resolve({ url: m[1]!, proc });
    });
    proc.once('exit', (c) => reject(new Error(`server exited ${c}: ${err}`)));
  });
}

/** node:http with keep-alive: a lighter client than fetch, which would take the CPU the server needs. */
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

// biome-ignore lint/suspicious/noExplicitAny: JSON answers
function post(url: string, body: string, headers: Record<string, string> = {}): Promise<any> {
  const u = new URL(url);
  const data = Buffer.from(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: u.hostname,
        port: u.port,
        path: u.pathname + u.search,
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': data.length, ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          if ((res.statusCode ?? 500) >= 300)
            reject(new Error(`${url}: ${res.statusCode} ${text.slice(0, 200)}`));
          else resolve(JSON.parse(text));
        });
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? Number.NaN;
};
const ms = (x: number) => `${x.toFixed(1)} ms`;

/** `connections` clients, each sending one request after the other, for `seconds`. */
async function load(url: string, body: string, connections: number) {
  const lat: number[] = [];
  const end = performance.now() + seconds * 1000;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) {
        const t = performance.now();
        await post(url, body);
        lat.push(performance.now() - t);
      }
    }),
  );
  const wall = (performance.now() - t0) / 1000;
  return { rps: lat.length / wall, p50: pct(lat, 50), p99: pct(lat, 99), n: lat.length };
}

async function botGames(url: string, games: number) {
  const ids = await Promise.all(
    Array.from({ length: games }, async (_, i) => {
      const g = await post(
        `${url}/v1/games`,
        JSON.stringify({
          seed: 1000 + i,
          seats: [
            { level: values.level, bot: true },
            { level: values.level, bot: true },
          ],
        }),
      );
      return g.id as string;
    }),
  );
  const total: number[] = [];
  const overhead: number[] = [];
  const breakOverhead: number[] = [];
  const t0 = performance.now();
  await Promise.all(
    ids.map(async (id) => {
      let v = 1;
      for (let m = 0; m <= moves; m++) {
        const t = performance.now();
        const r = await post(`${url}/v1/games/${id}/bot-move`, '{}', { 'if-match': String(v) });
        const dt = performance.now() - t;
        v = r.version;
        if (m === 0) breakOverhead.push(dt - r.thinkMs);
        else {
          total.push(dt);
          overhead.push(dt - r.thinkMs);
        }
        if (r.state.phase === 'over') return;
      }
    }),
  );
  return {
    wall: (performance.now() - t0) / 1000,
    n: total.length,
    p50: pct(total, 50),
    p95: pct(total, 95),
    o50: pct(overhead, 50),
    o95: pct(overhead, 95),
    b50: pct(breakOverhead, 50),
  };
}

const { url, proc } = await start();
try {
  const refereeDoc = readFileSync(join(root, 'examples/called-pot.json'), 'utf8');
  const simDoc = JSON.stringify({
    layout: {
      table: '9ft',
      balls: [
        { id: 0, x: 0.6, y: 0.635 },
        { id: 1, x: 1.9, y: 0.635 },
      ],
    },
    shot: { phi: 0, V: 2 },
  });
  const skip = new Set(values.skip!.split(',').filter(Boolean));
  // Warm-up: compile the validators' hot paths and the simulator.
  for (let i = 0; i < 200; i++) {
    await post(`${url}/v1/referee`, refereeDoc);
    await post(`${url}/v1/simulate`, simDoc);
  }
  if (!skip.has('stateless'))
    for (const [name, body] of [
      ['referee', refereeDoc],
      ['simulate', simDoc],
    ] as const)
      for (const c of [1, 8, 32]) {
        const r = await load(`${url}/v1/${name}`, body, c);
        console.log(
          `/v1/${name.padEnd(8)} ${String(c).padStart(2)} conn: ${r.rps.toFixed(0).padStart(6)} req/s  p50 ${ms(r.p50)}  p99 ${ms(r.p99)}  (${r.n} requests)`,
        );
      }
  if (!skip.has('bot'))
    for (const g of [1, 4, 16]) {
      const r = await botGames(url, g);
      console.log(
        `bot-move ${String(g).padStart(2)} games: p50 ${ms(r.p50)}  p95 ${ms(r.p95)}; over the planner's time p50 ${ms(r.o50)}  p95 ${ms(r.o95)}; stored break p50 ${ms(r.b50)} (${r.n} planned moves, ${r.wall.toFixed(1)} s)`,
      );
    }
  if (!skip.has('isolation')) {
    // The referee's latency with 4 games' decisions in flight.
    let stop = false;
    const games = botGames(url, 4).then((r) => {
      stop = true;
      return r;
    });
    const lat: number[] = [];
    while (!stop) {
      const t = performance.now();
      await post(`${url}/v1/referee`, refereeDoc);
      lat.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, 5));
    }
    await games;
    console.log(
      `/v1/referee during 4 games' decisions: p50 ${ms(pct(lat, 50))}  p99 ${ms(pct(lat, 99))}  max ${ms(Math.max(...lat))} (${lat.length} requests)`,
    );
  }
} finally {
  proc.kill('SIGTERM');
}
