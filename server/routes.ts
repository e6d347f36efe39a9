import type { TSchema } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Evaluator } from '../ai/evaluator.js';
import { SuggestionsSchema } from '../ai/suggestion.js';
import { RefereeInputSchema, SimInputSchema, SuggestInputSchema } from '../cli/documents.js';
import { GameRecordSchema } from '../play/record.js';
import type { GameAction, Games, NewGame } from './games.js';
import { HttpError } from './httpError.js';
import type { PlannerQueue } from './plannerQueue.js';
import {
  checkActionRequest,
  checkBotMove,
  checkNewGame,
  checkReferee,
  checkSim,
  checkSuggest,
} from './problems.js';
import { refereeDocument } from './referee.js';
import {
  ActionAnswerSchema,
  ActionRequestSchema,
  BotAnswerSchema,
  BotMoveRequestSchema,
  errors,
  GameListSchema,
  GameParamsSchema,
  GameViewSchema,
  HealthSchema,
  jsonSchema,
  ListGamesQuerySchema,
  NewGameSchema,
  PositionsSchema,
  RefereeOutputSchema,
  refOrJson,
  SimOutcomeSchema,
  SimulateQuerySchema,
  SuggestQuerySchema,
} from './schemas.js';
import { simulateDocument } from './simulate.js';
import { queryInt, type SuggestQuery, suggestDocument } from './suggest.js';

/** The endpoints (docs/server.md). */
export interface RouteDeps {
  readonly games: Games;
  readonly evaluator: Evaluator;
  readonly queue: PlannerQueue;
  readonly threads: number;
}

const json = (s: TSchema) => jsonSchema(s);

/** The answers of a route: each status's schema as JSON Schema (a shared one by `$ref`). */
const answers = (r: Record<number, TSchema>) =>
  Object.fromEntries(Object.entries(r).map(([status, s]) => [status, refOrJson(s)]));

/** A POST without a body is an empty document (bot-move and new games need none). */
const emptyBody = (req: FastifyRequest, _reply: FastifyReply, done: () => void) => {
  req.body ??= {};
  done();
};

/**
 * The version a mutating request applies to: `If-Match` ("3", W/"3" or 3)
 * or the body's `version`; both must agree when both are given.
 */
export function versionOf(req: FastifyRequest, body: { version?: number } | undefined): number {
  const h = req.headers['if-match'];
  let fromHeader: number | undefined;
  if (h !== undefined) {
    const m = /^\s*(?:W\/)?"?(\d{1,12})"?\s*$/.exec(Array.isArray(h) ? h[0]! : h);
    if (!m)
      throw new HttpError(
        400,
        'E_INPUT_BAD_VERSION',
        'If-Match must be the game version, e.g. "3"',
        'If-Match',
      );
    fromHeader = Number(m[1]);
  }
  const fromBody = body?.version;
  if (fromHeader !== undefined && fromBody !== undefined && fromHeader !== fromBody)
    throw new HttpError(
      400,
      'E_INPUT_BAD_VERSION',
      `If-Match says ${fromHeader}, the body ${fromBody}`,
      'version',
    );
  const v = fromHeader ?? fromBody;
  if (v === undefined)
    throw new HttpError(
      428,
      'E_VERSION_REQUIRED',
      "give the game's version: an If-Match header or a version field",
      'version',
    );
  return v;
}

function tagged<T extends { version: number }>(reply: FastifyReply, answer: T): T {
  reply.header('etag', `"${answer.version}"`);
  return answer;
}

export function registerRoutes(app: FastifyInstance, d: RouteDeps): void {
  const params = json(GameParamsSchema);

  app.get(
    '/healthz',
    {
      schema: {
        summary: 'liveness, and the planner queue',
        tags: ['stateless'],
        response: answers({ 200: HealthSchema }),
      },
    },
    () => ({
      ok: true,
      threads: d.threads,
      planner: {
        active: d.queue.active,
        queued: d.queue.queued,
        concurrency: d.queue.concurrency,
        capacity: d.queue.capacity,
      },
    }),
  );

  app.post(
    '/v1/games',
    {
      schema: {
        summary: 'a new frame: rules, table, seed, breaker, seats (who the bot plays)',
        tags: ['games'],
        response: answers({ 201: GameViewSchema, ...errors(400, 413, 415) }),
        body: json(NewGameSchema),
      },
      config: { check: checkNewGame },
      preValidation: emptyBody,
    },
    (req, reply) => {
      const view = d.games.create((req.body ?? {}) as NewGame);
      reply.code(201).header('location', `/v1/games/${view.id}`);
      return tagged(reply, view);
    },
  );

  app.get(
    '/v1/games',
    {
      schema: {
        summary: 'the games kept, newest first (by updated), a page at a time',
        description:
          'Each game as a summary, without the balls. Give `next` of a page as `before` for the next page; null on the last.',
        tags: ['games'],
        response: answers({ 200: GameListSchema, ...errors(400) }),
        querystring: json(ListGamesQuerySchema),
      },
    },
    (req) => {
      const q = req.query as { limit?: string; before?: string };
      return d.games.list(queryInt(q.limit, 'limit', 1, 100, 20), q.before);
    },
  );

  app.get(
    '/v1/games/:id',
    {
      schema: {
        summary: 'the game: setup, state, version, every action so far, the result',
        tags: ['games'],
        response: answers({ 200: GameViewSchema, ...errors(404) }),
        params,
      },
    },
    (req, reply) => tagged(reply, d.games.view((req.params as { id: string }).id)),
  );

  app.get(
    '/v1/games/:id/record',
    {
      schema: {
        summary: 'the game as a record (schemas/GameRecord.json) for pool8 replay',
        tags: ['games'],
        response: answers({ 200: GameRecordSchema, ...errors(404, 409) }),
        params,
      },
    },
    (req) => d.games.record((req.params as { id: string }).id),
  );

  app.get(
    '/v1/games/:id/positions',
    {
      schema: {
        summary: 'every position of the game: the frame as racked, the state after each action',
        description:
          'For a replay that draws without simulating: the state before action n is the state after action n − 1 (`initial` for the first).',
        tags: ['games'],
        response: answers({ 200: PositionsSchema, ...errors(404) }),
        params,
      },
    },
    (req, reply) => tagged(reply, d.games.positions((req.params as { id: string }).id)),
  );

  app.post(
    '/v1/games/:id/actions',
    {
      schema: {
        summary:
          "a human's action: a stroke (simulated), observed events, a decision, a stalemate or a correction",
        description:
          "Give the game's version (If-Match or `version`): a stale one gets 409 and changes nothing.",
        tags: ['games'],
        response: answers({
          200: ActionAnswerSchema,
          ...errors(400, 404, 409, 413, 415, 428, 503),
        }),
        params,
        body: json(ActionRequestSchema),
      },
      config: { check: checkActionRequest },
    },
    async (req, reply) => {
      const body = req.body as { version?: number; action: GameAction };
      const answer = await d.games.act(
        (req.params as { id: string }).id,
        versionOf(req, body),
        body.action,
      );
      return reply.sent ? reply : tagged(reply, answer);
    },
  );

  app.post(
    '/v1/games/:id/bot-move',
    {
      schema: {
        summary: 'the bot decides and plays its turn; its reason and top alternatives',
        description:
          "Give the game's version (If-Match or `version`). 429 with Retry-After when the planner queue is full.",
        tags: ['games'],
        response: answers({
          200: BotAnswerSchema,
          ...errors(400, 404, 409, 413, 415, 428, 429, 503),
        }),
        params,
        body: json(BotMoveRequestSchema),
      },
      config: { check: checkBotMove },
      preValidation: emptyBody,
    },
    async (req, reply) => {
      const body = (req.body ?? {}) as { version?: number; timeLimitMs?: number; top?: number };
      const answer = await d.games.botMove(
        (req.params as { id: string }).id,
        versionOf(req, body),
        {
          ...(body.timeLimitMs !== undefined ? { timeLimitMs: body.timeLimitMs } : {}),
          ...(body.top !== undefined ? { top: body.top } : {}),
        },
      );
      return reply.sent ? reply : tagged(reply, answer);
    },
  );

  app.post(
    '/v1/referee',
    {
      schema: {
        summary:
          'pool8 referee: a state or a match and one action → { state, verdict } ({ match, state, verdict }); a bare state or match → targets; { rack } → the R3 check',
        tags: ['stateless'],
        response: answers({ 200: RefereeOutputSchema, ...errors(400, 413, 415) }),
        body: json(RefereeInputSchema),
      },
      config: { check: checkReferee },
    },
    (req) => refereeDocument(req.body),
  );

  app.post(
    '/v1/simulate',
    {
      schema: {
        summary: 'pool8 sim: a layout and a shot → events and the final layout (trace=true: paths)',
        tags: ['stateless'],
        response: answers({ 200: SimOutcomeSchema, ...errors(400, 413, 415) }),
        body: json(SimInputSchema),
        querystring: json(SimulateQuerySchema),
      },
      config: { check: checkSim },
    },
    (req) => {
      const t = (req.query as { trace?: string }).trace;
      return simulateDocument(req.body as Record<string, unknown>, t === 'true' || t === '1');
    },
  );

  app.post(
    '/v1/suggest',
    {
      schema: {
        summary: 'pool8 suggest --json: the best shots for the player to move',
        tags: ['stateless'],
        response: answers({ 200: SuggestionsSchema, ...errors(400, 413, 415, 429, 503) }),
        body: json(SuggestInputSchema),
        querystring: json(SuggestQuerySchema),
      },
      config: { check: checkSuggest },
    },
    async (req, reply) => {
      const out = await suggestDocument(
        req.body as Record<string, unknown>,
        req.query as SuggestQuery,
        d.evaluator,
        d.queue,
      );
      return reply.sent ? reply : out;
    },
  );
}
