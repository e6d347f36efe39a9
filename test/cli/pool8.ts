/**
 * The built CLI as a user runs it: `node dist/cli/main.js ...` from the
 * repository root, its exit code, stdout and stderr. Shared by the CLI's
 * end-to-end tests.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

export const root = join(import.meta.dirname, '../..');
export const bin = join(root, 'dist/cli/main.js');

/** `input`, when given, is what the command reads on stdin. */
export function pool8(args: readonly string[], input?: string) {
  const r = spawnSync(process.execPath, [bin, ...args], { input, encoding: 'utf8', cwd: root });
  return { code: r.status, out: r.stdout, err: r.stderr };
}
