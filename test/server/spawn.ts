import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A real `pool8 serve` process from the build (dist/cli/main.js) on a free
 * port of 127.0.0.1, for the end-to-end tests: they speak HTTP to it as a
 * client would, and can kill it.
 */
const root = join(import.meta.dirname, '../..');
export const bin = join(root, 'dist/cli/main.js');

export interface Served {
  readonly url: string;
  readonly proc: ChildProcess;
  readonly db: string;
  /** What the server wrote to stdout (its log lines). */
  readonly log: () => string;
  stop(): Promise<void>;
  kill9(): Promise<void>;
}

export function tempDb(): string {
  return join(mkdtempSync(join(tmpdir(), 'pool8-serve-')), 'games.sqlite');
}

export function serve(args: readonly string[] = [], db = tempDb()): Promise<Served> {
  const proc = spawn(
    process.execPath,
    [bin, 'serve', '--port', '0', '--db', db, '--threads', '2', ...args],
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  let err = '';
  proc.stdout!.on('data', (b: Buffer) => {
    out += b.toString();
  });
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no listening line: ${err}`)), 20_000);
    proc.stderr!.on('data', (b: Buffer) => {
      err += b.toString();
      const m = /listening on (http:\/\/[^\s]+)/.exec(err);
      if (m) {
        clearTimeout(timer);
        resolve({
          url: m[1]!,
          proc,
          db,
          log: () => out,
          async stop() {
            if (proc.exitCode === null) proc.kill('SIGTERM');
            await exited;
          },
          async kill9() {
            if (proc.exitCode === null) proc.kill('SIGKILL');
            await exited;
          },
        });
      }
    });
    proc.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`pool8 serve exited (${code}): ${err}`));
    });
  });
}

export interface Answer {
  readonly status: number;
  readonly headers: Headers;
  readonly body: any;
}

/** One JSON request. */
export async function call(
  url: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const r = await fetch(`${url}${path}`, {
    method,
    headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
    ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
  });
  const text = await r.text();
  return { status: r.status, headers: r.headers, body: text ? JSON.parse(text) : null };
}
