import { existsSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { HttpError } from './httpError.js';

/**
 * The web page at `/`: the files vite builds from web/ into dist/web
 * (index.html and its hashed assets/*), served by @fastify/static. None of
 * its routes are in the OpenAPI document, which describes the API only.
 */

/** dist/web, beside the server's own directory (dist/server). */
export const DEFAULT_WEB_ROOT = fileURLToPath(new URL('../web', import.meta.url));

/** Vite names every asset by a hash of its content: a changed file is a new URL. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html names the assets of the current build, so it is revalidated each time (ETag). */
const REVALIDATE = 'no-cache';

/**
 * Registers `GET /` (index.html) and the page's files. The directory is
 * looked at per request, not at start: a server started before
 * `npm run build` (or from a tsc-only build, without dist/web) answers 404
 * E_NO_PAGE at `/` until the page is built, and then serves it.
 */
export async function registerPage(app: FastifyInstance, webRoot: string): Promise<void> {
  const root = resolve(webRoot);
  const assets = join(root, 'assets') + sep;
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    // `/` is the route below, which knows what to say when there is no page.
    index: false,
    // Set by setHeaders below, per file, instead of send's `max-age=0`.
    cacheControl: false,
    dotfiles: 'ignore',
    // The missing directory is E_NO_PAGE at `/`, not a warning at start.
    suppressWarning: true,
    schemaHide: true,
    setHeaders: (reply, path) => {
      reply.header('cache-control', path.startsWith(assets) ? IMMUTABLE : REVALIDATE);
    },
  });
  app.get('/', { schema: { hide: true } }, (_req, reply) => {
    if (!existsSync(join(root, 'index.html')))
      throw new HttpError(
        404,
        'E_NO_PAGE',
        `no web page in ${root}: run \`npm run build\`, which builds it from web/ into dist/web`,
      );
    return reply.sendFile('index.html');
  });
}
