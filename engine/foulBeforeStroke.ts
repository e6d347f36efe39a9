import { Type } from '@sinclair/typebox';
import { type Adjudication, isOnEight, touchFouls } from './adjudicate.js';
import { type BallId, CUE } from './ball.js';
import { type EngineError, engineError } from './errors.js';
import { handle, newHandling, type Touch } from './handling.js';
import { LayoutInputSchema } from './layout.js';
import { checkPlacement } from './placement.js';
import { err, ok, type Result } from './result.js';
import type { ShotEvent } from './shotEvent.js';
import { ShotEventsSchema } from './shotEvent.js';
import { type BallInHand, type FrameState, opponent, racked, type TableBall } from './state.js';
import type { Verdict } from './verdict.js';
import type { Wire } from './wireType.js';

/**
 * A foul before the stroke (R5, R15; docs/rules.md reading "Fouls before the
 * stroke"): the cue ball touched after its placement was confirmed, or while
 * it is in position on the table, or an object ball touched where that is a
 * foul — reported on its own, with no stroke. The fields of the `foul`
 * action (engine/referee.ts): the events before the stroke as a shot's log
 * has them (`place`, `confirmPlacement`, `touch`) and, if a ball moved,
 * where the balls on the table now lie.
 */
export const foulReportFields = {
  events: ShotEventsSchema,
  layout: Type.Optional(
    Type.Union([LayoutInputSchema, Type.Null()], { description: 'a layout or null' }),
  ),
};
type FoulReport = { readonly events: readonly ShotEvent[]; readonly layout?: unknown };

type Check<T> = Result<T, EngineError>;

const ANYWHERE: BallInHand = { region: 'anywhere', restricted: false };
const BREAK_KITCHEN: BallInHand = { region: 'kitchen', restricted: false };

/** Reads the events of a foul before the stroke: placements and touches, no strike. */
function readTouches(
  state: FrameState,
  events: readonly ShotEvent[],
): Check<{ placement: { x: number; y: number } | null; touches: Touch[] }> {
  const onTable = new Set<BallId>(state.balls.map((b) => b.id));
  const hand = newHandling();
  let lastT = -Infinity;
  for (let i = 0; i < events.length; i++) {
    const e = events[i]!;
    const where = { field: `events[${i}]` };
    if (e.t !== undefined) {
      if (e.t < lastT)
        return err(
          engineError('E_EVENT_ORDER', `events[${i}] at t=${e.t} comes before t=${lastT}`, where),
        );
      lastT = e.t;
    }
    // Before the stroke a touched ball must be on the table: the cue ball in hand is handled freely.
    if (e.type === 'touch' && !onTable.has(e.ball))
      return err(
        engineError(
          'E_BALL_NOT_ON_TABLE',
          e.ball === CUE
            ? `events[${i}]: the cue ball is in hand off the table; handling it is no foul`
            : `events[${i}] names ball ${e.ball}, which is not on the table`,
          { ...where, ball: e.ball },
        ),
      );
    const handled = handle(hand, e, i, onTable);
    if (handled) return err(handled);
    if (handled === false)
      return err(
        engineError(
          'E_BAD_EVENT',
          `events[${i}] (${e.type}): a foul before the stroke has only place, confirmPlacement and touch events`,
          where,
        ),
      );
  }
  const { placement, touches } = hand;
  if (touches.length === 0)
    return err(engineError('E_NOT_A_FOUL', 'no touch is reported', { field: 'events' }));
  return ok({ placement, touches });
}

/** Why the touches reported are no foul, in words. */
function noFoulReason(state: FrameState, touches: readonly Touch[]): string {
  if (touches.some((t) => t.ball !== CUE))
    return state.rules.foulScope === 'cueBallOnly'
      ? 'under cue-ball fouls only, touching an object ball is a foul only on a jump, curve or massé stroke (R5)'
      : 'no touch reported is a foul';
  return state.rules.cueBallAdjustableUntilStroke
    ? 'under these rules the cue ball in hand may be adjusted until the stroke'
    : 'the cue ball in hand may be handled until its placement is confirmed (R15)';
}

/** The balls as they lie after the foul: the layout given, or the state's with the cue ball placed. */
function ballsNow(
  state: FrameState,
  placed: readonly TableBall[],
  layout: unknown,
): Check<readonly TableBall[]> {
  if (layout === undefined || layout === null) return ok(placed);
  const l = layout as Wire<typeof LayoutInputSchema>;
  if (l.table !== undefined && l.table !== state.table)
    return err(
      engineError(
        'E_LAYOUT_MISMATCH',
        `the layout is for a ${l.table} table, the frame is on ${state.table}`,
        {
          field: 'layout.table',
        },
      ),
    );
  const want = new Set(placed.map((b) => b.id));
  const seen = new Set<number>();
  for (let i = 0; i < l.balls.length; i++) {
    const b = l.balls[i]!;
    if (!want.has(b.id) || seen.has(b.id))
      return err(
        engineError('E_LAYOUT_MISMATCH', `ball ${b.id} is not on the table, or listed twice`, {
          field: `layout.balls[${i}]`,
          ball: b.id,
        }),
      );
    seen.add(b.id);
  }
  for (const id of want)
    if (!seen.has(id))
      return err(
        engineError('E_LAYOUT_MISMATCH', `ball ${id} is on the table but missing from the layout`, {
          field: 'layout.balls',
          ball: id,
        }),
      );
  return ok([...l.balls].sort((a, b) => a.id - b.id).map((b) => ({ id: b.id, x: b.x, y: b.y })));
}

/**
 * The referee's ruling on a foul before the stroke. In play: the incoming
 * player has the cue ball in hand anywhere (R15; on the 8 the frame goes on,
 * R19). Before the break: the incoming player breaks, the cue ball in hand
 * behind the head string (R6, R15), on a fresh rack (R3) if the rack was
 * touched. No shot is counted; the last shot's record is dropped, so it can
 * no longer be corrected (R20 note: play has moved on).
 */
export function foulBeforeStroke(state: FrameState, report: FoulReport): Check<Adjudication> {
  if (state.phase === 'over') return err(engineError('E_FRAME_OVER'));
  if (state.pending !== null)
    return err(
      engineError(
        'E_DECISION_PENDING',
        `player ${state.pending.player}: ${state.pending.options.join(', ')}`,
      ),
    );
  const read = readTouches(state, report.events);
  if (!read.ok) return read;
  const { placement, touches } = read.value;
  let placed: readonly TableBall[] = state.balls;
  if (placement !== null) {
    if (state.ballInHand === null)
      return err(engineError('E_PLACEMENT_NOT_ALLOWED', undefined, { ball: CUE }));
    const others = state.balls.filter((b) => b.id !== CUE);
    const at = checkPlacement(state.table, state.ballInHand, others, placement);
    if (!at.ok) return at;
    placed = [{ id: CUE, x: placement.x, y: placement.y }, ...others];
  }
  const fouls = touchFouls(state, { touches });
  if (fouls.length === 0)
    return err(engineError('E_NOT_A_FOUL', noFoulReason(state, touches), { field: 'events' }));
  const balls = ballsNow(state, placed, report.layout);
  if (!balls.ok) return balls;

  const shooter = state.turn;
  const incoming = opponent(shooter);
  const foulCount: [number, number] = [state.fouls[0], state.fouls[1]];
  foulCount[shooter] += 1;
  const rules: string[] = [];
  if (fouls.includes('CUE_BALL_TOUCHED')) rules.push('R15');
  if (fouls.includes('OBJECT_BALL_TOUCHED')) rules.push('R5');
  const noAttempt = { shots: 0, byPlayer: [0, 0] as [number, number] };

  let next: FrameState;
  let ballInHand: BallInHand;
  if (state.phase === 'break') {
    // Before the break: the incoming player breaks from behind the head string (R6, R15).
    ballInHand = BREAK_KITCHEN;
    if (fouls.includes('OBJECT_BALL_TOUCHED')) {
      next = racked({ ...state, fouls: foulCount }, incoming);
      rules.push('R3', 'R6');
    } else {
      next = {
        ...state,
        balls: [...balls.value],
        breaker: incoming,
        turn: incoming,
        ballInHand,
        fouls: foulCount,
        noAttempt,
        previous: null,
      };
      rules.push('R6');
    }
  } else {
    ballInHand = ANYWHERE;
    if (!rules.includes('R15')) rules.push('R15');
    if (isOnEight(state, shooter)) rules.push('R19');
    next = {
      ...state,
      balls: [...balls.value],
      turn: incoming,
      ballInHand,
      fouls: foulCount,
      noAttempt,
      previous: null,
    };
  }
  const verdict: Verdict = {
    kind: 'foul',
    player: shooter,
    fouls,
    credited: [],
    stayDown: [],
    respotted: [],
    nextPlayer: incoming,
    ballInHand,
    groups: next.groups,
    groupsDecided: false,
    pending: null,
    frame: null,
    rules,
  };
  return ok({ state: next, verdict });
}
