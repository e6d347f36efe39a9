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
import { HANGING_THREE, position } from '../ai/positions.js';

const root = join(import.meta.dirname, '../..');
const run = (args: string[]) =>
  spawnSync(process.execPath, [join(root, 'dist/bench/chosenShots.js'), ...args], {
    encoding: 'utf8',
    cwd: root,
  });

describe('bench/chosenShots.js', () => {
  it('re-samples the dumped pots and bands them by the planner’s estimate', async () => {
    const state = position(HANGING_THREE);
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
