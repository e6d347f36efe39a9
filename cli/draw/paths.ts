import type { BallId } from '../../engine/ball.js';
import type { Layout } from '../../engine/layout.js';
import { err, ok, type Result } from '../../engine/result.js';
import type { Shot } from '../../engine/shot.js';
import type { FrameState } from '../../engine/state.js';
import type { PocketId, Point } from '../../engine/table.js';
import { DEFAULT_PHYSICS, type PhysicsParams, simulate } from '../../sim/index.js';

/**
 * What one shot does, from the simulator (docs/drawing.md "Paths"): the
 * exact stroke, without execution noise, from the position, with the trace
 * on. Each ball that moved gets its centre's polyline in table metres
 * (docs/wire.md coordinates) — samples at every event and every 10 ms, so a
 * bank bends where it meets the cushion — ending exactly at the simulated
 * final position, or at the pocket drop. A stroke the simulator refuses
 * (a tip offset beyond 0.7 R, say) is an error with its code and words.
 */
export interface BallPath {
  readonly ball: BallId;
  readonly points: readonly Point[];
  /** The pocket it fell in, or null when it stayed on the table. */
  readonly pocket: PocketId | null;
}

export interface ShotPaths {
  /** The cue ball's path (first), then the object balls that moved, by id. */
  readonly cue: BallPath;
  readonly objects: readonly BallPath[];
  /** The cue ball's centre at its first contact with a ball (the ghost ball), and that ball. */
  readonly firstContact: { readonly at: Point; readonly ball: BallId } | null;
  /** Where the cue ball comes to rest (the leave), or null when it is pocketed. */
  readonly leave: Point | null;
  /** Balls pocketed, in order. */
  readonly pocketed: readonly { readonly ball: BallId; readonly pocket: PocketId }[];
}

/** The layout the shot is played from: the state's balls, the cue ball at the placement when in hand. */
export function layoutOf(state: FrameState, placement: Point | null): Layout | null {
  const balls: { id: BallId; x: number; y: number }[] = [];
  for (const b of state.balls) {
    if (b.id === 0 && placement) continue;
    if (b.x === null || b.y === null) continue;
    balls.push({ id: b.id, x: b.x, y: b.y });
  }
  if (placement) balls.push({ id: 0, x: placement.x, y: placement.y });
  balls.sort((p, q) => p.id - q.id);
  return balls.some((b) => b.id === 0) ? { table: state.table, balls } : null;
}

/** Below this a ball has not moved enough to draw (m). */
const MOVED = 0.001;
/** Polyline simplification tolerance (m): far below a pixel at any sensible scale. */
const TOLERANCE = 0.0002;

export function shotPaths(
  state: FrameState,
  shot: Shot,
  placement: Point | null,
  params: PhysicsParams = DEFAULT_PHYSICS,
): Result<ShotPaths, string> {
  const layout = layoutOf(state, placement);
  if (!layout) return err('the cue ball is not on the table');
  const r = simulate(layout, shot, params, { trace: true });
  if (!r.ok) return err(`${r.error.code}: ${r.error.message}`);
  if (!r.value.trace) return err('no trace');
  const { events, trace } = r.value;
  const final = new Map(r.value.layout.balls.map((b) => [b.id, { x: b.x, y: b.y }]));
  const drops = new Map<BallId, { t: number; pocket: PocketId }>();
  for (const e of events)
    if (e.type === 'pocket') drops.set(e.ball, { t: e.t ?? 0, pocket: e.pocket });
  const pathOf = (id: BallId): BallPath => {
    const samples = trace[id] ?? [];
    const pts: Point[] = samples.map(([, x, y]) => ({ x, y }));
    const drop = drops.get(id);
    const end = final.get(id);
    if (end) pts.push(end);
    else if (drop && samples.length > 0) {
      // The last sample is at most 10 ms before the drop: carry it on to the drop.
      const [t, x, y, vx, vy] = samples[samples.length - 1]!;
      const dt = Math.max(0, drop.t - t);
      pts.push({ x: x + vx * dt, y: y + vy * dt });
    }
    return { ball: id, points: simplify(pts, TOLERANCE), pocket: drop?.pocket ?? null };
  };
  let firstContact: ShotPaths['firstContact'] = null;
  const first = events.find((e) => e.type === 'contact' && (e.a === 0 || e.b === 0));
  if (first && first.type === 'contact') {
    const t = first.t ?? 0;
    const cueSamples = trace[0] ?? [];
    // Samples are taken at every event: the last one at or before the contact is the contact.
    let at: Point | null = null;
    for (const [ts, x, y] of cueSamples) {
      if (ts > t) break;
      at = { x, y };
    }
    if (at) firstContact = { at, ball: first.a === 0 ? first.b : first.a };
  }
  const objects: BallPath[] = [];
  for (const b of layout.balls) {
    if (b.id === 0) continue;
    const p = pathOf(b.id);
    if (p.pocket !== null || travelled(p.points) > MOVED) objects.push(p);
  }
  const pocketed: { ball: BallId; pocket: PocketId }[] = [];
  for (const e of events)
    if (e.type === 'pocket') pocketed.push({ ball: e.ball, pocket: e.pocket });
  return ok({
    cue: pathOf(0),
    objects,
    firstContact,
    leave: final.get(0) ?? null,
    pocketed,
  });
}

function travelled(pts: readonly Point[]): number {
  let d = 0;
  for (let i = 1; i < pts.length; i++)
    d += Math.hypot(pts[i]!.x - pts[i - 1]!.x, pts[i]!.y - pts[i - 1]!.y);
  return d;
}

/** Douglas–Peucker: the first and last points are kept exactly. */
export function simplify(pts: readonly Point[], tol: number): Point[] {
  const dedup: Point[] = [];
  for (const p of pts) {
    const q = dedup[dedup.length - 1];
    if (!q || q.x !== p.x || q.y !== p.y) dedup.push(p);
  }
  if (dedup.length <= 2) return dedup;
  const keep = new Uint8Array(dedup.length);
  keep[0] = 1;
  keep[dedup.length - 1] = 1;
  const stack: [number, number][] = [[0, dedup.length - 1]];
  while (stack.length > 0) {
    const [i, j] = stack.pop()!;
    const a = dedup[i]!;
    const b = dedup[j]!;
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const len = Math.hypot(dx, dy);
    let worst = -1;
    let at = -1;
    for (let k = i + 1; k < j; k++) {
      const p = dedup[k]!;
      const d =
        len === 0
          ? Math.hypot(p.x - a.x, p.y - a.y)
          : Math.abs(dx * (a.y - p.y) - dy * (a.x - p.x)) / len;
      if (d > worst) {
        worst = d;
        at = k;
      }
    }
    if (worst > tol && at > 0) {
      keep[at] = 1;
      stack.push([i, at], [at, j]);
    }
  }
  return dedup.filter((_, k) => keep[k] === 1);
}
