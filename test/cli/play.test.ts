/**
 * `pool8 play`, `match` and `replay` as a user runs them (the built CLI, real
 * worker threads).
 */

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bin, root, pool8 as run } from './pool8.js';

const dir = mkdtempSync(join(tmpdir(), 'pool8-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('pool8 play / replay', () => {
  it('plays a frame shot by shot, writes a record that replays identically', () => {
    const file = join(dir, 'game.json');
    const r = run(['play', '--seed', '3', '--threads', '1', '--out', file]);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/frame 1: rack seed \d+, A \(olympiad\) breaks/);
    expect(r.out).toMatch(/frame 1: (A|B) \(.+\) wins|no winner/);
    expect(r.out).toMatch(/result: A \(olympiad\) \d – \d B \(greedy:olympiad\)/);
    const rec = JSON.parse(readFileSync(file, 'utf8'));
    expect(rec.format).toBe('pool8/game/1');
    expect(rec.frames[0].shots.length).toBeGreaterThan(1);
    const rep = run(['replay', file]);
    expect(rep.code).toBe(0);
    expect(rep.out).toMatch(/replayed 1 record\(s\), \d+ actions: identical/);
  });

  it('a tampered record fails replay with exit 1', () => {
    const file = join(dir, 'game.json');
    const rec = JSON.parse(readFileSync(file, 'utf8'));
    const shot = rec.frames[0].shots.find((s: { action: string }) => s.action === 'shot');
    shot.executed.V += 0.01;
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify(rec));
    const rep = run(['replay', bad]);
    expect(rep.code).toBe(1);
    expect(rep.out).toContain('MISMATCH');
  });

  it('--noise sets the noise both players shoot with, and the record says so', () => {
    // No noise at all: every executed stroke is the intended one, filled out
    // (a, b, θ default to 0); with the level's noise none would be.
    const zero = '{"phi":0,"V":0,"a":0,"b":0,"theta":0}';
    const r = run([
      'play',
      '--a',
      'greedy',
      '--b',
      'random',
      '--seed',
      '4',
      '--noise',
      zero,
      '--json',
    ]);
    expect(r.code).toBe(0);
    const rec = JSON.parse(r.out);
    for (const p of rec.players) expect(p.noise).toEqual({ phi: 0, V: 0, a: 0, b: 0, theta: 0 });
    const shots = rec.frames[0].shots.filter((s: { action: string }) => s.action === 'shot');
    expect(shots.length).toBeGreaterThan(1);
    for (const s of shots) expect(s.executed).toEqual({ a: 0, b: 0, theta: 0, ...s.intended });
    // Only φ halved: the other fields stay at each player's own level.
    const half = run([
      'play',
      '--a',
      'greedy:pro',
      '--b',
      'random',
      '--noise',
      '{"phi":0.0625}',
      '--max-shots',
      '2',
    ]);
    expect(half.code).toBe(0);
    expect(half.out).toContain(
      'execution noise (--noise): A φ 0.0625°, V 0.1 m/s, a 0.03 R, b 0.03 R, θ 0.2°; B φ 0.0625°, V 0.075 m/s, a 0.0175 R, b 0.0175 R, θ 0.1°',
    );
  });

  it('rejects a bad --noise with exit 2, naming the fields', () => {
    for (const bad of ['{"phi":-1}', '{"aim":0.1}', '[0.1]', 'phi=0.1']) {
      const r = run(['play', '--noise', bad]);
      expect(r.code).toBe(2);
      expect(r.err).toContain('E_INPUT_BAD_OPTION');
      expect(r.err).toContain('--noise must be a JSON object of phi, V, a, b, theta');
    }
  });

  it("--budget-a sets one seat's budget, and the record keeps it", () => {
    const file = join(dir, 'budget.json');
    const r = run([
      'play',
      '--a',
      'olympiad',
      '--b',
      'greedy',
      '--seed',
      '5',
      '--threads',
      '1',
      '--budget-a',
      '{"samples":6,"lookahead":null}',
      '--out',
      file,
    ]);
    expect(r.code).toBe(0);
    expect(r.out).toContain(
      'budget: A 6 candidates × 6 samples; 16 finalists × 16 samples\n        B greedy (no search)',
    );
    const rec = JSON.parse(readFileSync(file, 'utf8'));
    expect(rec.players[0].budget).toEqual({
      candidates: 6,
      samples: 6,
      finalists: 16,
      finalSamples: 16,
      lookahead: null,
      potSamples: 48,
      positionChoice: true,
    });
    expect(rec.players[1].budget).toBeUndefined();
    expect(run(['replay', file]).code).toBe(0);
    // A baseline has no budget to set.
    const bad = run(['play', '--a', 'greedy', '--budget-a', '{"samples":6}']);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain("--budget-a sets a planner's budget; this seat plays greedy");
    const idle = run(['play', '--a', 'greedy', '--b', 'random', '--time-limit', '500']);
    expect(idle.code).toBe(2);
    expect(idle.err).toContain(
      '--time-limit is for planners; neither seat is one (greedy, random)',
    );
  });

  it('stops quietly when the reader stops early (pool8 play | head -1)', () => {
    // Before: the next write threw EPIPE from a stdout 'error' event, a stack trace and exit 1.
    const r = spawnSync(
      'bash',
      [
        '-c',
        `"${process.execPath}" "${bin}" play --seed 3 --threads 1 | head -1; echo "rc=\${PIPESTATUS[0]}" >&2`,
      ],
      { encoding: 'utf8', cwd: root },
    );
    expect(r.stdout).toMatch(/^frame 1: rack seed \d+/);
    expect(r.stderr).not.toContain('EPIPE');
    expect(r.stderr.trim()).toBe('rc=0');
  });

  it('rejects an unknown player with exit 2', () => {
    const r = run(['play', '--a', 'shark']);
    expect(r.code).toBe(2);
    expect(r.err).toContain('E_INPUT_BAD_PLAYER');
  });
});

describe('pool8 match', () => {
  it('plays paired games and reports W/L/D, Elo, break-and-run, fouls and end reasons', () => {
    const out = join(dir, 'games.jsonl');
    const r = run([
      'match',
      '--a',
      'amateur',
      '--b',
      'greedy:amateur',
      '--games',
      '4',
      '--seed',
      '5',
      '--threads',
      '1',
      '--json',
      '--out',
      out,
    ]);
    expect(r.code).toBe(0);
    const s = JSON.parse(r.out);
    expect(s.games).toBe(4);
    expect(s.wins + s.losses + s.draws).toBe(4);
    expect(s.seats).toHaveLength(2);
    // Each seat's noise is its level's (ai/levels.ts amateur), --noise not given.
    expect(s.noise).toEqual([
      { phi: 0.7, V: 0.15, a: 0.06, b: 0.06, theta: 0.4 },
      { phi: 0.7, V: 0.15, a: 0.06, b: 0.06, theta: 0.4 },
    ]);
    expect(s.seats[0].breaks).toBe(2);
    expect(s.elo.pairs).toBe(2);
    expect(s.elo.pentanomial.reduce((a: number, b: number) => a + b, 0)).toBe(2);
    // A break-and-run needs a kept break first.
    for (const seat of s.seats) {
      expect(seat.keptBreaks).toBeLessThanOrEqual(seat.breaks);
      expect(seat.breakAndRuns).toBeLessThanOrEqual(seat.keptBreaks);
    }
    expect(
      Object.values(s.endReasons as Record<string, number>).reduce((a, b) => a + b, 0),
    ).toBeGreaterThanOrEqual(4);
    expect(r.err).toContain('4/4');
    expect(readFileSync(out, 'utf8').trim().split('\n')).toHaveLength(4);
    expect(run(['replay', out]).out).toMatch(/replayed 4 record\(s\)/);
  });
});

describe('pool8 match --sprt', () => {
  it('stops as soon as the SPRT decides, and says so', () => {
    const r = run([
      'match',
      '--a',
      'greedy',
      '--b',
      'random',
      '--games',
      '200',
      '--seed',
      '3',
      '--sprt',
      '0,100',
      '--threads',
      '1',
      '--json',
    ]);
    expect(r.code).toBe(0);
    const s = JSON.parse(r.out);
    // Greedy against random shots: H1 long before 200 games, at a complete pair.
    expect(s.sprt.result).toBe('H1');
    expect(s.sprt.llr).toBeGreaterThanOrEqual(s.sprt.upper);
    expect(s.games).toBeLessThan(200);
    expect(s.games % 2).toBe(0);
    expect(r.err).toContain(`the SPRT decided after ${s.games} of 200 games`);
  });
  it('rejects bounds that are not elo0 < elo1', () => {
    const r = run(['match', '--sprt', '50,0']);
    expect(r.code).toBe(2);
    expect(r.err).toContain('E_INPUT_BAD_OPTION');
  });
});
