/**
 * The README's main command is `npx pool8 play` on a fresh clone: npm runs
 * the package's own bin, dist/cli/main.js, as an executable. tsc writes it
 * without the executable bit, so a fresh `npm ci` left "pool8: Permission
 * denied" until the build script set it (package.json "build"). Run the bin
 * the way npx does — as a program, not through `node` — after `npm test`'s
 * build.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');
const bin = join(root, 'dist/cli/main.js');

describe('the pool8 bin', () => {
  it('runs as a program (shebang and executable bit)', () => {
    const r = spawnSync(bin, ['--version'], { encoding: 'utf8', cwd: root });
    expect(r.error).toBeUndefined();
    expect(r.status).toBe(0);
    const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    expect(r.stdout.trim()).toBe(version);
  });
});
