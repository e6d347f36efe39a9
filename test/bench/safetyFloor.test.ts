/**
 * bench/safetyFloor.ts: the race model's safety floor beside the planner's
 * own estimate of its safety. The fixture is the dump of rack 11 of
 * `node dist/bench/runout.js --racks 40 --seed 105 --threads 1 --dump DIR`
 * (an inning that stopped in a safety with the 11 and the 8 to go against
 * seven and the 8). Runs the built script after `npm test`'s build.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { positionValues } from '../../ai/estimate.js';
import { LEVELS } from '../../ai/levels.js';
import { ballsToGo, safetyValue } from '../../ai/value.js';
import { parseState } from '../../engine/parse.js';

const root = join(import.meta.dirname, '../..');
const fixtures = join(import.meta.dirname, 'fixtures/safety');
const run = (args: string[]) =>
  spawnSync(process.execPath, [join(root, 'dist/bench/safetyFloor.js'), ...args], {
    encoding: 'utf8',
    cwd: root,
  });

interface Report {
  safeties: number;
  safetyReply: number;
  skipped: string[];
  rows: { toGo: [number, number]; sampled: number; floor: number; impliedReply: number }[];
}

const state = (() => {
  const dump = JSON.parse(readFileSync(join(fixtures, 'rack11-safety.json'), 'utf8'));
  const s = parseState(dump.at(-1).state);
  if (!s.ok) throw new Error(s.error.message);
  return s.value;
})();

describe('bench/safetyFloor.js', () => {
  it('--help prints the usage and exits 0', () => {
    const r = run(['--help']);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^usage: node dist\/bench\/safetyFloor\.js DIR/);
  });

  it.each([
    ['no directory', [], 'safetyFloor: give one directory written by runout.js --dump\n'],
    [
      'a missing directory',
      ['/nonexistent-dir'],
      'safetyFloor: cannot read the directory /nonexistent-dir\n',
    ],
    [
      'a reply out of range',
      [fixtures, '--safety-reply', '2'],
      'safetyFloor: --safety-reply must be a number from 0 to 1\n',
    ],
    [
      'an empty reply',
      [fixtures, '--safety-reply', ''],
      'safetyFloor: --safety-reply must be a number from 0 to 1\n',
    ],
  ])('%s is one line and exit 2', (_, args, message) => {
    const r = run(args);
    expect(r.status).toBe(2);
    expect(r.stderr).toBe(message);
  });

  it('a directory without safeties is one line and exit 2', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pool8-safety-'));
    writeFileSync(join(dir, 'rack3-miss.json'), '[]');
    const r = run([dir]);
    expect(r.status).toBe(2);
    expect(r.stderr).toBe(
      `safetyFloor: ${dir} holds no rack*-safety.json: run runout.js with --dump\n`,
    );
  });

  it('a dump that is not JSON, or whose state the referee refuses, is skipped with the reason', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pool8-safety-'));
    writeFileSync(join(dir, 'rack1-safety.json'), '{');
    writeFileSync(join(dir, 'rack2-safety.json'), JSON.stringify([{ state: { phase: 'play' } }]));
    const r = run([dir, '--json']);
    expect(r.status).toBe(0);
    const report = JSON.parse(r.stdout) as Report;
    expect(report.safeties).toBe(0);
    expect(report).toMatchObject({ meanSampled: null, meanFloor: null });
    expect(report.skipped[0]).toBe('rack1-safety.json: not a runout.js dump');
    expect(report.skipped[1]).toMatch(
      /^rack2-safety\.json: the game state is not a valid pool8 state: state\.rules: /,
    );
  });

  it('the fixture at --safety-reply 0.8: the floor is the value model’s, and the implied reply gives back the sampled value', () => {
    const level = { ...LEVELS.olympiad, safetyReply: 0.8 };
    const r = run([fixtures, '--json', '--safety-reply', '0.8']);
    expect(r.status).toBe(0);
    const report = JSON.parse(r.stdout) as Report;
    expect(report.safetyReply).toBe(0.8);
    expect(report.safeties).toBe(1);
    const row = report.rows[0]!;
    expect(row.toGo).toEqual([ballsToGo(state, 0), ballsToGo(state, 1)]);
    expect(row.toGo).toEqual([2, 8]);
    expect(row.floor).toBe(safetyValue(state, level));
    expect(row.floor).not.toBe(safetyValue(state, LEVELS.olympiad));
    expect(row.sampled).toBeGreaterThan(0);
    expect(row.sampled).toBeLessThan(1);
    // The race model's safe branch at the implied reply is the sampled value.
    const [a, b] = row.toGo;
    const safe = positionValues(0, a, b, level.routine, row.impliedReply).safe;
    expect(safe).toBeCloseTo(row.sampled, 12);
  });
});
