/**
 * bench/valueFit.ts and bench/fitValue.js: the open-play positions of a real
 * record, the logistic fit recovering known weights, and the command line.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inlineEvaluator } from '../../ai/evaluator.js';
import { uniform } from '../../ai/seeds.js';
import {
  brier,
  calibration,
  decisionPoints,
  fitWinModel,
  winChance,
} from '../../bench/valueFit.js';
import { PRESETS } from '../../engine/index.js';
import { playFrame } from '../../play/game.js';
import { makeDecider } from '../../play/players.js';
import { type GameRecord, gameRecord } from '../../play/record.js';

const players = [
  { strategy: 'greedy', level: 'olympiad' },
  { strategy: 'greedy', level: 'olympiad' },
] as const;

async function greedyRecord(seed: number): Promise<GameRecord> {
  const d = makeDecider(players[0], { evaluator: inlineEvaluator });
  const r = await playFrame(
    { seed, breaker: (seed % 2) as 0 | 1, rules: 'pl-bca', table: '9ft', players },
    [d, d],
  );
  if (!r.ok) throw new Error(r.error.message);
  return gameRecord(players, PRESETS['pl-bca'], '9ft', seed, [r.value]);
}

describe('decisionPoints', () => {
  it('takes every open-play shot of a record, each with whether its shooter won', async () => {
    const rec = await greedyRecord(4);
    const { points, skipped } = decisionPoints(rec);
    expect(skipped).toBe(false);
    const frame = rec.frames[0]!;
    // Every shot but the break is taken from open play when no R6/R8/R9 choice is pending.
    const shots = frame.shots.filter((s) => s.action === 'shot' && s.n > 0).length;
    expect(points.length).toBeGreaterThan(0);
    expect(points.length).toBeLessThanOrEqual(shots);
    for (const p of points) expect(p.won).toBe(frame.winner === p.mover);
  });
  it('leaves out a record that does not replay', async () => {
    const rec = await greedyRecord(4);
    const frame = rec.frames[0]!;
    const k = frame.shots.findIndex((s, i) => i > 0 && s.executed);
    const shots = frame.shots.map((s, i) =>
      i === k && s.executed ? { ...s, outcome: '0000000000000000' } : s,
    );
    expect(decisionPoints({ ...rec, frames: [{ ...frame, shots }] })).toEqual({
      points: [],
      skipped: true,
    });
  });
});

describe('winChance, brier and calibration', () => {
  it('winChance is the logistic of bias + p1·w + a·w + b·w + (p1 / a)·w (hand-computed)', () => {
    const m = { bias: 0.5, p1: 1, toGo: -0.2, oppToGo: 0.1, p1PerBall: 2 };
    // z = 0.5 + 0.8 − 0.6 + 0.4 + 1.6 / 3
    expect(winChance(m, 0.8, 3, 4)).toBeCloseTo(1 / (1 + Math.exp(-(1.1 + 1.6 / 3))), 12);
    expect(winChance(m, 0.3, 0, 5)).toBe(1);
    expect(winChance(m, 0.3, 4, 0)).toBe(0);
  });
  it('brier and calibration of a few hand-made predictions', () => {
    const rows = [
      { est: 0.9, won: true },
      { est: 0.7, won: false },
      { est: 0.1, won: false },
    ];
    // (0.01 + 0.49 + 0.01) / 3
    expect(brier(rows)).toBeCloseTo(0.17, 12);
    const bands = calibration(rows, [0, 0.5, 1.0001]);
    expect(bands.map((b) => [b.n, b.won])).toEqual([
      [1, 0],
      [2, 0.5],
    ]);
    expect(bands[1]!.estimated).toBeCloseTo(0.8, 12);
  });
});

describe('fitWinModel', () => {
  it('recovers the weights that generated the outcomes', () => {
    const truth = { bias: 0.5, p1: 1, toGo: -0.3, oppToGo: 0.15, p1PerBall: 2 };
    let s = 99;
    const u = () => {
      const [x, n] = uniform(s);
      s = n;
      return x;
    };
    const rows = [];
    for (let i = 0; i < 30000; i++) {
      const p1 = u();
      const a = 1 + Math.floor(u() * 8);
      const b = 1 + Math.floor(u() * 8);
      const z =
        truth.bias +
        truth.p1 * p1 +
        truth.toGo * a +
        truth.oppToGo * b +
        (truth.p1PerBall * p1) / a;
      rows.push({ p1, a, b, won: u() < 1 / (1 + Math.exp(-z)) });
    }
    const m = fitWinModel(rows);
    for (const k of Object.keys(truth) as (keyof typeof truth)[])
      expect(Math.abs(m[k] - truth[k]), k).toBeLessThan(0.25);
  });
});

describe('bench/fitValue.js', () => {
  const root = join(import.meta.dirname, '../..');
  const run = (args: string[]) =>
    spawnSync(process.execPath, [join(root, 'dist/bench/fitValue.js'), ...args], {
      encoding: 'utf8',
      cwd: root,
    });
  it('fits records and scores the fit on held-out ones', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pool8-fit-'));
    const file = join(dir, 'games.jsonl');
    const recs = await Promise.all([1, 2, 3, 4, 5, 6].map(greedyRecord));
    writeFileSync(file, recs.map((r) => JSON.stringify(r)).join('\n'));
    const r = run([file, '--json']);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout) as {
      records: number;
      skipped: number;
      positions: number;
      heldOut: { constant: number; race: number; fitted: number };
      bands: { race: { n: number }[]; fitted: { n: number }[] };
    };
    expect(out.records).toBe(6);
    expect(out.skipped).toBe(0);
    expect(out.positions).toBeGreaterThan(6);
    for (const v of Object.values(out.heldOut)) expect(v).toBeGreaterThan(0);
    // Every position falls in one band of each model.
    for (const bands of [out.bands.race, out.bands.fitted])
      expect(bands.reduce((s, b) => s + b.n, 0)).toBe(out.positions);
  });
  it('wants record files', () => {
    const r = run([]);
    expect(r.status).toBe(2);
    expect(r.stderr).toBe('fitValue: give one or more game record files\n');
  });
});
