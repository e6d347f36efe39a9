import type { CandidateKind } from '../../ai/candidates.js';
import type { Call } from '../../engine/call.js';
import type { Shot } from '../../engine/shot.js';
import type { Point } from '../../engine/table.js';

/**
 * What the drawing needs of a ranked shot: the planner's own RankedShot
 * (`suggest --svg`) has it, and so does a suggestion as the service sends
 * it once the page has put it in this shape (web/src/suggestions.ts), so
 * the page and the SVG are drawn by the same code.
 */
export interface DrawnShot {
  readonly candidate: {
    readonly kind: CandidateKind;
    readonly call: Call;
    readonly placement: Point | null;
    /** The shot in words, e.g. "6 in the head-left pocket, 12° cut, medium". */
    readonly describe: string;
  };
  readonly shot: Shot;
  readonly samples: number;
  readonly value: number;
  readonly stderr: number;
  readonly pPot: number;
  readonly pFoul: number;
}
