/**
 * bench/runout.js end to end on three racks of `--seed 21`, whose first
 * innings this machine measured (2026-12-01, the 250-rack run in
 * bench/README): a scratch on the break, a run-out in 8 shots, and a forced
 * safety with one ball of the group left. The summary's `stoppedAt` counts
 * the innings stopped after a kept break by the group balls left.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');

describe('bench/runout.js', () => {
  it('replays the first three racks of --seed 21 and says where the run stopped', () => {
    const r = spawnSync(
      process.execPath,
      [
        join(root, 'dist/bench/runout.js'),
        ...['--racks', '3', '--seed', '21', '--threads', '1', '--json'],
      ],
      { encoding: 'utf8', cwd: root },
    );
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(
      out.perRack.map((x: { end: string; left: number; shots: number }) => [
        x.end,
        x.left,
        x.shots,
      ]),
    ).toEqual([
      ['breakFoul', 7, 1],
      ['runout', 0, 8],
      ['safety', 1, 6],
    ]);
    expect(out.ends.runout).toBe(1);
    expect(out.stoppedAt).toEqual({ safety: [0, 1, 0, 0, 0, 0, 0, 0] });
    expect(out.meanLeftWhenStopped).toBe(4); // the scratch (7 left) and the safety (1)
    // Progress went to stderr, not into the JSON.
    expect(r.stderr).toContain('rack 3/3  run-outs 1');
  }, 120_000);
});
