/**
 * Random legal play for property tests: every choice is drawn from a stream
 * of numbers fast-check generates (so failures shrink), every call comes from
 * legalTargets, every event log is physically possible by construction (a
 * ball acts only while it is on the table). About half the shots report where
 * the balls stopped (a layout on a grid), and every shot that leaves a ball
 * to spot does (R9, R18: the referee refuses to spot onto unknown positions).
 */
import {
  type Action,
  type BallId,
  type Call,
  CUE,
  type FrameState,
  headStringX,
  legalTargets,
  POCKET_IDS,
  type ShotEvent,
  TABLE_DIMENSIONS,
  type TableBall,
} from '../../engine/index.js';

export class Choices {
  private i = 0;
  constructor(private readonly stream: readonly number[]) {}
  /** Uniform-ish integer in [0, n). */
  int(n: number): number {
    const v = this.stream[this.i++ % this.stream.length] ?? 0;
    return n <= 1 ? 0 : v % n;
  }
  pick<T>(xs: readonly T[]): T {
    return xs[this.int(xs.length)]!;
  }
  chance(percent: number): boolean {
    return this.int(100) < percent;
  }
}

const unknownPositions = (balls: readonly TableBall[]) =>
  balls.some((b) => b.x === null || b.y === null);

/** Where the balls stopped: distinct points of a 7 cm grid, drawn from the stream. */
function gridLayout(state: FrameState, live: ReadonlySet<BallId>, c: Choices) {
  const { length: L, width: W } = TABLE_DIMENSIONS[state.table];
  const cols = Math.floor((L - 0.06) / 0.07);
  const rows = Math.floor((W - 0.06) / 0.07);
  const used = new Set<number>();
  const balls = [...live]
    .sort((a, b) => a - b)
    .map((id) => {
      let cell = c.int(cols * rows);
      while (used.has(cell)) cell = (cell + 1) % (cols * rows);
      used.add(cell);
      return { id, x: 0.05 + (cell % cols) * 0.07, y: 0.05 + Math.floor(cell / cols) * 0.07 };
    });
  return { table: state.table, balls };
}

/**
 * A random action the referee must accept. With `extras`, also fouls before
 * the stroke (the cue ball in play touched) and corrections of the last shot.
 */
export function randomAction(state: FrameState, c: Choices, extras = false): Action {
  const t = legalTargets(state);
  if (t.action === 'decide') {
    // Spotting the 8 needs the positions (E_SPOT_POSITIONS_UNKNOWN): not on offer to a blind table.
    const blind = unknownPositions(state.balls);
    const options = t.options.filter((o) => !(blind && o.startsWith('spotEight')));
    return { type: 'decide', option: c.pick(options) };
  }
  if (t.stalemateAvailable && c.chance(30)) return { type: 'stalemate' };
  if (extras && c.chance(6) && state.ballInHand === null && state.balls.some((b) => b.id === CUE))
    return {
      type: 'foul',
      events: [
        { type: 'touch', ball: CUE, by: c.pick(['hand', 'cue'] as const), phase: 'afterPlacement' },
      ],
    };
  if (extras && c.chance(6) && state.previous !== null) {
    const before = { ...state.previous, previous: null } as FrameState;
    const redo = randomAction(before, c);
    if (redo.type === 'shot') return { ...redo, type: 'correct', shot: state.shotCount };
  }
  const events: ShotEvent[] = [];
  const live = new Set<BallId>(state.balls.map((b) => b.id));
  const { length: L, width: W } = TABLE_DIMENSIONS[state.table];
  const cue = state.balls.find((b) => b.id === CUE);
  const mustPlace =
    state.ballInHand !== null &&
    (!cue ||
      (state.ballInHand.region === 'kitchen' &&
        cue.x !== null &&
        cue.x >= headStringX(state.table)));
  if (state.ballInHand && (mustPlace || c.chance(30))) {
    const maxX = state.ballInHand.region === 'kitchen' ? headStringX(state.table) : L - 0.03;
    // Positions may be unknown after shots reported without a layout; the
    // placement check only sees known balls, so pick away from the known ones.
    for (let k = 0; k < 20; k++) {
      const x = 0.03 + (c.int(1000) / 1000) * (maxX - 0.03);
      const y = 0.03 + (c.int(1000) / 1000) * (W - 0.06);
      const clear = state.balls.every(
        (b) =>
          b.id === CUE || b.x === null || b.y === null || Math.hypot(b.x - x, b.y - y) >= 0.0572,
      );
      if (clear) {
        events.push({ type: 'place', ball: CUE, x, y });
        break;
      }
    }
    if (events.length === 0) return { type: 'stalemate' }; // unreachable in practice; the test would flag it
    live.add(CUE);
    if (c.chance(50)) events.push({ type: 'confirmPlacement' });
  }
  let call: Call | undefined;
  let target: { ball: BallId; pocket: (typeof POCKET_IDS)[number] } | null = null;
  if (t.action === 'shot') {
    const r = c.int(10);
    if (r < 7 && t.callable.length > 0) {
      target = { ball: c.pick(t.callable), pocket: c.pick(t.pockets) };
      call = { kind: 'pocket', ...target };
    } else if (r < 9) {
      call = { kind: 'safety' };
    }
  }
  events.push({ type: 'strike', ball: CUE });
  if (target && live.has(CUE) && c.chance(60)) {
    // A made shot: the called ball struck first and dropped where called.
    events.push({ type: 'contact', a: CUE, b: target.ball });
    events.push({
      type: 'pocket',
      ball: target.ball,
      pocket: c.chance(90) ? target.pocket : c.pick(POCKET_IDS),
    });
    live.delete(target.ball);
  }
  const n = c.int(8);
  for (let k = 0; k < n && live.size > 1; k++) {
    const balls = [...live];
    const objects = balls.filter((b) => b !== CUE);
    const kind = c.int(100);
    if (kind < 35 && live.has(CUE) && objects.length > 0) {
      events.push({ type: 'contact', a: CUE, b: c.pick(objects) });
    } else if (kind < 50 && objects.length > 1) {
      const a = c.pick(objects);
      const b = c.pick(objects.filter((x) => x !== a));
      events.push({ type: 'contact', a, b });
    } else if (kind < 75) {
      events.push({ type: 'cushion', ball: c.pick(balls) });
    } else if (kind < 95) {
      // The 8 drops rarely by accident, so frames also reach R1 and R20A/B/D.
      const pool = balls.filter((x) => x !== 8 || c.chance(10));
      if (pool.length === 0) continue;
      const b = c.pick(pool);
      events.push({ type: 'pocket', ball: b, pocket: c.pick(POCKET_IDS) });
      live.delete(b);
    } else if (kind < 97) {
      const b = c.pick(balls);
      events.push({ type: 'offTable', ball: b });
      live.delete(b);
    } else if (live.has(CUE)) {
      events.push({ type: 'crossHeadString', ball: CUE, dir: c.chance(50) ? 'out' : 'in' });
    }
  }
  events.push({ type: 'rest' });
  const jumped = events.some((e) => e.type === 'offTable' && e.ball !== CUE);
  const eightOnBreak =
    state.phase === 'break' && events.some((e) => e.type === 'pocket' && e.ball === 8);
  const layout = jumped || eightOnBreak || c.chance(50) ? gridLayout(state, live, c) : undefined;
  return { type: 'shot', call, events, ...(layout ? { layout } : {}) };
}
