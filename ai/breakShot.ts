import type { Shot } from '../engine/shot.js';
import { footSpot, type TableSize } from '../engine/table.js';
import { BREAK_DATA } from './breakData.js';
import { breakPlacement, breakShot } from './breakSearch.js';

/**
 * The planner's break (ai/breakData.ts), with its measured outcomes, chosen
 * by the run-outs after it (bench/runout.ts): a soft break (9.72 m/s) from
 * left of centre that keeps the table on 86 % of noisy racks with 7 %
 * scratches. The planners of 2026-12-01 and 12-05 ran out fewer racks after
 * it than after the searched break at 11 m/s (76 %, 13 %), playing safe from
 * its layouts; the planner of 2026-12-07, which goes for its shots, ran out
 * 284 of 600 held-out racks after it against 219 (McNemar P 0.0001;
 * docs/measurements.md, "The break chosen again by run-outs"). Measured by
 * `pool8 measure-break`. The apex ball stands on the foot spot (R3), so the
 * shot is fixed per table size.
 */
export const BREAK = {
  spec: BREAK_DATA.best.spec,
  placement: (table: TableSize) => breakPlacement(table, BREAK_DATA.best.spec),
  shotFor: (table: TableSize): Shot => breakShot(table, BREAK_DATA.best.spec, footSpot(table)),
  /** Mean estimated P(breaker wins) after this break (as measured). */
  breakerValue: BREAK_DATA.best.value,
  reason: `the stored break: kept the table on ${Math.round(BREAK_DATA.best.keep * 100)}% of ${BREAK_DATA.best.racks} noisy racks, ${BREAK_DATA.best.pocketedMean.toFixed(2)} balls a break, scratch ${Math.round(BREAK_DATA.best.scratch * 100)}%`,
};
