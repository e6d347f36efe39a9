/**
 * The long `pool8 serve` runs: a whole bot-vs-bot frame over HTTP and its
 * replay, the planner queue under a flood, and kill -9 during streams of
 * actions. A real server process each (test/server/spawn.ts).
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { bin, call, serve, tempDb } from './spawn.js';

const TINY = { candidates: 2, samples: 3, finalists: 1, finalSamples: 2 };

describe('pool8 serve, long runs', () => {
  it('plays a whole bot-vs-bot frame through HTTP; pool8 replay reproduces it', async () => {
    const s = await serve();
    try {
      const g = await call(s.url, 'POST', '/v1/games', {
        seed: 4,
        seats: [
          { level: 'beginner', bot: true, budget: TINY },
          { level: 'amateur', bot: true, budget: TINY },
        ],
      });
      let v: number = g.body.version;
      let over = false;
      for (let i = 0; i < 300 && !over; i++) {
        const r = await call(s.url, 'POST', `/v1/games/${g.body.id}/bot-move`, { version: v });
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        v = r.body.version;
        over = r.body.state.phase === 'over';
      }
      expect(over).toBe(true);
      const game = await call(s.url, 'GET', `/v1/games/${g.body.id}`);
      expect(game.body.result.winner).toBeTypeOf('number');
      const rec = await call(s.url, 'GET', `/v1/games/${g.body.id}/record`);
      expect(rec.body.frames[0].winner).toBe(game.body.result.winner);
      expect(rec.body.frames[0].shots).toHaveLength(v - 1);
      const r = spawnSync(process.execPath, [bin, 'replay', '-'], {
        input: JSON.stringify(rec.body),
        encoding: 'utf8',
      });
      expect(r.status, r.stderr).toBe(0);
      expect(r.stdout).toMatch(/identical/);
    } finally {
      await s.stop();
    }
  });

  it('answers 429 with Retry-After when the planner queue is full; others still referee', async () => {
    const s = await serve(['--planners', '1', '--queue', '2']);
    try {
      const ids: string[] = [];
      for (let i = 0; i < 10; i++) {
        const g = await call(s.url, 'POST', '/v1/games', {
          seed: 100 + i,
          seats: [
            { level: 'beginner', bot: true },
            { level: 'beginner', bot: true },
          ],
        });
        // The break is the stored one: quick. The next move is planned.
        const b = await call(s.url, 'POST', `/v1/games/${g.body.id}/bot-move`, { version: 1 });
        expect(b.status).toBe(200);
        if (b.body.state.phase !== 'over') ids.push(g.body.id);
      }
      let planned = 0;
      const flood = ids.map((id) =>
        call(s.url, 'POST', `/v1/games/${id}/bot-move`, { version: 2 }).then((a) => {
          if (a.status === 200) planned++;
          return a;
        }),
      );
      // While the planner works, a referee call of another game is answered: before the
      // planned moves are all done (an order, not a wall-clock bound: the machine is shared).
      const g = await call(s.url, 'POST', '/v1/games', { seed: 1 });
      const ref = await call(s.url, 'POST', '/v1/referee', g.body.state);
      expect(ref.status).toBe(200);
      const plannedBeforeReferee = planned;
      const answers = await Promise.all(flood);
      const busy = answers.filter((a) => a.status === 429);
      const done = answers.filter((a) => a.status === 200);
      expect(busy.length).toBeGreaterThan(0);
      expect(done.length).toBeGreaterThanOrEqual(1);
      expect(plannedBeforeReferee).toBeLessThan(done.length);
      expect(done.length + busy.length).toBe(answers.length);
      for (const a of busy) {
        expect(a.body.error.code).toBe('E_BUSY');
        expect(Number(a.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      }
      // A refused move changed nothing.
      const refused = ids[answers.findIndex((a) => a.status === 429)]!;
      expect((await call(s.url, 'GET', `/v1/games/${refused}`)).body.version).toBe(2);
    } finally {
      await s.stop();
    }
  });

  it('keeps every game at its last answered version through kill -9', async () => {
    const db = tempDb();
    let s = await serve([], db);
    const games: { id: string; version: number; state: unknown }[] = [];
    for (let i = 0; i < 3; i++) {
      const g = await call(s.url, 'POST', '/v1/games', {
        seed: 40 + i,
        seats: [
          { level: 'amateur', bot: true, strategy: 'greedy' },
          { level: 'amateur', bot: true, strategy: 'random' },
        ],
      });
      games.push({ id: g.body.id, version: g.body.version, state: g.body.state });
    }
    for (let round = 0; round < 3; round++) {
      const url = s.url;
      let stop = false;
      const stream = async (g: (typeof games)[number]) => {
        while (!stop) {
          let r: Awaited<ReturnType<typeof call>>;
          try {
            r = await call(url, 'POST', `/v1/games/${g.id}/bot-move`, { version: g.version });
          } catch {
            return; // the server died under the request
          }
          if (r.status === 400 && r.body.error.code === 'E_FRAME_OVER') return;
          expect(r.status, JSON.stringify(r.body)).toBe(200);
          g.version = r.body.version;
          g.state = r.body.state;
        }
      };
      const streams = games.map(stream);
      await new Promise((r) => setTimeout(r, 700 + 400 * round));
      await s.kill9();
      stop = true;
      await Promise.all(streams);
      s = await serve([], db);
      for (const g of games) {
        const got = await call(s.url, 'GET', `/v1/games/${g.id}`);
        expect(got.status).toBe(200);
        // Committed before it was answered: the answer may have been lost with the process.
        expect([g.version, g.version + 1]).toContain(got.body.version);
        if (got.body.version === g.version) expect(got.body.state).toEqual(g.state);
        expect(got.body.actions).toHaveLength(got.body.version - 1);
        g.version = got.body.version;
        g.state = got.body.state;
      }
    }
    expect(games.reduce((n, g) => n + g.version, 0)).toBeGreaterThan(6);
    await s.stop();
  });
});
