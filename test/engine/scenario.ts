/**
 * Builds referee scenarios for the golden tables: a compact, readable row
 * (state overrides + shorthand events) turned into a real FrameState and a
 * real event log. Only the test side uses the shorthand; the engine reads
 * wire-format events.
 */
import {
  BALL_RADIUS,
  type BallId,
  type BallInHand,
  type FrameState,
  footSpot,
  type Group,
  newFrame,
  OBJECT_BALLS,
  type PlayerId,
  PRESETS,
  type RulesPreset,
  rackSlots,
  type ShotEvent,
  type TableBall,
} from '../../engine/index.js';

export interface ScenarioState {
  preset?: RulesPreset;
  phase?: 'break' | 'play';
  turn?: PlayerId;
  breaker?: PlayerId;
  groups?: [Group, Group] | null;
  /** Object balls on the table (default: all 15); the rest count as pocketed. */
  onTable?: number[];
  /** Cue ball on the table (default true). */
  cue?: boolean;
  /** Positions for some balls: id → [x, y]; others keep rack positions, or null with `unknownPositions`. */
  at?: Record<string, [number, number]>;
  unknownPositions?: boolean;
  ballInHand?: BallInHand | null;
  noAttempt?: { shots: number; byPlayer: [number, number] };
  options?: Partial<FrameState['rules']>;
}

export function buildState(s: ScenarioState = {}): FrameState {
  const base = newFrame({ seed: 1, breaker: s.breaker ?? 0, rules: s.preset ?? 'pl-bca' });
  const onTable = new Set<number>(s.onTable ?? OBJECT_BALLS);
  if (s.cue ?? true) onTable.add(0);
  const balls: TableBall[] = base.balls
    .filter((b) => onTable.has(b.id))
    .map((b) => {
      const at = s.at?.[String(b.id)];
      if (at) return { id: b.id, x: at[0], y: at[1] };
      return s.unknownPositions ? { id: b.id, x: null, y: null } : b;
    });
  const phase = s.phase ?? 'play';
  return {
    ...base,
    rules: { ...PRESETS[s.preset ?? 'pl-bca'], ...s.options },
    phase,
    turn: s.turn ?? 0,
    groups: s.groups ?? null,
    balls,
    pocketed: OBJECT_BALLS.filter((id) => !onTable.has(id)),
    ballInHand:
      s.ballInHand !== undefined ? s.ballInHand : phase === 'break' ? base.ballInHand : null,
    noAttempt: s.noAttempt ?? base.noAttempt,
  };
}

/**
 * Event shorthand: `strike`, `c A B` (contact), `r B [rail]` (cushion),
 * `p B POCKET`, `off B`, `out` / `in` (cue ball crosses the head string),
 * `place X Y`, `confirm`, `touch B BY PHASE [STROKE]`, `rest`.
 * The strike is added first unless the list has one (or starts with place/touch).
 */
export function events(spec: string[]): ShotEvent[] {
  const out: ShotEvent[] = [];
  for (const line of spec) {
    const [op, ...a] = line.trim().split(/\s+/);
    const n = (i: number) => Number(a[i]) as BallId;
    switch (op) {
      case 'strike':
        out.push({ type: 'strike', ball: 0 });
        break;
      case 'c':
        out.push({ type: 'contact', a: n(0), b: n(1) });
        break;
      case 'r':
        out.push({ type: 'cushion', ball: n(0), ...(a[1] ? { rail: a[1] as 'head' } : {}) });
        break;
      case 'p':
        out.push({ type: 'pocket', ball: n(0), pocket: a[1] as 'FL' });
        break;
      case 'off':
        out.push({ type: 'offTable', ball: n(0) });
        break;
      case 'out':
      case 'in':
        out.push({ type: 'crossHeadString', ball: 0, dir: op });
        break;
      case 'place':
        out.push({ type: 'place', ball: 0, x: Number(a[0]), y: Number(a[1]) });
        break;
      case 'confirm':
        out.push({ type: 'confirmPlacement' });
        break;
      case 'touch':
        out.push({
          type: 'touch',
          ball: n(0),
          by: a[1] as 'hand',
          phase: a[2] as 'stroke',
          ...(a[3] ? { stroke: a[3] as 'jump' } : {}),
        });
        break;
      case 'rest':
        out.push({ type: 'rest' });
        break;
      case '!nostrike':
        break;
      default:
        throw new Error(`unknown event shorthand: ${line}`);
    }
  }
  if (!spec.includes('!nostrike') && !out.some((e) => e.type === 'strike')) {
    // Place, confirm and placement touches come before the strike.
    const k = out.findIndex(
      (e) =>
        !['place', 'confirmPlacement', 'touch'].includes(e.type) ||
        (e.type === 'touch' && e.phase === 'stroke'),
    );
    out.splice(k < 0 ? out.length : k, 0, { type: 'strike', ball: 0 });
  }
  return out;
}

/**
 * Layout shorthand for a shot's report: `"unmoved"` — every ball left on the
 * table stays where it was (the cue ball where it was placed); `"scattered"`
 * — the balls left on the table stand on a grid clear of the long string
 * (the cue ball at (0.3, 0.2), behind the head string), so re-spotted balls
 * take the foot spot; an object — a layout as it is.
 */
export function layoutOf(state: FrameState, log: readonly ShotEvent[], spec: unknown): unknown {
  if (spec !== 'unmoved' && spec !== 'scattered') return spec;
  const at = new Map<number, { x: number | null; y: number | null }>(
    state.balls.map((b) => [b.id, { x: b.x, y: b.y }]),
  );
  for (const e of log) {
    if (e.type === 'place') at.set(0, { x: e.x, y: e.y });
    if (e.type === 'pocket' || e.type === 'offTable') at.delete(e.ball);
  }
  const ids = [...at.keys()].sort((a, b) => a - b);
  if (spec === 'unmoved') {
    return {
      balls: ids.map((id) => {
        const p = at.get(id)!;
        if (p.x === null || p.y === null) throw new Error(`ball ${id}: position unknown`);
        return { id, x: p.x, y: p.y };
      }),
    };
  }
  let k = 1;
  return {
    balls: ids.map((id) => {
      if (id === 0) return { id, x: 0.3, y: 0.2 };
      const i = k++;
      return { id, x: 0.3 + 0.15 * (i % 12), y: 0.2 + 0.15 * Math.floor(i / 12) };
    }),
  };
}

/**
 * Rack shorthand (R3): the frozen triangle on the foot spot with the ids of
 * `order` place by place (default: the rack of the state), changed by
 * `swap` (pairs of ids), `gapMm` (between neighbours), `turnDeg` (about the
 * apex), `shiftMm` ([dx, dy] of the whole rack), `move` (id → [dx, dy] mm of
 * one ball), `drop` (ids left out) or `twice` (ids listed twice).
 */
export interface RackSpec {
  order?: number[];
  swap?: [number, number][];
  gapMm?: number;
  turnDeg?: number;
  shiftMm?: [number, number];
  move?: Record<string, [number, number]>;
  drop?: number[];
  twice?: number[];
}

export function rackOf(
  state: FrameState,
  spec: RackSpec = {},
): { id: BallId; x: number; y: number }[] {
  const slots = rackSlots(state.table);
  const order =
    spec.order ??
    slots.map((s) => {
      const b = state.balls.find(
        (q) => q.x !== null && q.y !== null && Math.hypot(q.x - s.x, q.y - s.y) < 1e-9,
      );
      if (!b) throw new Error('the state has no rack to start from');
      return b.id;
    });
  const ids = [...order];
  for (const [a, b] of spec.swap ?? []) {
    const i = ids.indexOf(a);
    const j = ids.indexOf(b);
    ids[i] = b;
    ids[j] = a;
  }
  const spot = footSpot(state.table);
  const d = 2 * BALL_RADIUS + (spec.gapMm ?? 0) / 1000;
  const t = ((spec.turnDeg ?? 0) * Math.PI) / 180;
  const [sx, sy] = (spec.shiftMm ?? [0, 0]).map((v) => v / 1000) as [number, number];
  const out: { id: BallId; x: number; y: number }[] = [];
  let i = 0;
  for (let row = 0; row < 5; row++) {
    for (let j = 0; j <= row; j++) {
      const dx = row * d * (Math.sqrt(3) / 2);
      const dy = (j - row / 2) * d;
      const id = ids[i++]! as BallId;
      const [mx, my] = (spec.move?.[String(id)] ?? [0, 0]).map((v) => v / 1000) as [number, number];
      out.push({
        id,
        x: spot.x + sx + dx * Math.cos(t) - dy * Math.sin(t) + mx,
        y: spot.y + sy + dx * Math.sin(t) + dy * Math.cos(t) + my,
      });
    }
  }
  const kept = out.filter((b) => !(spec.drop ?? []).includes(b.id));
  for (const id of spec.twice ?? []) kept.push({ ...kept.find((b) => b.id === id)! });
  return kept;
}
