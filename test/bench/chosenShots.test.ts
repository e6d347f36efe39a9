/**
 * bench/chosenShots.js: re-samples the pots a `runout.js --dump` recorded
 * and compares them with the planner's estimate. A hanging ball the planner
 * pots, and the same shot turned 90° away but labelled P(pot) 100 %, must
 * come out as 2 shots estimated at 100 % that re-sample to 50 %.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inlineEvaluator } from '../../ai/evaluator.js';
import { LEVELS } from '../../ai/levels.js';
import { plan } from '../../ai/planner.js';
import { type FrameState, newFrame, OBJECT_BALLS } from '../../engine/index.js';

const root = join(import.meta.dirname, '../..');
const run = (args: string[]) =>
  spawnSync(process.execPath, [join(root, 'dist/bench/chosenShots.js'), ...args], {
    encoding: 'utf8',
    cwd: root,
  });

function position(balls: { id: number; x: number; y: number }[]): FrameState {
  const base = newFrame({ seed: 1 });
  const on = new Set(balls.map((b) => b.id));
  return {
    ...base,
    phase: 'play',
    groups: ['solids', 'stripes'],
    balls: [...balls].sort((a, b) => a.id - b.id) as FrameState['balls'],
    pocketed: OBJECT_BALLS.filter((b) => !on.has(b)),
    ballInHand: null,
  };
}

describe('bench/chosenShots.js', () => {
  it('re-samples the dumped pots and bands them by the planner’s estimate', async () => {
    const state = position([
      { id: 0, x: 1.2, y: 0.5 },
      { id: 3, x: 2.49, y: 1.22 },
      { id: 8, x: 1.0, y: 1.0 },
      { id: 12, x: 0.5, y: 0.3 },
    ]);
    const d = await plan(state, { level: LEVELS.olympiad, seed: 7, evaluator: inlineEvaluator });
    if (!d.ok || d.value.kind !== 'shot') throw new Error('no shot');
    const made = { state, call: d.value.call, shot: d.value.shot, placement: null, pPot: 1 };
    const away = { ...made, shot: { ...made.shot, phi: made.shot.phi + 90 } };
    const safety = { ...made, call: { kind: 'safety' } };
    const dir = mkdtempSync(join(tmpdir(), 'pool8-chosen-'));
    writeFileSync(join(dir, 'rack0-miss.json'), JSON.stringify([made, away, safety]));
    const r = run([dir, '--samples', '20', '--json']);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout) as {
      bands: { shots: number; estimated: number; resampled: number }[];
    };
    expect(out.bands.map((b) => b.shots)).toEqual([0, 0, 0, 2]);
    expect(out.bands[3]!.estimated).toBe(1);
    expect(out.bands[3]!.resampled).toBe(0.5);
  });
  it('wants one directory', () => {
    const r = run([]);
    expect(r.status).toBe(2);
    expect(r.stderr).toBe('chosenShots: give the directory runout.js --dump wrote\n');
  });
});
