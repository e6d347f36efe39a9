/**
 * bench/runout.js refuses bad options with one line and exit 2. The runs
 * themselves, on six racks of `--seed 21`, are in runout.slow.test.ts
 * (`npm run test:slow`).
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');

/** Runs dist/bench/runout.js with these arguments. */
function runout(...args: string[]) {
  return spawnSync(process.execPath, [join(root, 'dist/bench/runout.js'), ...args], {
    encoding: 'utf8',
    cwd: root,
  });
}

describe('bench/runout.js', () => {
  it.each([
    ['--in-hand-from', '9', '--in-hand-from takes 0 to 7 balls'],
    ['--exact-from', '8', '--exact-from takes 0 to 7 balls'],
    ['--table', '6ft', '--table must be one of 9ft, 8ft, 7ft'],
  ])('%s %s exits 2 with one line', (option, value, message) => {
    const r = runout(option, value, '--racks', '1');
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(message);
  });
});
