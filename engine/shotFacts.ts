import { type BallId, CUE, isBallId } from './ball.js';
import { type EngineError, engineError } from './errors.js';
import { err, ok, type Result } from './result.js';
import { isPocketId, type PocketId } from './table.js';

/**
 * What the referee needs to know about one shot, read from its event log by
 * small queries (STYLE.md: `firstContact`, `pocketed`, `cushionAfterContact`).
 * The log is checked here, once: an impossible order is a coded error, never
 * a silently wrong verdict.
 */
export interface Pocketing {
  readonly ball: BallId;
  readonly pocket: PocketId;
}

export interface Touch {
  readonly ball: BallId;
  readonly phase: 'stroke' | 'placement' | 'afterPlacement';
  readonly stroke: 'jump' | 'masse' | 'curve' | null;
  /** True when the touch came after a confirmPlacement event. */
  readonly afterConfirm: boolean;
}

export interface ShotFacts {
  /** The last placement of the cue ball before the strike (R15), if any. */
  readonly placement: { x: number; y: number } | null;
  readonly touches: readonly Touch[];
  /** The first object ball the cue ball touched (R10, R12, R16), or null. */
  readonly firstContact: BallId | null;
  /** The cue ball crossed the head string into play before its first contact (R7 note). */
  readonly crossedOutBeforeContact: boolean;
  /** Balls pocketed, in order (the cue ball included). */
  readonly pocketed: readonly Pocketing[];
  /** Balls that left the table (the cue ball included). */
  readonly offTable: readonly BallId[];
  /** Some ball reached a cushion after the first contact (R12). */
  readonly cushionAfterContact: boolean;
  /** Distinct object balls driven to a cushion (R6 counts four). */
  readonly objectBallsToCushion: readonly BallId[];
  /**
   * Balls that dropped "obviously" (reading on R2): the first object ball
   * struck, which reached its pocket touching no cushion and no other ball.
   */
  readonly obvious: readonly BallId[];
}

const BEFORE_STRIKE = new Set(['place', 'confirmPlacement', 'touch']);
const TOUCH_BY = new Set(['cue', 'hand', 'bridge', 'clothing']);
const TOUCH_PHASE = new Set(['stroke', 'placement', 'afterPlacement']);
const STROKES = new Set(['jump', 'masse', 'curve']);
const RAILS = new Set(['head', 'foot', 'left', 'right', 'jaw']);

type Check<T> = Result<T, EngineError>;

function ballField(e: Record<string, unknown>, key: string, i: number): Check<BallId> {
  const v = e[key];
  if (!isBallId(v)) {
    return err(
      engineError(
        typeof v === 'number' ? 'E_UNKNOWN_BALL' : 'E_BAD_EVENT',
        `events[${i}].${key} = ${JSON.stringify(v)}`,
        { field: `events[${i}].${key}` },
      ),
    );
  }
  return ok(v);
}

/**
 * Checks the log against the balls on the table before the shot and reads the
 * facts off it. `onTable` must include the cue ball unless it is in hand off
 * the table (then a `place` event must put it down before the strike).
 */
export function readShot(events: unknown, onTable: ReadonlySet<BallId>): Check<ShotFacts> {
  if (!Array.isArray(events)) {
    return err(engineError('E_BAD_EVENT', 'events must be an array', { field: 'events' }));
  }
  const live = new Set(onTable);
  let struck = false;
  let rested = false;
  let lastT = -Infinity;
  let placement: { x: number; y: number } | null = null;
  let confirmed = false;
  let firstContact: BallId | null = null;
  let crossedOut = false;
  let crossedOutBeforeContact = false;
  let cushionAfterContact = false;
  const touches: Touch[] = [];
  const pocketed: Pocketing[] = [];
  const offTable: BallId[] = [];
  const toCushion: BallId[] = [];
  // For the obvious-shot reading: did this ball touch a cushion or another ball?
  const disturbed = new Set<BallId>();
  const obvious: BallId[] = [];

  for (let i = 0; i < events.length; i++) {
    const raw = events[i] as unknown;
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
      return err(
        engineError('E_BAD_EVENT', `events[${i}] is not an object`, { field: `events[${i}]` }),
      );
    }
    const e = raw as Record<string, unknown>;
    const type = e.type;
    const where = { field: `events[${i}]` };
    if (e.t !== undefined) {
      if (typeof e.t !== 'number' || !Number.isFinite(e.t)) {
        return err(
          engineError('E_BAD_EVENT', `events[${i}].t must be a number`, {
            field: `events[${i}].t`,
          }),
        );
      }
      if (e.t < lastT) {
        return err(
          engineError('E_EVENT_ORDER', `events[${i}] at t=${e.t} comes before t=${lastT}`, where),
        );
      }
      lastT = e.t;
    }
    if (rested) {
      return err(engineError('E_EVENT_ORDER', `events[${i}] comes after rest`, where));
    }
    if (typeof type !== 'string') {
      return err(engineError('E_BAD_EVENT', `events[${i}].type is missing`, where));
    }
    if (!struck && !BEFORE_STRIKE.has(type) && type !== 'strike') {
      return err(
        engineError('E_EVENT_ORDER', `events[${i}] (${type}) comes before the strike`, where),
      );
    }
    if (struck && (type === 'place' || type === 'confirmPlacement')) {
      return err(
        engineError('E_EVENT_ORDER', `events[${i}] (${type}) comes after the strike`, where),
      );
    }
    switch (type) {
      case 'place': {
        const b = ballField(e, 'ball', i);
        if (!b.ok) return b;
        if (b.value !== CUE) {
          return err(
            engineError('E_BAD_EVENT', 'only the cue ball is placed', { ...where, ball: b.value }),
          );
        }
        if (
          typeof e.x !== 'number' ||
          typeof e.y !== 'number' ||
          !Number.isFinite(e.x) ||
          !Number.isFinite(e.y)
        ) {
          return err(engineError('E_BAD_EVENT', `events[${i}] needs numeric x and y`, where));
        }
        placement = { x: e.x, y: e.y };
        live.add(CUE);
        break;
      }
      case 'confirmPlacement':
        confirmed = true;
        break;
      case 'touch': {
        const b = ballField(e, 'ball', i);
        if (!b.ok) return b;
        if (typeof e.by !== 'string' || !TOUCH_BY.has(e.by)) {
          return err(
            engineError(
              'E_BAD_EVENT',
              `events[${i}].by must be cue, hand, bridge or clothing`,
              where,
            ),
          );
        }
        if (typeof e.phase !== 'string' || !TOUCH_PHASE.has(e.phase)) {
          return err(
            engineError(
              'E_BAD_EVENT',
              `events[${i}].phase must be stroke, placement or afterPlacement`,
              where,
            ),
          );
        }
        if (e.stroke !== undefined && (typeof e.stroke !== 'string' || !STROKES.has(e.stroke))) {
          return err(
            engineError('E_BAD_EVENT', `events[${i}].stroke must be jump, masse or curve`, where),
          );
        }
        touches.push({
          ball: b.value,
          phase: e.phase as Touch['phase'],
          stroke: (e.stroke as Touch['stroke']) ?? null,
          afterConfirm: confirmed,
        });
        break;
      }
      case 'strike': {
        const b = ballField(e, 'ball', i);
        if (!b.ok) return b;
        if (b.value !== CUE) {
          return err(
            engineError('E_BAD_EVENT', 'the strike is on the cue ball (0)', {
              ...where,
              ball: b.value,
            }),
          );
        }
        if (struck)
          return err(engineError('E_EVENT_ORDER', `events[${i}] is a second strike`, where));
        if (!live.has(CUE)) {
          return err(
            engineError(
              'E_PLACEMENT_REQUIRED',
              `events[${i}] strikes a cue ball that is in hand`,
              where,
            ),
          );
        }
        struck = true;
        break;
      }
      case 'contact': {
        const a = ballField(e, 'a', i);
        if (!a.ok) return a;
        const b = ballField(e, 'b', i);
        if (!b.ok) return b;
        if (a.value === b.value) {
          return err(
            engineError(
              'E_BAD_EVENT',
              `events[${i}] is a contact of ball ${a.value} with itself`,
              where,
            ),
          );
        }
        for (const id of [a.value, b.value]) {
          if (!live.has(id)) {
            return err(
              engineError(
                onTable.has(id) ? 'E_EVENT_ORDER' : 'E_BALL_NOT_ON_TABLE',
                `events[${i}] names ball ${id}, which is ${onTable.has(id) ? 'already off the table' : 'not on the table'}`,
                { ...where, ball: id },
              ),
            );
          }
        }
        const other = a.value === CUE ? b.value : b.value === CUE ? a.value : null;
        if (other !== null && firstContact === null) {
          firstContact = other;
          crossedOutBeforeContact = crossedOut;
        } else {
          disturbed.add(a.value);
          disturbed.add(b.value);
        }
        break;
      }
      case 'cushion': {
        const b = ballField(e, 'ball', i);
        if (!b.ok) return b;
        if (e.rail !== undefined && (typeof e.rail !== 'string' || !RAILS.has(e.rail))) {
          return err(engineError('E_BAD_EVENT', `events[${i}].rail is not a rail`, where));
        }
        if (!live.has(b.value)) {
          return err(
            engineError('E_EVENT_ORDER', `events[${i}]: ball ${b.value} is not on the table`, {
              ...where,
              ball: b.value,
            }),
          );
        }
        if (firstContact !== null) cushionAfterContact = true;
        if (b.value !== CUE && !toCushion.includes(b.value)) toCushion.push(b.value);
        disturbed.add(b.value);
        break;
      }
      case 'pocket':
      case 'offTable': {
        const b = ballField(e, 'ball', i);
        if (!b.ok) return b;
        if (!live.has(b.value)) {
          return err(
            engineError(
              onTable.has(b.value) || b.value === CUE ? 'E_EVENT_ORDER' : 'E_BALL_NOT_ON_TABLE',
              `events[${i}]: ball ${b.value} is not on the table`,
              { ...where, ball: b.value },
            ),
          );
        }
        live.delete(b.value);
        if (type === 'pocket') {
          if (!isPocketId(e.pocket)) {
            return err(
              engineError('E_BAD_EVENT', `events[${i}].pocket must be HR HL SR SL FR or FL`, where),
            );
          }
          pocketed.push({ ball: b.value, pocket: e.pocket });
          if (b.value !== CUE && b.value === firstContact && !disturbed.has(b.value))
            obvious.push(b.value);
        } else {
          offTable.push(b.value);
          // A ball leaves the table over a cushion: after the first contact that
          // satisfies R12's "to a cushion" (the jump is its own foul, R18).
          if (firstContact !== null) cushionAfterContact = true;
        }
        break;
      }
      case 'crossHeadString': {
        const b = ballField(e, 'ball', i);
        if (!b.ok) return b;
        if (e.dir !== 'out' && e.dir !== 'in') {
          return err(engineError('E_BAD_EVENT', `events[${i}].dir must be out or in`, where));
        }
        if (b.value === CUE && e.dir === 'out') crossedOut = true;
        break;
      }
      case 'rest':
        rested = true;
        break;
      default:
        return err(
          engineError('E_BAD_EVENT', `events[${i}].type ${JSON.stringify(type)} is unknown`, where),
        );
    }
  }
  if (!struck) return err(engineError('E_NO_STRIKE', undefined, { field: 'events' }));
  return ok({
    placement,
    touches,
    firstContact,
    crossedOutBeforeContact,
    pocketed,
    offTable,
    cushionAfterContact,
    objectBallsToCushion: toCushion,
    obvious,
  });
}

export const pocketedIds = (f: ShotFacts): BallId[] => f.pocketed.map((p) => p.ball);
export const cueGone = (f: ShotFacts): boolean =>
  f.pocketed.some((p) => p.ball === CUE) || f.offTable.includes(CUE);
