/**
 * Builds referee scenarios for the golden tables: a compact, readable row
 * (state overrides + shorthand events) turned into a real FrameState and a
 * real event log. Only the test side uses the shorthand; the engine reads
 * wire-format events.
 */
import {
  type BallId,
  type BallInHand,
  type FrameState,
  type Group,
  newFrame,
  OBJECT_BALLS,
  type PlayerId,
  PRESETS,
  type RulesPreset,
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
