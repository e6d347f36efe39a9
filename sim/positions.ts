import type { Layout } from '../engine/layout.js';
import type { FrameState } from '../engine/state.js';
import type { TableSize } from '../engine/table.js';
import type { SimError } from './errors.js';
import { DEFAULT_PHYSICS, type PhysicsParams } from './params.js';
import { checkPosition } from './simulate.js';

/**
 * The geometry of a state or a reported layout, by the same check every
 * simulated layout passes (sim/validate.ts checkLayout: no two balls
 * overlapping, every centre on the slate at least R from the cushions, none
 * over a pocket). The referee (engine/) checks shapes and rules but knows no
 * cushion or jaw; every entry point that reads positions from outside — the
 * CLI, the library, the server — runs this too, so an impossible position is
 * refused by name and never ranked or refereed.
 */
export function checkBallsAt(
  table: TableSize,
  balls: readonly { id: number; x: number | null; y: number | null }[],
  field: string,
  params: PhysicsParams = DEFAULT_PHYSICS,
): SimError | null {
  const known: number[] = [];
  const layout: Layout = {
    table,
    balls: balls.flatMap((b, i) => {
      if (b.x === null || b.y === null) return [];
      known.push(i);
      return [{ id: b.id as Layout['balls'][number]['id'], x: b.x, y: b.y }];
    }),
  };
  const e = checkPosition(layout, params);
  if (e === null || e.field === undefined) return e;
  // Name the ball by its place in the input, not in the layout built here.
  const renamed = e.field.replace(
    /^layout\.balls\[(\d+)\]/,
    (_m, k: string) => `${field}[${known[Number(k)]}]`,
  );
  return { ...e, field: renamed, message: e.message.replace(e.field, renamed) };
}

/** The balls of a state whose positions are known. */
export const checkStatePositions = (state: FrameState, field = 'state.balls') =>
  checkBallsAt(state.table, state.balls, field);
