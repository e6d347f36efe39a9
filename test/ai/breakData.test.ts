/**
 * The planner's break is data with measured outcomes (issue 5: "a break
 * chosen by search offline and kept as data, with its measured outcomes").
 * Its figures must be what the search's last stage measured: `pool8
 * search-break --racks R --seed S` re-measures the chosen break on R × 4
 * racks of seed S + 1 (ai/breakSearch.ts), so evaluating it again on those
 * racks must give the stored numbers exactly — the break's physics and the
 * leave model (the value) both unchanged since the data was made.
 */
import { describe, expect, it } from 'vitest';
import { BREAK_DATA } from '../../ai/breakData.js';
import { evaluateBreak } from '../../ai/breakSearch.js';

describe('the stored break', () => {
  const m = /--racks (\d+) --seed (\d+)/.exec(BREAK_DATA.command);

  it('names the command that made it', () => {
    expect(m).not.toBeNull();
    expect(BREAK_DATA.best.racks).toBe(Number(m![1]) * 4);
  });

  it('reproduces its published figures on the racks it was measured on', () => {
    const seed = Number(m![2]) + 1;
    expect(evaluateBreak(BREAK_DATA.best.spec, BREAK_DATA.best.racks, seed)).toEqual(
      BREAK_DATA.best,
    );
  }, 60_000);
});
