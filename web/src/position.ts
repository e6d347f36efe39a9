import { type BallId, CUE, OBJECT_BALLS } from '../../engine/ball.js';
import { parseState } from '../../engine/parse.js';
import type { BallInHand, FrameState, PlayerId } from '../../engine/state.js';
import { BALL_RADIUS, inKitchen, TABLE_DIMENSIONS, type TableSize } from '../../engine/table.js';
import { checkStatePositions } from '../../sim/index.js';

/**
 * The position editor's model (docs/web.md "Position editor"): always a
 * whole frame state, as `pool8 suggest` and `/v1/suggest` read it, edited
 * by pure functions that keep it one the referee accepts — each object ball
 * on the table or pocketed, never both (the state's own invariant), the cue
 * ball off the table only while it is in hand (in hand it may also stand
 * where it was put, as on a rack: R6). Positions are checked by
 * the simulator's own geometry check (no overlaps, no centre in a cushion
 * or a pocket), so what the editor allows is what the service accepts.
 */
export interface Problem {
  readonly code: string;
  readonly message: string;
  readonly field?: string;
}

const R = BALL_RADIUS;
/** Clearance kept when a dropped ball is nudged off another, m (0.1 mm). */
const CLEAR = 0.0001;

/** The state checked as every entry point checks it: its shape and rules, then its geometry. */
export function checkState(
  x: unknown,
): { ok: true; state: FrameState } | { ok: false; problem: Problem } {
  const parsed = parseState(x);
  if (!parsed.ok) return { ok: false, problem: parsed.error };
  const geometry = checkStatePositions(parsed.value);
  if (geometry) return { ok: false, problem: geometry };
  return { ok: true, state: parsed.value };
}

/** Balls sorted by id and `pocketed` made the object balls not on the table nor off it. */
function settled(state: FrameState, balls: FrameState['balls']): FrameState {
  const sorted = [...balls].sort((a, b) => a.id - b.id);
  const on = new Set(sorted.map((b) => b.id));
  const pocketed = OBJECT_BALLS.filter((id) => !on.has(id) && !state.offTable.includes(id));
  // An edited position is a new position: nothing to correct (R20 note) and play, not a break.
  return {
    ...state,
    balls: sorted,
    pocketed: pocketed as FrameState['pocketed'],
    previous: null,
    phase: state.phase === 'over' ? 'play' : state.phase,
    result: null,
    pending: null,
  };
}

/** Inside the cushion noses, by at least R: where a centre may be. */
export function clampToSlate(table: TableSize, at: { x: number; y: number }) {
  const { length: L, width: W } = TABLE_DIMENSIONS[table];
  return {
    x: Math.min(L - R - CLEAR, Math.max(R + CLEAR, at.x)),
    y: Math.min(W - R - CLEAR, Math.max(R + CLEAR, at.y)),
  };
}

/**
 * A ball put at `at`: clamped to the slate, and, when it lands on other
 * balls, slid out along the line from each one's centre (a few passes);
 * null when no nearby free spot is found or the simulator's check still
 * refuses it (over a pocket, say), so the caller keeps the ball where it was.
 */
export function placeBall(
  state: FrameState,
  id: BallId,
  at: { x: number; y: number },
): FrameState | null {
  const others = state.balls.filter((b) => b.id !== id && b.x !== null && b.y !== null);
  let p = clampToSlate(state.table, at);
  for (let pass = 0; pass < 8; pass++) {
    let moved = false;
    for (const o of others) {
      const dx = p.x - o.x!;
      const dy = p.y - o.y!;
      const d = Math.hypot(dx, dy);
      if (d >= 2 * R + CLEAR) continue;
      const ux = d > 1e-9 ? dx / d : 1;
      const uy = d > 1e-9 ? dy / d : 0;
      p = clampToSlate(state.table, {
        x: o.x! + ux * (2 * R + 2 * CLEAR),
        y: o.y! + uy * (2 * R + 2 * CLEAR),
      });
      moved = true;
    }
    if (!moved) break;
  }
  const balls = [...others, { id, x: p.x, y: p.y }];
  const next = settled(state, balls);
  return checkStatePositions(next) === null ? next : null;
}

/** A ball taken off the table: an object ball is pocketed, the cue ball goes in hand. */
export function removeBall(state: FrameState, id: BallId): FrameState {
  const balls = state.balls.filter((b) => b.id !== id);
  const base =
    id === CUE && state.ballInHand === null
      ? { ...state, ballInHand: { region: 'anywhere', restricted: false } as BallInHand }
      : state;
  return settled(base, balls);
}

/** A free spot for a ball put back on the table: the first free one on a scan from the foot spot. */
export function freeSpot(state: FrameState, id: BallId): FrameState | null {
  const { length: L, width: W } = TABLE_DIMENSIONS[state.table];
  const step = 2.2 * R;
  for (let ring = 0; ring < 40; ring++)
    for (let k = -ring; k <= ring; k++) {
      for (const [dx, dy] of [
        [k, -ring],
        [k, ring],
        [-ring, k],
        [ring, k],
      ] as const) {
        const at = { x: 0.75 * L + dx * step, y: W / 2 + dy * step };
        if (at.x < R || at.x > L - R || at.y < R || at.y > W - R) continue;
        const clear = state.balls.every(
          (b) =>
            b.x === null || b.y === null || Math.hypot(b.x - at.x, b.y - at.y) >= 2 * R + CLEAR,
        );
        if (!clear) continue;
        const next = placeBall(state, id, at);
        if (next) return next;
      }
    }
  return null;
}

export function setTurn(state: FrameState, turn: PlayerId): FrameState {
  return settled({ ...state, turn }, state.balls);
}

/** Groups as the editor offers them: open, or player 0's group. */
export function setGroups(state: FrameState, p0: 'solids' | 'stripes' | null): FrameState {
  const groups: FrameState['groups'] =
    p0 === null ? null : p0 === 'solids' ? ['solids', 'stripes'] : ['stripes', 'solids'];
  return settled({ ...state, groups }, state.balls);
}

/**
 * Ball in hand: anywhere (R15), in the kitchen with the R7 note's
 * restriction, or none. The cue ball stays where it stands (the planner
 * places it itself when in hand); taken out of hand with the cue ball off
 * the table, it goes to a free spot in the kitchen.
 */
export function setBallInHand(
  state: FrameState,
  region: BallInHand['region'] | null,
): FrameState | null {
  if (region === null) {
    if (state.ballInHand === null) return state;
    const out = settled({ ...state, ballInHand: null }, state.balls);
    if (out.balls.some((b) => b.id === CUE)) return out;
    const { width: W } = TABLE_DIMENSIONS[state.table];
    // Mid-kitchen: the kitchen is x < L/4 (R7), so L/8 is inside it whatever the table.
    const kitchen = TABLE_DIMENSIONS[state.table].length / 8;
    return placeBall(out, CUE, { x: kitchen, y: W / 2 });
  }
  const ballInHand: BallInHand = { region, restricted: region === 'kitchen' };
  const cue = state.balls.find((b) => b.id === CUE);
  // A cue ball left outside the kitchen would contradict a kitchen placement: it goes in hand.
  const balls =
    region === 'kitchen' && cue && cue.x !== null && !inKitchen(state.table, cue.x)
      ? state.balls.filter((b) => b.id !== CUE)
      : state.balls;
  return settled({ ...state, ballInHand }, balls);
}

/** The same position on another table: balls kept in place where they fit, else moved to free spots. */
export function setTable(state: FrameState, table: TableSize): FrameState {
  const { length: L0, width: W0 } = TABLE_DIMENSIONS[state.table];
  const { length: L, width: W } = TABLE_DIMENSIONS[table];
  // Scaled, so a rack stays a rack and a shot keeps its angles.
  let out = settled({ ...state, table, balls: [] }, []);
  for (const b of state.balls) {
    if (b.x === null || b.y === null) continue;
    const at = { x: (b.x * L) / L0, y: (b.y * W) / W0 };
    out = placeBall(out, b.id, at) ?? freeSpot(out, b.id) ?? out;
  }
  return out;
}
