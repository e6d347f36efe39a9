import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  LogController,
} from 'fastify';
import type { Evaluator } from '../ai/evaluator.js';
import { GameLocks } from './gameLocks.js';
import { Games } from './games.js';
import { HttpError } from './httpError.js';
import { DEFAULT_WEB_ROOT, registerPage } from './page.js';
import type { PlannerQueue } from './plannerQueue.js';
import type { BodyCheck } from './problems.js';
import { registerRoutes } from './routes.js';
import { jsonSchema, SHARED_SCHEMAS } from './schemas.js';
import type { GameStore } from './store.js';

/**
 * The HTTP application: fastify with the package's wire schemas as its
 * validators (Ajv, no coercion, unknown fields refused rather than
 * stripped), an OpenAPI document and interactive docs generated from the
 * same schemas, one log line per request, and every refusal as
 * `{ error: { code, message, field? } }`.
 */
declare module 'fastify' {
  interface FastifyContextConfig {
    /** Maps a body fastify refused to the stable code and field (server/problems.ts). */
    check?: BodyCheck;
  }
}

export interface AppOptions {
  readonly store: GameStore;
  readonly evaluator: Evaluator;
  readonly queue: PlannerQueue;
  /** Worker threads of the evaluator, for /healthz. */
  readonly threads: number;
  /** pino options, or false for no logs (default: info to stdout). */
  readonly logger?: boolean | { level: string };
  /** Largest request body, bytes (default 1 MiB). */
  readonly bodyLimit?: number;
  /** A request not answered after this many ms gets 503 E_TIMEOUT (default 120 000). */
  readonly requestTimeoutMs?: number;
  /** The most a bot move may think when asked for a time limit, ms. */
  readonly maxTimeLimitMs?: number;
  /** The built web page served at `/` (default: dist/web, beside dist/server). */
  readonly webRoot?: string;
}

function send(reply: FastifyReply, e: HttpError): void {
  if (reply.sent) return;
  reply.code(e.status).headers(e.headers).send(e.body());
}

/** The stable code of an error fastify raised before the handler ran. */
function fastifyRefusal(error: FastifyError, check: BodyCheck | undefined, body: unknown) {
  const v = error as FastifyError & {
    validation?: { instancePath: string; message?: string; params?: Record<string, unknown> }[];
    validationContext?: string;
  };
  if (v.validation) {
    if (v.validationContext === 'body') {
      const mapped = check?.(body);
      if (mapped) return mapped;
    }
    const first = v.validation[0];
    const field = (first?.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
    const code =
      v.validationContext === 'params'
        ? 'E_NO_GAME'
        : v.validationContext === 'querystring'
          ? 'E_INPUT_BAD_QUERY'
          : 'E_INPUT_INVALID';
    const status = v.validationContext === 'params' ? 404 : 400;
    return new HttpError(status, code, error.message, field || undefined);
  }
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new HttpError(413, 'E_INPUT_TOO_LARGE', error.message);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new HttpError(415, 'E_INPUT_MEDIA_TYPE', 'send the body as application/json');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new HttpError(400, 'E_INPUT_NOT_JSON', error.message);
  }
  if (error instanceof SyntaxError || (error.statusCode === 400 && /JSON/i.test(error.message)))
    return new HttpError(400, 'E_INPUT_NOT_JSON', `the body is not valid JSON: ${error.message}`);
  if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500)
    return new HttpError(error.statusCode, `E_HTTP_${error.statusCode}`, error.message);
  return null;
}

export async function buildApp(o: AppOptions): Promise<FastifyInstance> {
  const timeoutMs = o.requestTimeoutMs ?? 120_000;
  const app = Fastify({
    logger: o.logger ?? { level: 'info' },
    // Fastify's two lines per request off: the onResponse hook below writes one.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: o.bodyLimit ?? 1024 * 1024,
    // Time to receive a whole request (slow clients); the answer's own limit is the hook below.
    requestTimeout: Math.min(timeoutMs, 30_000),
    ajv: {
      customOptions: {
        removeAdditional: false,
        coerceTypes: false,
        useDefaults: false,
        keywords: ['x-kind', 'x-discriminator'],
        // Each shared schema compiled once, not inlined into every route.
        inlineRefs: false,
        // Faster to compile (startup), hardly slower to run.
        code: { optimize: false },
      },
    },
  });

  // The response schemas document the answers (OpenAPI); the answers are written by
  // JSON.stringify as they are, not by fast-json-stringify, which would drop a field
  // a schema left out (docs/server.md "Endpoints").
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));

  // One line per request, without bodies (no ball positions at info level).
  app.addHook('onResponse', (req, reply, done) => {
    req.log.info(
      {
        method: req.method,
        url: req.url,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request',
    );
    done();
  });

  // A request timeout: the client gets 503 E_TIMEOUT; an action that still completes is committed
  // (the client finds it by GET, or by 409 on retry).
  app.addHook('onRequest', (_req, reply, done) => {
    const timer = setTimeout(
      () =>
        send(
          reply,
          new HttpError(
            503,
            'E_TIMEOUT',
            `no answer within ${timeoutMs} ms: GET the game to see whether the action was applied`,
          ),
        ),
      timeoutMs,
    );
    reply.raw.once('close', () => clearTimeout(timer));
    done();
  });

  app.setErrorHandler((error: FastifyError, req, reply) => {
    if (error instanceof HttpError) return send(reply, error);
    const mapped = fastifyRefusal(error, req.routeOptions.config.check, req.body);
    if (mapped) return send(reply, mapped);
    req.log.error(error);
    send(reply, new HttpError(500, 'E_INTERNAL', 'internal error'));
  });
  app.setNotFoundHandler((req, reply) =>
    send(reply, new HttpError(404, 'E_NOT_FOUND', `no route ${req.method} ${req.url}`)),
  );

  for (const [name, schema] of SHARED_SCHEMAS) app.addSchema(jsonSchema(schema, name));
  await app.register(swagger, {
    // Shared schemas appear under their own names in components.schemas.
    refResolver: {
      buildLocalReference: (json, _base, _fragment, i) =>
        typeof json.$id === 'string' ? json.$id : `def-${i}`,
    },
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'pool8',
        version: '0.1.0',
        description:
          'An eight-ball bot, referee and simulator as a service. The schemas are the wire types of the package (schemas/*.json, docs/wire.md); docs/server.md describes the API.',
      },
      tags: [
        { name: 'games', description: 'frames kept by the server, at a version' },
        { name: 'stateless', description: 'the CLI commands as requests' },
      ],
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });

  const games = new Games({
    store: o.store,
    evaluator: o.evaluator,
    queue: o.queue,
    locks: new GameLocks(),
    ...(o.maxTimeLimitMs !== undefined ? { maxTimeLimitMs: o.maxTimeLimitMs } : {}),
  });
  registerRoutes(app, {
    games,
    evaluator: o.evaluator,
    queue: o.queue,
    threads: o.threads,
  });
  app.get('/openapi.json', { schema: { hide: true } }, () => app.swagger());
  // After the error handler: the page's routes answer through it (E_NO_PAGE, E_NOT_FOUND).
  await registerPage(app, o.webRoot ?? DEFAULT_WEB_ROOT);
  return app;
}
