import { type BallId, CUE } from './ball.js';
import { type EngineError, engineError } from './errors.js';
import { handle, newHandling, type Touch } from './handling.js';
import { err, ok, type Result } from './result.js';
import type { ShotEvent } from './shotEvent.js';
import type { PocketId } from './table.js';

/**
 * What the referee needs to know about one shot, read from its event log by
 * small queries (docs/design.md: `firstContact`, `pocketed`, `cushionAfterContact`).
 * The log is checked here, once: an impossible order is a coded error, never
 * a silently wrong verdict.
 */
export interface Pocketing {
  readonly ball: BallId;
  readonly pocket: PocketId;
}

export type { Touch } from './handling.js';

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

type Check<T> = Result<T, EngineError>;

/**
 * Checks a log of the right shape (ShotEventsSchema, checked by `apply`)
 * against the balls on the table before the shot and reads the facts off it. `onTable` must include the cue ball unless it is in hand off
 * the table (then a `place` event must put it down before the strike).
 */
export function readShot(
  events: readonly ShotEvent[],
  onTable: ReadonlySet<BallId>,
): Check<ShotFacts> {
  const live = new Set(onTable);
  let struck = false;
  let rested = false;
  let lastT = -Infinity;
  const hand = newHandling();
  let firstContact: BallId | null = null;
  let crossedOut = false;
  let crossedOutBeforeContact = false;
  let cushionAfterContact = false;
  const pocketed: Pocketing[] = [];
  const offTable: BallId[] = [];
  const toCushion: BallId[] = [];
  // For the obvious-shot reading: did this ball touch a cushion or another ball?
  const disturbed = new Set<BallId>();
  const obvious: BallId[] = [];

  for (let i = 0; i < events.length; i++) {
    const e = events[i]!;
    const type = e.type;
    const where = { field: `events[${i}]` };
    if (e.t !== undefined) {
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
    const handled = handle(hand, e, i, live);
    if (handled) return err(handled);
    if (handled === null) continue;
    switch (e.type) {
      case 'strike':
        if (e.ball !== CUE) {
          return err(
            engineError('E_BAD_EVENT', 'the strike is on the cue ball (0)', {
              ...where,
              ball: e.ball,
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
      case 'contact': {
        if (e.a === e.b) {
          return err(
            engineError(
              'E_BAD_EVENT',
              `events[${i}] is a contact of ball ${e.a} with itself`,
              where,
            ),
          );
        }
        for (const id of [e.a, e.b]) {
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
        const other = e.a === CUE ? e.b : e.b === CUE ? e.a : null;
        if (other !== null && firstContact === null) {
          firstContact = other;
          crossedOutBeforeContact = crossedOut;
        } else {
          disturbed.add(e.a);
          disturbed.add(e.b);
        }
        break;
      }
      case 'cushion':
        if (!live.has(e.ball)) {
          return err(
            engineError('E_EVENT_ORDER', `events[${i}]: ball ${e.ball} is not on the table`, {
              ...where,
              ball: e.ball,
            }),
          );
        }
        if (firstContact !== null) cushionAfterContact = true;
        if (e.ball !== CUE && !toCushion.includes(e.ball)) toCushion.push(e.ball);
        disturbed.add(e.ball);
        break;
      case 'pocket':
      case 'offTable':
        if (!live.has(e.ball)) {
          return err(
            engineError(
              onTable.has(e.ball) || e.ball === CUE ? 'E_EVENT_ORDER' : 'E_BALL_NOT_ON_TABLE',
              `events[${i}]: ball ${e.ball} is not on the table`,
              { ...where, ball: e.ball },
            ),
          );
        }
        live.delete(e.ball);
        if (e.type === 'pocket') {
          pocketed.push({ ball: e.ball, pocket: e.pocket });
          if (e.ball !== CUE && e.ball === firstContact && !disturbed.has(e.ball))
            obvious.push(e.ball);
        } else {
          offTable.push(e.ball);
          // A ball leaves the table over a cushion: after the first contact that
          // satisfies R12's "to a cushion" (the jump is its own foul, R18).
          if (firstContact !== null) cushionAfterContact = true;
        }
        break;
      case 'crossHeadString':
        if (e.ball === CUE && e.dir === 'out') crossedOut = true;
        break;
      case 'rest':
        rested = true;
        break;
    }
  }
  if (!struck) return err(engineError('E_NO_STRIKE', undefined, { field: 'events' }));
  return ok({
    placement: hand.placement,
    touches: hand.touches,
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
