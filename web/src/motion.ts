import { layoutOf } from '../../cli/draw/paths.js';
import type { BallId } from '../../engine/ball.js';
import type { Layout } from '../../engine/layout.js';
import type { Shot } from '../../engine/shot.js';
import type { FrameState } from '../../engine/state.js';
import type { PocketId, Point } from '../../engine/table.js';
import { DEFAULT_PHYSICS, type PhysicsParams, type SimOutcome, simulate } from '../../sim/index.js';

/**
 * A shot as the page animates it (docs/web.md "Animation"): each ball's
 * track from the simulator's own trace — samples [t, x, y, vx, vy] at
 * every event and every 10 ms — so what moves on the screen is what the
 * simulator computed, not a re-enactment. Between samples a ball moves in
 * a straight line (10 ms is under a millimetre at the speeds balls roll
 * at most of the time, and every cushion and ball contact is a sample);
 * after its last sample it is at its simulated rest, or gone when it
 * dropped. Pure: no DOM, so the tests hold it to the trace.
 */
export interface Track {
  readonly id: BallId;
  readonly t: readonly number[];
  readonly x: readonly number[];
  readonly y: readonly number[];
  /** Where it rests, or null when it left the table (pocketed or jumped off). */
  readonly rest: { readonly x: number; readonly y: number } | null;
  /** When it dropped and where, if it was pocketed. */
  readonly drop: { readonly t: number; readonly pocket: PocketId } | null;
}

export interface Motion {
  /** Table time from the strike to the last ball at rest, s. */
  readonly duration: number;
  readonly tracks: readonly Track[];
}

export interface BallAt {
  readonly id: BallId;
  readonly x: number;
  readonly y: number;
}

export function motionOf(before: Layout, outcome: SimOutcome): Motion {
  const rest = new Map(outcome.layout.balls.map((b) => [b.id, { x: b.x, y: b.y }]));
  const drops = new Map<BallId, { t: number; pocket: PocketId }>();
  for (const e of outcome.events)
    if (e.type === 'pocket') drops.set(e.ball, { t: e.t ?? 0, pocket: e.pocket });
  let duration = 0;
  const tracks: Track[] = before.balls.map((b) => {
    const samples = outcome.trace?.[b.id] ?? [];
    const t = [0];
    const x = [b.x];
    const y = [b.y];
    for (const [ts, sx, sy] of samples) {
      if (ts < t[t.length - 1]!) continue;
      t.push(ts);
      x.push(sx);
      y.push(sy);
    }
    const drop = drops.get(b.id) ?? null;
    const end = rest.get(b.id) ?? null;
    const last = Math.max(t[t.length - 1]!, drop?.t ?? 0);
    duration = Math.max(duration, last);
    return { id: b.id, t, x, y, rest: end, drop };
  });
  return { duration, tracks };
}

/** Where each ball on the table is at table time `time` (s), by track order. */
export function ballsAt(m: Motion, time: number): BallAt[] {
  const out: BallAt[] = [];
  for (const k of m.tracks) {
    const last = k.t.length - 1;
    const gone = k.rest === null && time >= (k.drop?.t ?? k.t[last]!);
    if (gone) continue;
    if (time >= k.t[last]!) {
      out.push(k.rest ? { id: k.id, ...k.rest } : { id: k.id, x: k.x[last]!, y: k.y[last]! });
      continue;
    }
    // The last sample at or before `time` (binary search; samples are in time order).
    let lo = 0;
    let hi = last;
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      if (k.t[mid]! <= time) lo = mid;
      else hi = mid;
    }
    const span = k.t[hi]! - k.t[lo]!;
    const f = span > 0 ? (time - k.t[lo]!) / span : 1;
    out.push({
      id: k.id,
      x: k.x[lo]! + f * (k.x[hi]! - k.x[lo]!),
      y: k.y[lo]! + f * (k.y[hi]! - k.y[lo]!),
    });
  }
  return out;
}

/**
 * A stroke from a position, simulated with the trace on and no noise (the
 * service plays a human stroke exactly so, and a record holds the executed
 * stroke of every bot move): the layout it starts from and its motion, or
 * the simulator's refusal in words.
 */
export function strokeMotion(
  state: FrameState,
  shot: Shot,
  placement: Point | null,
  params: PhysicsParams = DEFAULT_PHYSICS,
): { ok: true; motion: Motion; outcome: SimOutcome } | { ok: false; error: string } {
  const layout = layoutOf(state, placement);
  if (!layout) return { ok: false, error: 'the cue ball is not on the table' };
  const r = simulate(layout, shot, params, { trace: true });
  if (!r.ok) return { ok: false, error: `${r.error.code}: ${r.error.message}` };
  return { ok: true, motion: motionOf(layout, r.value), outcome: r.value };
}
