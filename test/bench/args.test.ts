/**
 * The diagnosis scripts' command lines (bench/args.ts): `--help` prints the
 * usage and exits 0; an unknown option or a missing value is one line on
 * stderr and exit 2, as the CLI does — node's parseArgs alone threw a stack
 * trace (seen: `runout.js --help`). Runs the built scripts after `npm test`'s
 * build; none of these cases plays a shot.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');
const run = (script: string, args: string[]) =>
  spawnSync(process.execPath, [join(root, 'dist/bench', script), ...args], {
    encoding: 'utf8',
    cwd: root,
  });

describe.each(['runout.js', 'potModel.js'])('bench/%s options', (script) => {
  const name = script.replace('.js', '');
  it('--help prints the usage and exits 0', () => {
    const r = run(script, ['--help']);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`^usage: node dist/bench/${script}`));
    expect(r.stdout).toContain('--seed S');
  });
  it('an unknown option is one line and exit 2', () => {
    const r = run(script, ['--bogus']);
    expect(r.status).toBe(2);
    expect(r.stderr).toBe(`${name}: Unknown option '--bogus'\n`);
  });
  it('a bad value is one line and exit 2', () => {
    const r = run(script, ['--seed', 'x']);
    expect(r.status).toBe(2);
    expect(r.stderr).toBe(`${name}: --seed must be a whole number\n`);
  });
});
