/**
 * The planner's break is data with measured outcomes: a break chosen by
 * search offline and kept as data, with its measured outcomes.
 * Its figures must be what the command named in the data measured:
 * - `pool8 search-break --racks R --seed S` re-measures the chosen break on
 *   R × 4 racks of seed S + 1 (ai/breakSearch.ts);
 * - `pool8 measure-break --spec J --racks N --seed S` measures the break J
 *   (chosen by run-outs) on N racks of seed S.
 * Evaluating the break again on those racks must give the stored numbers
 * exactly: the break's physics, the racks and the leave model (the value)
 * all unchanged since the data was made.
 */
import { describe, expect, it } from 'vitest';
import { BREAK_DATA } from '../../ai/breakData.js';
import { evaluateBreak } from '../../ai/breakSearch.js';

function measuredOn(command: string): { racks: number; seed: number } | null {
  const search =
    /^pool8 search-break --racks (\d+) --seed (\d+)(?: --random \d+ --local \d+)?$/.exec(command);
  if (search) return { racks: Number(search[1]) * 4, seed: Number(search[2]) + 1 };
  const measure = /^pool8 measure-break --spec '(\{[^']*\})' --racks (\d+) --seed (\d+)$/.exec(
    command,
  );
  if (measure) {
    expect(JSON.parse(measure[1]!)).toEqual(BREAK_DATA.best.spec);
    return { racks: Number(measure[2]), seed: Number(measure[3]) };
  }
  return null;
}

describe('the stored break', () => {
  const on = measuredOn(BREAK_DATA.command);

  it('names the command that made it', () => {
    expect(on).not.toBeNull();
    expect(BREAK_DATA.best.racks).toBe(on!.racks);
  });

  it('reproduces its published figures on the racks it was measured on', () => {
    expect(evaluateBreak(BREAK_DATA.best.spec, on!.racks, on!.seed)).toEqual(BREAK_DATA.best);
  }, 60_000);
});
