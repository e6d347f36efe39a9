/**
 * `pool8 serve` end to end: a real server process (dist/cli/main.js) on
 * 127.0.0.1, spoken to over HTTP. The long runs (a whole bot frame, the
 * flood, kill -9) are in serve.slow.test.ts.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEVELS } from '../../ai/levels.js';
import type { FrameState } from '../../engine/state.js';
import { greedyDecision } from '../../play/baselines.js';
import { bin, call, type Served, serve } from './spawn.js';

const examples = join(import.meta.dirname, '../../examples');
const TINY = { candidates: 2, samples: 3, finalists: 1, finalSamples: 2 };

let s: Served;
beforeAll(async () => {
  s = await serve(['--planners', '2', '--queue', '8']);
});
afterAll(async () => {
  await s?.stop();
});

const newGame = (body: unknown) => call(s.url, 'POST', '/v1/games', body);
const act = (id: string, version: number, action: unknown) =>
  call(s.url, 'POST', `/v1/games/${id}/actions`, { action }, { 'if-match': `"${version}"` });

describe('pool8 serve', () => {
  it('says where it listens, answers /healthz, /openapi.json and the docs', async () => {
    expect(s.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const h = await call(s.url, 'GET', '/healthz');
    expect(h.status).toBe(200);
    expect(h.body).toMatchObject({ ok: true, threads: 2 });
    const doc = await call(s.url, 'GET', '/openapi.json');
    expect(doc.status).toBe(200);
    expect(doc.body.openapi).toBe('3.1.0');
    for (const p of [
      '/v1/games',
      '/v1/games/{id}',
      '/v1/games/{id}/actions',
      '/v1/games/{id}/bot-move',
      '/v1/games/{id}/record',
      '/v1/referee',
      '/v1/simulate',
      '/v1/suggest',
    ])
      expect(doc.body.paths[p], p).toBeDefined();
    expect(Object.keys(doc.body.components.schemas)).toContain('FrameStateInput');
    const ui = await fetch(`${s.url}/docs/`);
    expect(ui.status).toBe(200);
    expect(await ui.text()).toMatch(/swagger/i);
  });

  it('plays a whole human frame through actions, one version per action', async () => {
    const g = await newGame({
      seed: 11,
      seats: [
        { level: 'amateur', bot: false },
        { level: 'amateur', bot: false },
      ],
    });
    expect(g.status).toBe(201);
    expect(g.headers.get('etag')).toBe('"1"');
    const id: string = g.body.id;
    let state: FrameState = g.body.state;
    let version: number = g.body.version;
    expect(version).toBe(1);
    let n = 0;
    for (; n < 200 && state.phase !== 'over'; n++) {
      const d = greedyDecision(state, LEVELS.amateur.noise);
      const action =
        d.kind === 'shot'
          ? { type: 'stroke', call: d.call, shot: d.shot, placement: d.placement }
          : d.kind === 'decide'
            ? { type: 'decide', option: d.option }
            : { type: 'stalemate' };
      const r = await act(id, version, action);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.version).toBe(version + 1);
      expect(r.body.by).toBe('human');
      expect(r.body.verdict.kind).toBeTypeOf('string');
      if (action.type === 'stroke') expect(r.body.events[0].type).toMatch(/strike|place/);
      state = r.body.state;
      version = r.body.version;
    }
    const got = await call(s.url, 'GET', `/v1/games/${id}`);
    expect(got.status).toBe(200);
    expect(got.body.version).toBe(version);
    expect(got.body.state).toEqual(state);
    expect(got.body.actions).toHaveLength(n);
    if (state.phase === 'over') expect(got.body.result).toEqual(state.result);
    // Strokes replay: the exported record reproduces every hash.
    const rec = await call(s.url, 'GET', `/v1/games/${id}/record`);
    expect(rec.status).toBe(200);
    expect(rec.body.format).toBe('pool8/game/1');
    const r = spawnSync(process.execPath, [bin, 'replay', '-'], {
      input: JSON.stringify(rec.body),
      encoding: 'utf8',
    });
    expect(r.stdout + r.stderr).toMatch(/identical/);
  });

  it('refuses a stale version with 409 and changes nothing', async () => {
    const g = await newGame({ seed: 5 });
    const id = g.body.id;
    const first = await act(id, 1, { type: 'stroke', shot: { phi: 0, V: 7 } });
    expect(first.status).toBe(200);
    expect(first.body.version).toBe(2);
    const stale = await act(id, 1, { type: 'stroke', shot: { phi: 1, V: 7 } });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe('E_STALE_VERSION');
    expect(stale.headers.get('etag')).toBe('"2"');
    const staleBot = await call(s.url, 'POST', `/v1/games/${id}/bot-move`, { version: 1 });
    expect(staleBot.status).toBe(409);
    const after = await call(s.url, 'GET', `/v1/games/${id}`);
    expect(after.body.version).toBe(2);
    expect(after.body.state).toEqual(first.body.state);
    expect(after.body.actions).toHaveLength(1);
    // No version at all: 428.
    const none = await call(s.url, 'POST', `/v1/games/${id}/actions`, {
      action: { type: 'stalemate' },
    });
    expect(none.status).toBe(428);
    expect(none.body.error.code).toBe('E_VERSION_REQUIRED');
  });

  it('refuses bad bodies with 400, the stable code and the field', async () => {
    const g = await newGame({ seed: 5 });
    const id = g.body.id;
    const state = g.body.state;
    const cases: [string, string, unknown, string, string | undefined][] = [
      ['POST', '/v1/games', { seed: 1, colour: 'red' }, 'E_INPUT_UNKNOWN_FIELD', 'colour'],
      [
        'POST',
        '/v1/games',
        {
          seats: [
            { level: 'expert', bot: true },
            { level: 'pro', bot: false },
          ],
        },
        'E_INPUT_BAD_GAME',
        'seats[0].level',
      ],
      [
        'POST',
        `/v1/games/${id}/actions`,
        { version: 1, action: { type: 'stroke', shot: { phi: 0, V: 2, teta: 3 } } },
        'E_SIM_BAD_SHOT',
        'action.shot.teta',
      ],
      [
        'POST',
        `/v1/games/${id}/actions`,
        { version: 1, action: { type: 'stroke', shot: { phi: 0, V: 99 } } },
        'E_SIM_BAD_SHOT',
        'action.shot.V',
      ],
      [
        'POST',
        `/v1/games/${id}/actions`,
        { version: 1, action: { type: 'shot', events: [{ type: 'pocket', ball: 3 }] } },
        'E_BAD_EVENT',
        'action.events[0].pocket',
      ],
      [
        'POST',
        `/v1/games/${id}/actions`,
        { version: 1, action: { type: 'dance' } },
        'E_BAD_ACTION',
        'action.type',
      ],
      [
        'POST',
        `/v1/games/${id}/actions`,
        { version: 1, action: { type: 'decide', option: 'acceptTable' } },
        'E_NO_DECISION_PENDING',
        undefined,
      ],
      [
        'POST',
        `/v1/games/${id}/bot-move`,
        { version: 1, think: 3 },
        'E_INPUT_UNKNOWN_FIELD',
        'think',
      ],
      ['POST', '/v1/referee', { state: { ...state, turn: 2 } }, 'E_BAD_STATE', 'state.turn'],
      [
        'POST',
        '/v1/simulate',
        {
          layout: {
            balls: [
              { id: 0, x: 0.6, y: 0.635 },
              { id: 1, x: 0.61, y: 0.635 },
            ],
          },
          shot: { phi: 0, V: 2 },
        },
        'E_SIM_OVERLAP',
        undefined,
      ],
      [
        'POST',
        '/v1/simulate',
        { layout: { balls: [{ id: 16, x: 0.6, y: 0.6 }] }, shot: { phi: 0, V: 2 } },
        'E_SIM_UNKNOWN_BALL',
        'layout.balls[0].id',
      ],
      ['POST', '/v1/simulate', '{"layout": ', 'E_INPUT_NOT_JSON', undefined],
      ['POST', '/v1/suggest', [1, 2], 'E_INPUT_NOT_OBJECT', undefined],
    ];
    for (const [method, path, body, code, field] of cases) {
      const r = await call(s.url, method, path, body);
      expect(r.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(r.body.error.code, `${path} ${JSON.stringify(r.body)}`).toBe(code);
      if (field !== undefined) expect(r.body.error.field).toBe(field);
    }
    // Nothing was applied.
    expect((await call(s.url, 'GET', `/v1/games/${id}`)).body.version).toBe(1);
    expect((await call(s.url, 'GET', '/v1/games/no-such-game')).status).toBe(404);
  });

  it('gives the CLI’s code for the same referee document', async () => {
    const doc = readFileSync(join(examples, 'open-table-8-first.json'), 'utf8');
    const http = await call(s.url, 'POST', '/v1/referee', doc);
    const cli = spawnSync(process.execPath, [bin, 'referee', '--compact'], {
      input: doc,
      encoding: 'utf8',
    });
    const printed = JSON.parse(cli.stdout);
    if ('error' in printed) expect(http.body.error.code).toBe(printed.error.code);
    else expect(http.body).toEqual(printed);
  });

  it('answers the stateless referee, simulate (with a trace) and suggest', async () => {
    const g = await newGame({ seed: 9 });
    const bare = await call(s.url, 'POST', '/v1/referee', g.body.state);
    expect(bare.status).toBe(200);
    expect(bare.body.targets).toBeDefined();
    const sim = {
      layout: {
        table: '9ft',
        balls: [
          { id: 0, x: 0.6, y: 0.635 },
          { id: 1, x: 1.9, y: 0.635 },
        ],
      },
      shot: { phi: 0, V: 2 },
    };
    const plain = await call(s.url, 'POST', '/v1/simulate', sim);
    expect(plain.status).toBe(200);
    expect(plain.body.events.length).toBeGreaterThan(2);
    expect(plain.body.trace).toBeUndefined();
    const traced = await call(s.url, 'POST', '/v1/simulate?trace=true', sim);
    expect(traced.body.trace).toBeDefined();
    const suggest = await call(
      s.url,
      'POST',
      '/v1/suggest?level=beginner&top=2&timeLimitMs=300',
      readFileSync(join(examples, 'suggest-open-table.json'), 'utf8'),
    );
    expect(suggest.status, JSON.stringify(suggest.body)).toBe(200);
    expect(suggest.body.format).toBe('pool8/suggestions/1');
    expect(suggest.body.suggestions.length).toBeLessThanOrEqual(2);
    const bad = await call(s.url, 'POST', '/v1/suggest?top=many', g.body.state);
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('E_INPUT_BAD_QUERY');
  });

  it('plays bot moves from the seed: the same seed, the same moves', async () => {
    const setup = {
      seed: 21,
      seats: [
        { level: 'beginner', bot: true, budget: TINY },
        { level: 'beginner', bot: true, budget: TINY },
      ],
    };
    const play = async () => {
      const g = await newGame(setup);
      let v = 1;
      const out: unknown[] = [];
      for (let i = 0; i < 3; i++) {
        const r = await call(s.url, 'POST', `/v1/games/${g.body.id}/bot-move`, undefined, {
          'if-match': String(v),
        });
        if (r.status === 400 && r.body.error.code === 'E_FRAME_OVER') break;
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        expect(r.body.by).toBe('bot');
        expect(r.body.reason).toBeTypeOf('string');
        expect(Array.isArray(r.body.alternatives)).toBe(true);
        v = r.body.version;
        out.push(r.body.state);
      }
      const rec = await call(s.url, 'GET', `/v1/games/${g.body.id}/record`);
      return { out, hashes: rec.body.frames[0].shots.map((e: { outcome?: string }) => e.outcome) };
    };
    const [a, b] = await Promise.all([play(), play()]);
    expect(a.hashes.length).toBeGreaterThan(0);
    expect(b).toEqual(a);
    // A human seat's turn is not the bot's.
    const h = await newGame({ seed: 3 });
    const r = await call(s.url, 'POST', `/v1/games/${h.body.id}/bot-move`, { version: 1 });
    expect(r.status).toBe(409);
    expect(r.body.error.code).toBe('E_HUMAN_SEAT');
  });

  it('documents every answer in /openapi.json, and the answers conform to it', async () => {
    const doc = (await call(s.url, 'GET', '/openapi.json')).body;
    const errorsOf: Record<string, number[]> = {
      'get /healthz': [],
      'post /v1/games': [400],
      'get /v1/games': [400],
      'get /v1/games/{id}': [404],
      'get /v1/games/{id}/positions': [404],
      'get /v1/games/{id}/record': [404, 409],
      'post /v1/games/{id}/actions': [400, 404, 409, 428],
      'post /v1/games/{id}/bot-move': [400, 404, 409, 428, 429],
      'post /v1/referee': [400],
      'post /v1/simulate': [400],
      'post /v1/suggest': [400, 429],
    };
    const routes = Object.entries(doc.paths as Record<string, Record<string, any>>).flatMap(
      ([path, methods]) => Object.keys(methods).map((m) => `${m} ${path}`),
    );
    expect(routes.sort()).toEqual(Object.keys(errorsOf).sort());
    for (const [route, errors] of Object.entries(errorsOf)) {
      const [method, path] = route.split(' ') as [string, string];
      const responses = doc.paths[path][method].responses;
      const ok = method === 'post' && path === '/v1/games' ? '201' : '200';
      expect(responses[ok]?.content['application/json'].schema, route).toBeDefined();
      for (const e of errors)
        expect(responses[e]?.content['application/json'].schema, `${route} ${e}`).toEqual({
          $ref: '#/components/schemas/Error',
        });
    }
    const ajv = new Ajv({ strict: false });
    ajv.addSchema(doc, 'openapi');
    let checked = 0;
    const conforms = (route: string, r: { status: number; body: unknown }) => {
      const [method, path] = route.split(' ') as [string, string];
      const at = `openapi#/paths/${path.replace(/~/g, '~0').replace(/\//g, '~1')}/${method}/responses/${r.status}/content/application~1json/schema`;
      const v = ajv.getSchema(at);
      expect(v, `${route} ${r.status}: no schema`).toBeDefined();
      expect(v!(r.body), `${route} ${r.status}: ${ajv.errorsText(v!.errors)}`).toBe(true);
      checked++;
    };
    conforms('get /healthz', await call(s.url, 'GET', '/healthz'));
    const g = await newGame({
      seed: 4,
      seats: [
        { level: 'beginner', bot: false },
        { level: 'beginner', bot: true, budget: TINY },
      ],
    });
    conforms('post /v1/games', g);
    const id = g.body.id;
    const stroke = await act(id, 1, { type: 'stroke', shot: { phi: 0, V: 7 } });
    conforms('post /v1/games/{id}/actions', stroke);
    conforms('post /v1/games/{id}/actions', await act(id, 1, { type: 'stalemate' }));
    conforms('post /v1/games/{id}/actions', await act(id, 2, { type: 'dance' }));
    conforms(
      'post /v1/games/{id}/actions',
      await call(s.url, 'POST', `/v1/games/${id}/actions`, { action: { type: 'stalemate' } }),
    );
    // The break of seed 4 leaves the table to the bot (seat 1).
    expect(stroke.body.state.turn).toBe(1);
    const bot = await call(s.url, 'POST', `/v1/games/${id}/bot-move`, { version: 2, top: 2 });
    expect(bot.status, JSON.stringify(bot.body)).toBe(200);
    conforms('post /v1/games/{id}/bot-move', bot);
    conforms(
      'post /v1/games/{id}/bot-move',
      await call(s.url, 'POST', `/v1/games/${id}/bot-move`, { version: 2 }),
    );
    conforms('get /v1/games/{id}', await call(s.url, 'GET', `/v1/games/${id}`));
    conforms('get /v1/games/{id}', await call(s.url, 'GET', '/v1/games/nope'));
    conforms('get /v1/games/{id}/record', await call(s.url, 'GET', `/v1/games/${id}/record`));
    conforms('get /v1/games/{id}/positions', await call(s.url, 'GET', `/v1/games/${id}/positions`));
    conforms('get /v1/games/{id}/positions', await call(s.url, 'GET', '/v1/games/nope/positions'));
    conforms('get /v1/games', await call(s.url, 'GET', '/v1/games?limit=3'));
    conforms('get /v1/games', await call(s.url, 'GET', '/v1/games?limit=0'));
    conforms('post /v1/games', await newGame({ colour: 'red' }));
    for (const f of [
      'called-pot.json',
      'correct-last-shot.json',
      'match-next-frame.json',
      'match-stalemate.json',
      'rack-illegal.json',
      'error-call-pocketed-ball.json',
    ])
      conforms(
        'post /v1/referee',
        await call(s.url, 'POST', '/v1/referee', readFileSync(join(examples, f), 'utf8')),
      );
    conforms('post /v1/referee', await call(s.url, 'POST', '/v1/referee', g.body.state));
    const sim = {
      layout: {
        balls: [
          { id: 0, x: 0.6, y: 0.635 },
          { id: 1, x: 1.9, y: 0.635 },
        ],
      },
      shot: { phi: 0, V: 2 },
    };
    conforms('post /v1/simulate', await call(s.url, 'POST', '/v1/simulate?trace=true', sim));
    conforms(
      'post /v1/suggest',
      await call(
        s.url,
        'POST',
        '/v1/suggest?level=beginner&top=2&timeLimitMs=300',
        readFileSync(join(examples, 'suggest-open-table.json'), 'utf8'),
      ),
    );
    expect(checked).toBeGreaterThanOrEqual(22);
  });

  it('referees a match and checks a rack, as pool8 referee does', async () => {
    // What pool8 referee prints, or (refused before the core) the code it says on stderr.
    const cli = (doc: string) => {
      const r = spawnSync(process.execPath, [bin, 'referee', '--compact'], {
        input: doc,
        encoding: 'utf8',
      });
      return r.stdout
        ? JSON.parse(r.stdout)
        : { error: { code: /^pool8: (E_\w+)/.exec(r.stderr)?.[1] } };
    };
    for (const f of ['match-next-frame.json', 'match-stalemate.json', 'rack-illegal.json']) {
      const doc = readFileSync(join(examples, f), 'utf8');
      const http = await call(s.url, 'POST', '/v1/referee', doc);
      const printed = cli(doc);
      expect(http.body, f).toEqual(printed);
      expect(http.status, f).toBe('error' in printed ? 400 : 200);
    }
    // A match as new-match prints it: what the next player may do.
    const match = spawnSync(
      process.execPath,
      [bin, 'new-match', '--seed', '7', '--frames-to-win', '3', '--compact'],
      { encoding: 'utf8' },
    ).stdout;
    const bare = await call(s.url, 'POST', '/v1/referee', match);
    expect(bare.status).toBe(200);
    expect(bare.body.match.framesToWin).toBe(3);
    expect(bare.body.targets.action).toBe('break');
    const early = await call(s.url, 'POST', '/v1/referee', {
      match: JSON.parse(match),
      nextFrame: true,
    });
    expect(early.status).toBe(400);
    expect(early.body.error).toMatchObject({
      code: 'E_FRAME_NOT_OVER',
      field: 'match.frame.phase',
    });
    // A legal rack, checked on its own.
    const byHand = JSON.parse(readFileSync(join(examples, 'rack-by-hand.json'), 'utf8'));
    const legal = await call(s.url, 'POST', '/v1/referee', { rack: { balls: byHand.rack.balls } });
    expect(legal.status, JSON.stringify(legal.body)).toBe(200);
    expect(legal.body.rack.legal).toBe(true);
    const illegal = await call(
      s.url,
      'POST',
      '/v1/referee',
      readFileSync(join(examples, 'rack-illegal.json'), 'utf8'),
    );
    expect(illegal.body.error).toMatchObject({ code: 'E_RACK_ILLEGAL', field: 'rack' });
    expect(illegal.body.rack.legal).toBe(false);
    // Malformed ones: the CLI's code and field (the first one checked against the CLI too).
    const cases: [unknown, string, string | undefined][] = [
      [{ rack: { balls: [{ id: 1, x: 'a', y: 0 }] } }, 'E_BAD_RACK', 'rack.balls[0].x'],
      [{ match: { ...JSON.parse(match), framesToWin: 0 } }, 'E_BAD_MATCH', 'match.framesToWin'],
      [
        { match: JSON.parse(match), stalemate: true, nextFrame: true },
        'E_INPUT_TWO_ACTIONS',
        undefined,
      ],
      [{ rack: { balls: [] }, colour: 1 }, 'E_INPUT_UNKNOWN_FIELD', 'colour'],
    ];
    for (const [body, code, field] of cases) {
      const r = await call(s.url, 'POST', '/v1/referee', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error.code, JSON.stringify(r.body)).toBe(code);
      if (field !== undefined) expect(r.body.error.field).toBe(field);
    }
    expect(cli(JSON.stringify(cases[0]![0])).error.code).toBe(cases[0]![1]);
  });

  it('exports every game a record can hold, and says why it cannot hold the others (409)', async () => {
    const humans = {
      seed: 5,
      seats: [
        { level: 'beginner', bot: false },
        { level: 'beginner', bot: false },
      ],
    };
    const a = await newGame(humans);
    const stroke = await act(a.body.id, 1, { type: 'stroke', shot: { phi: 0, V: 7 } });
    expect(stroke.status).toBe(200);
    expect((await call(s.url, 'GET', `/v1/games/${a.body.id}/record`)).status).toBe(200);
    // A correction of the break, then the record: refused, naming it.
    const corrected = await act(a.body.id, 2, {
      type: 'correct',
      shot: 1,
      events: stroke.body.events,
    });
    expect(corrected.status, JSON.stringify(corrected.body)).toBe(200);
    const refused = await call(s.url, 'GET', `/v1/games/${a.body.id}/record`);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: 'E_NOT_REPLAYABLE', field: 'actions[1]' });
    expect(refused.body.error.message).toMatch(/correction.*no field for it/);
    // The same break reported as its events.
    const b = await newGame(humans);
    const reported = await act(b.body.id, 1, { type: 'shot', events: stroke.body.events });
    expect(reported.status, JSON.stringify(reported.body)).toBe(200);
    const r = await call(s.url, 'GET', `/v1/games/${b.body.id}/record`);
    expect(r.status).toBe(409);
    expect(r.body.error).toMatchObject({ code: 'E_NOT_REPLAYABLE', field: 'actions[0]' });
    expect(r.body.error.message).toMatch(/reported as its events/);
  });

  it('serves the built web page at /, its assets cached for good', async () => {
    const page = await fetch(`${s.url}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    // index.html names the current build's assets: revalidated every time.
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const html = await page.text();
    expect(html).toContain('<div id="app">');
    const script = /<script[^>]+src="\.?\/?(assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script, html).toBeDefined();
    const asset = await fetch(`${s.url}/${script}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toMatch(/javascript/);
    expect(asset.headers.get('cache-control')).toMatch(/immutable/);
    await asset.arrayBuffer();
    // Not a file of the page: the server's usual 404, and nothing outside the directory.
    for (const path of ['/assets/nope.js', '/..%2fserver%2fapp.js', '/v1/nope']) {
      const r = await call(s.url, 'GET', path);
      expect(r.status, path).toBe(404);
      expect(r.body.error.code, path).toBe('E_NOT_FOUND');
    }
  });

  it('gives every position of a game: the rack, then the state after each action', async () => {
    const g = await newGame({
      seed: 5,
      seats: [
        { level: 'beginner', bot: false },
        { level: 'beginner', bot: false },
      ],
    });
    const id: string = g.body.id;
    let state: FrameState = g.body.state;
    const answers: any[] = [];
    for (let v = 1; v <= 3; v++) {
      const d = greedyDecision(state, LEVELS.amateur.noise);
      const action =
        d.kind === 'shot'
          ? { type: 'stroke', call: d.call, shot: d.shot, placement: d.placement }
          : d.kind === 'decide'
            ? { type: 'decide', option: d.option }
            : { type: 'stalemate' };
      const r = await act(id, v, action);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      answers.push(r.body);
      state = r.body.state;
    }
    expect(answers[0].kind).toBe('stroke');
    const p = await call(s.url, 'GET', `/v1/games/${id}/positions`);
    expect(p.status, JSON.stringify(p.body)).toBe(200);
    expect(p.headers.get('etag')).toBe('"4"');
    expect(p.body).toMatchObject({ id, version: 4 });
    expect(p.body.initial).toEqual(g.body.state);
    expect(p.body.actions).toHaveLength(answers.length);
    answers.forEach((a, k) => {
      const step = p.body.actions[k];
      expect(step.state, `action ${k}`).toEqual(a.state);
      expect(step).toMatchObject({ n: k, by: 'human', kind: a.kind, verdict: a.verdict });
      expect(step.events).toEqual(a.events);
    });
    // The record entries are the game's own.
    const view = await call(s.url, 'GET', `/v1/games/${id}`);
    expect(p.body.actions.map((a: any) => a.entry)).toEqual(
      view.body.actions.map((a: any) => a.entry),
    );
    const none = await call(s.url, 'GET', '/v1/games/no-such-game/positions');
    expect(none.status).toBe(404);
    expect(none.body.error.code).toBe('E_NO_GAME');
  });

  it('logs one line per request, without ball positions', async () => {
    // The lines of earlier requests may still be on their way.
    await new Promise((r) => setTimeout(r, 200));
    const before = s.log().split('\n').filter(Boolean).length;
    await call(s.url, 'GET', '/healthz');
    await call(s.url, 'POST', '/v1/games', { seed: 2 });
    await new Promise((r) => setTimeout(r, 200));
    const lines = s.log().split('\n').filter(Boolean).slice(before);
    const requests = lines.filter((l) => JSON.parse(l).msg === 'request');
    expect(requests).toHaveLength(2);
    expect(JSON.parse(requests[1]!)).toMatchObject({
      method: 'POST',
      url: '/v1/games',
      status: 201,
    });
    expect(s.log()).not.toMatch(/"balls"|"x":/);
  });
});

describe('pool8 serve, a store of its own and no web page', () => {
  let t: Served;
  beforeAll(async () => {
    // An empty directory: as a tsc-only build, without dist/web.
    t = await serve(['--web-root', mkdtempSync(join(tmpdir(), 'pool8-web-'))]);
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('answers / with 404 E_NO_PAGE, saying how to build the page, and serves the API', async () => {
    const r = await call(t.url, 'GET', '/');
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe('E_NO_PAGE');
    expect(r.body.error.message).toMatch(/npm run build/);
    expect((await call(t.url, 'GET', '/healthz')).status).toBe(200);
    expect((await call(t.url, 'GET', '/openapi.json')).status).toBe(200);
  });

  it('lists the games newest first, a page at a time', async () => {
    const ids: string[] = [];
    for (const seed of [1, 2, 3]) {
      const g = await call(t.url, 'POST', '/v1/games', { seed });
      expect(g.status).toBe(201);
      ids.push(g.body.id);
      // Distinct `updated` stamps (milliseconds), so "newest" is one order.
      await new Promise((r) => setTimeout(r, 5));
    }
    const first = await call(t.url, 'GET', '/v1/games?limit=2');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.games.map((g: any) => g.id)).toEqual([ids[2], ids[1]]);
    expect(first.body.games[0]).toEqual({
      id: ids[2],
      version: 1,
      created: expect.any(String),
      updated: expect.any(String),
      setup: expect.objectContaining({ seed: 3, rules: 'pl-bca' }),
      phase: 'break',
      result: null,
      shotCount: 0,
      turn: 0,
    });
    expect(first.body.next).toBeTypeOf('string');
    const second = await call(
      t.url,
      'GET',
      `/v1/games?limit=2&before=${encodeURIComponent(first.body.next)}`,
    );
    expect(second.status).toBe(200);
    expect(second.body.games.map((g: any) => g.id)).toEqual([ids[0]]);
    expect(second.body.next).toBeNull();
    // The default page holds them all; a game just played moves to the front.
    const played = await call(
      t.url,
      'POST',
      `/v1/games/${ids[0]}/actions`,
      { action: { type: 'stroke', shot: { phi: 0, V: 7 } } },
      { 'if-match': '"1"' },
    );
    expect(played.status).toBe(200);
    const all = await call(t.url, 'GET', '/v1/games');
    expect(all.body.games.map((g: any) => g.id)).toEqual([ids[0], ids[2], ids[1]]);
    expect(all.body.games[0]).toMatchObject({
      version: 2,
      shotCount: played.body.state.shotCount,
      turn: played.body.state.turn,
      phase: played.body.state.phase,
    });
    expect(all.body.next).toBeNull();
    for (const [query, field] of [
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['limit=two', 'limit'],
      ['limit=1.5', 'limit'],
      ['before=not-a-cursor', 'before'],
    ] as const) {
      const r = await call(t.url, 'GET', `/v1/games?${query}`);
      expect(r.status, query).toBe(400);
      expect(r.body.error, query).toMatchObject({ code: 'E_INPUT_BAD_QUERY', field });
    }
  });
});
