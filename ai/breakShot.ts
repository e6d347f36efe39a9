import type { Shot } from '../engine/shot.js';
import { footSpot, type TableSize } from '../engine/table.js';
import { BREAK_DATA } from './breakData.js';
import { breakPlacement, breakShot } from './breakSearch.js';

/**
 * The planner's break (ai/breakData.ts), with its measured outcomes: found by
 * the offline grid search (`pool8 search-break`), kept because the planner
 * ran out more often after it than after the breaks later searches preferred
 * (bench/runout.ts; bench/README.md), measured by `pool8 measure-break`. The
 * apex ball stands on the foot spot (R3), so the shot is fixed per table size.
 */
export const BREAK = {
  spec: BREAK_DATA.best.spec,
  placement: (table: TableSize) => breakPlacement(table, BREAK_DATA.best.spec),
  shotFor: (table: TableSize): Shot => breakShot(table, BREAK_DATA.best.spec, footSpot(table)),
  /** Mean estimated P(breaker wins) after this break (as measured). */
  breakerValue: BREAK_DATA.best.value,
  reason: `the stored break: kept the table on ${Math.round(BREAK_DATA.best.keep * 100)}% of ${BREAK_DATA.best.racks} noisy racks, ${BREAK_DATA.best.pocketedMean.toFixed(2)} balls a break, scratch ${Math.round(BREAK_DATA.best.scratch * 100)}%`,
};
