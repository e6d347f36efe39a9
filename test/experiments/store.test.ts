/**
 * Experiments that survive: a run stopped part way and run again gives the
 * games and statistics of an uninterrupted run, whatever the concurrency;
 * the store keeps each game index once. Baseline players (no worker pool)
 * keep it fast; the planner's case is in experiments.slow.test.ts.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { comparableRecords } from './records.js';

const root = join(import.meta.dirname, '../..');
const bin = join(root, 'dist/cli/main.js');
const dir = mkdtempSync(join(tmpdir(), 'pool8-exp-'));
const run = (args: string[]) => {
  const r = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', cwd: dir });
  return { code: r.status, out: r.stdout, err: r.stderr };
};
const match = (extra: string[]) =>
  run(['match', '--a', 'greedy', '--b', 'random', '--seed', '9', '--json', ...extra]);
/** A summary without the decision times, which are the machine's, not the games'. */
const games = (out: string) => {
  const s = JSON.parse(out);
  for (const seat of s.seats) delete seat.decisionMs;
  return s;
};
/** Records without decision times and the digest that covers them, sorted. */
const records = (file: string) => comparableRecords(readFileSync(file, 'utf8'));

describe('pool8 match --db: stored, resumed, in parallel', () => {
  const whole = match(['--games', '12', '--out', join(dir, 'whole.jsonl')]);

  it('a run of 4 games, then the same experiment to 12, equals one run of 12', () => {
    expect(whole.code, whole.err).toBe(0);
    const db = join(dir, 'resume.sqlite');
    expect(match(['--games', '4', '--db', db]).code).toBe(0);
    const resumed = match(['--games', '12', '--db', db, '--out', join(dir, 'resumed.jsonl')]);
    expect(resumed.code, resumed.err).toBe(0);
    expect(resumed.err).toContain('4 games stored; playing the other 8 of 12');
    expect(games(resumed.out)).toEqual(games(whole.out));
    expect(records(join(dir, 'resumed.jsonl'))).toEqual(records(join(dir, 'whole.jsonl')));
    // Run again: nothing left to play, the same answer, no game stored twice.
    const again = match(['--games', '12', '--db', db]);
    expect(games(again.out)).toEqual(games(whole.out));
    const report = run(['report', db, '--json']);
    expect(report.code, report.err).toBe(0);
    expect(games(report.out)).toEqual(games(whole.out));
  });

  it('--concurrency 3 plays the same games', () => {
    const par = match(['--games', '12', '--concurrency', '3', '--out', join(dir, 'par.jsonl')]);
    expect(par.code, par.err).toBe(0);
    expect(games(par.out)).toEqual(games(whole.out));
    expect(records(join(dir, 'par.jsonl'))).toEqual(records(join(dir, 'whole.jsonl')));
  });

  it('report reads the JSON-lines export too', () => {
    const r = run(['report', join(dir, 'whole.jsonl'), '--json']);
    expect(r.code, r.err).toBe(0);
    expect(games(r.out).wins).toBe(games(whole.out).wins);
  });

  it('an existing --out is not overwritten silently', () => {
    const r = match(['--games', '2', '--out', join(dir, 'whole.jsonl')]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^pool8: E_OUTPUT_EXISTS: /);
  });

  it('report --against compares player A on the same racks, and refuses other racks', () => {
    // random against greedy on seed 9: the same deals with A's seat played worse.
    const other = run([
      'match',
      '--a',
      'random',
      '--b',
      'random',
      '--seed',
      '9',
      '--games',
      '12',
      '--out',
      join(dir, 'random.jsonl'),
    ]);
    expect(other.code, other.err).toBe(0);
    const r = run([
      'report',
      join(dir, 'whole.jsonl'),
      '--against',
      join(dir, 'random.jsonl'),
      '--json',
    ]);
    expect(r.code, r.err).toBe(0);
    const c = JSON.parse(r.out);
    expect(c.games).toBe(12);
    expect(c.racks).toBe(6);
    expect(c.unmatched).toEqual([0, 0]);
    const score = (file: string) => {
      const ws = readFileSync(file, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).frames[0].winner);
      return (
        ws.reduce((a: number, w: number | null) => a + (w === 0 ? 1 : w === null ? 0.5 : 0), 0) /
        ws.length
      );
    };
    expect(c.scoreA[0]).toBeCloseTo(score(join(dir, 'whole.jsonl')), 12);
    expect(c.scoreA[1]).toBeCloseTo(score(join(dir, 'random.jsonl')), 12);
    expect(c.difference).toBeCloseTo(c.scoreA[1] - c.scoreA[0], 12);
    expect(c.low).toBeLessThanOrEqual(c.difference);
    expect(c.high).toBeGreaterThanOrEqual(c.difference);
    // The same games against themselves: no difference at all.
    const same = JSON.parse(
      run(['report', join(dir, 'whole.jsonl'), '--against', join(dir, 'par.jsonl'), '--json']).out,
    );
    expect([same.difference, same.wins.onlyFirst, same.wins.onlySecond, same.wins.p]).toEqual([
      0, 0, 0, 1,
    ]);
    // Other racks: nothing to pair.
    const seed10 = run([
      'match',
      '--a',
      'greedy',
      '--b',
      'random',
      '--seed',
      '10',
      '--games',
      '2',
      '--out',
      join(dir, 's10.jsonl'),
    ]);
    expect(seed10.code, seed10.err).toBe(0);
    const refused = run(['report', join(dir, 'whole.jsonl'), '--against', join(dir, 's10.jsonl')]);
    expect(refused.code).toBe(2);
    expect(refused.err).toMatch(/^pool8: E_INPUT_NOT_PAIRED: /);
  });
});
