import { Type } from '@sinclair/typebox';
import { type BallId, ballsOf, CUE, EIGHT, type Group, groupOf, otherGroup } from './ball.js';
import { type Call, CallSchema } from './call.js';
import { actionPartProblem, type EngineError, engineError } from './errors.js';
import type { FoulCode } from './foul.js';
import { LayoutInputSchema } from './layout.js';
import { checkPlacement } from './placement.js';
import { err, ok, type Result } from './result.js';
import { ShotEventsSchema } from './shotEvent.js';
import { cueGone, readShot, type ShotFacts } from './shotFacts.js';
import { spotBalls } from './spot.js';
import {
  type BallInHand,
  type DecisionOption,
  type FrameEndReason,
  type FrameState,
  opponent,
  type PendingDecision,
  type PlayerId,
  type TableBall,
} from './state.js';
import { inKitchen } from './table.js';
import { firstProblem } from './validator.js';
import type { Verdict } from './verdict.js';
import { closed, type Wire } from './wireType.js';

export interface Adjudication {
  readonly state: FrameState;
  readonly verdict: Verdict;
}

/**
 * A shot as the referee receives it: the call, the event log, and optionally
 * where the balls stopped (final positions of the balls left on the table,
 * from the simulator or a real table). The fields of the `shot` and
 * `correct` actions (engine/referee.ts).
 */
export const shotReportFields = {
  call: Type.Optional(Type.Union([CallSchema, Type.Null()], { description: 'a call or null' })),
  events: ShotEventsSchema,
  layout: Type.Optional(
    Type.Union([LayoutInputSchema, Type.Null()], { description: 'a layout or null' }),
  ),
};
const ShotReportSchema = closed(shotReportFields);
export type ShotReport = Wire<typeof ShotReportSchema>;

type Check<T> = Result<T, EngineError>;

const KITCHEN_RESTRICTED: BallInHand = { region: 'kitchen', restricted: true };
const ANYWHERE: BallInHand = { region: 'anywhere', restricted: false };

/** The group a player must shoot, or null on an open table (R10). */
export function groupOfPlayer(state: FrameState, p: PlayerId): Group | null {
  return state.groups ? state.groups[p] : null;
}

/** A player is on the 8 when his group is decided and none of it is on the table (R14). */
export function isOnEight(state: FrameState, p: PlayerId): boolean {
  const g = groupOfPlayer(state, p);
  if (g === null) return false;
  const mine = ballsOf(g);
  return !state.balls.some((b) => mine.includes(b.id));
}

/**
 * Touch fouls (R5, R15, and the readings "Foul scope" and "Touching the cue
 * ball"), for a shot's log and for a foul before the stroke alike. Under
 * cue-ball fouls only an object ball touched is a foul only on a jump, curve
 * or massé stroke. The cue ball in hand touched after its placement is
 * confirmed is a foul unless the preset lets it be adjusted until the stroke;
 * a cue ball not in hand is in position, so any touch of it other than the
 * stroke is a foul (R15, both presets).
 */
export function touchFouls(state: FrameState, facts: Pick<ShotFacts, 'touches'>): FoulCode[] {
  const fouls: FoulCode[] = [];
  for (const t of facts.touches) {
    if (t.ball === CUE) {
      const afterPlacement =
        t.phase === 'afterPlacement' || (t.phase === 'placement' && t.afterConfirm);
      if (
        t.phase === 'stroke' ||
        state.ballInHand === null ||
        (afterPlacement && !state.rules.cueBallAdjustableUntilStroke)
      ) {
        if (!fouls.includes('CUE_BALL_TOUCHED')) fouls.push('CUE_BALL_TOUCHED');
      }
    } else if (
      state.rules.foulScope === 'allBalls' ||
      (t.phase === 'stroke' && t.stroke !== null)
    ) {
      if (!fouls.includes('OBJECT_BALL_TOUCHED')) fouls.push('OBJECT_BALL_TOUCHED');
    }
  }
  return fouls;
}

/** Where the balls stopped: positions from the report's layout, or unknown. */
function positionsAfter(remaining: ReadonlySet<BallId>, layout: unknown): Check<TableBall[]> {
  const ids = [...remaining].sort((a, b) => a - b);
  if (layout === undefined || layout === null) {
    return ok(ids.map((id) => ({ id, x: null, y: null })));
  }
  const balls = (layout as { balls?: unknown }).balls;
  if (typeof layout !== 'object' || !Array.isArray(balls)) {
    return err(
      engineError('E_LAYOUT_MISMATCH', 'layout.balls must be an array', { field: 'layout.balls' }),
    );
  }
  const byId = new Map<number, TableBall>();
  for (let i = 0; i < balls.length; i++) {
    const b = balls[i] as { id?: unknown; x?: unknown; y?: unknown };
    if (
      typeof b !== 'object' ||
      b === null ||
      typeof b.id !== 'number' ||
      typeof b.x !== 'number' ||
      typeof b.y !== 'number'
    ) {
      return err(
        engineError('E_LAYOUT_MISMATCH', `layout.balls[${i}] needs numeric id, x, y`, {
          field: `layout.balls[${i}]`,
        }),
      );
    }
    if (!remaining.has(b.id as BallId) || byId.has(b.id)) {
      return err(
        engineError('E_LAYOUT_MISMATCH', `ball ${b.id} is not left on the table by the events`, {
          field: `layout.balls[${i}]`,
          ball: b.id,
        }),
      );
    }
    byId.set(b.id, { id: b.id as BallId, x: b.x, y: b.y });
  }
  for (const id of ids) {
    if (!byId.has(id)) {
      return err(
        engineError('E_LAYOUT_MISMATCH', `ball ${id} is on the table but missing from the layout`, {
          ball: id,
        }),
      );
    }
  }
  return ok(ids.map((id) => byId.get(id)!));
}

/** Checks and applies the cue-ball placement (R15; R7 on the break and after break fouls). */
function placeCueBall(state: FrameState, facts: ShotFacts): Check<readonly TableBall[]> {
  const inHand = state.ballInHand;
  if (facts.placement !== null) {
    if (inHand === null)
      return err(engineError('E_PLACEMENT_NOT_ALLOWED', undefined, { ball: CUE }));
    const others = state.balls.filter((b) => b.id !== CUE);
    const placed = checkPlacement(state.table, inHand, others, facts.placement);
    if (!placed.ok) return placed;
    return ok([{ id: CUE, x: facts.placement.x, y: facts.placement.y }, ...others]);
  }
  const cue = state.balls.find((b) => b.id === CUE);
  if (!cue) return err(engineError('E_PLACEMENT_REQUIRED', undefined, { ball: CUE }));
  if (inHand?.region === 'kitchen' && cue.x !== null && !inKitchen(state.table, cue.x)) {
    return err(
      engineError(
        'E_PLACEMENT_OUTSIDE_KITCHEN',
        'the cue ball lies on or past the head string: place it',
        { ball: CUE },
      ),
    );
  }
  return ok(state.balls);
}

/** Validates a call against the state: what the shooter may call (R2, R10, R12, R14). */
function checkCall(state: FrameState, call: Call | null): Check<Call | null> {
  if (state.phase === 'break') {
    return call === null
      ? ok(null)
      : err(engineError('E_CALL_ON_BREAK', undefined, { field: 'call' }));
  }
  if (call === null || call.kind === 'safety') return ok(call);
  if (!state.balls.some((b) => b.id === call.ball)) {
    return err(
      engineError('E_CALL_BALL_NOT_ON_TABLE', `ball ${call.ball}`, {
        field: 'call.ball',
        ball: call.ball,
      }),
    );
  }
  const allowed = callableBalls(state, state.turn);
  if (!allowed.includes(call.ball)) {
    return err(
      engineError(
        'E_CALL_ILLEGAL_BALL',
        `ball ${call.ball}; callable: ${allowed.join(', ') || 'none'}`,
        {
          field: 'call.ball',
          ball: call.ball,
        },
      ),
    );
  }
  return ok(call);
}

/**
 * Balls the player may call: on an open table any solid or stripe (R10: the
 * 8 may be struck but not called); with groups, his own group, or the 8 once
 * the group is down (R14).
 */
export function callableBalls(state: FrameState, p: PlayerId): BallId[] {
  const onTable = state.balls.map((b) => b.id).filter((id) => id !== CUE);
  const g = groupOfPlayer(state, p);
  if (g === null) return onTable.filter((id) => id !== EIGHT);
  if (isOnEight(state, p)) return onTable.filter((id) => id === EIGHT);
  return onTable.filter((id) => groupOf(id) === g);
}

/** Balls the cue ball may legally strike first (R10, R12, R16). */
export function legalFirstContacts(state: FrameState, p: PlayerId): BallId[] {
  const onTable = state.balls.map((b) => b.id).filter((id) => id !== CUE);
  const g = groupOfPlayer(state, p);
  if (g === null) {
    // R10: any ball, the 8 included (in wpa the 8 first is a foul).
    return state.rules.eightFirstOnOpenTableIsFoul ? onTable.filter((id) => id !== EIGHT) : onTable;
  }
  if (isOnEight(state, p)) return onTable.filter((id) => id === EIGHT);
  return onTable.filter((id) => groupOf(id) === g);
}

function sortIds(ids: Iterable<BallId>): BallId[] {
  return [...ids].sort((a, b) => a - b);
}

interface Outcome {
  readonly kind: Verdict['kind'];
  readonly fouls: FoulCode[];
  readonly credited: BallId[];
  readonly rules: string[];
  readonly next: PlayerId | null;
  readonly ballInHand: BallInHand | null;
  readonly pending: PendingDecision | null;
  readonly groups: readonly [Group, Group] | null;
  readonly result: { reason: FrameEndReason; loser: PlayerId } | null;
  /** Balls to re-spot after the shot (R9 choices spot the 8 later). */
  readonly spot: BallId[];
}

/**
 * R18 (R8 on the break): jumping an object ball off the table is a foul, and
 * the 8 is an object ball (R1). One rule for the break and for play; what
 * follows from it — R8's choice, R20C's loss of the frame — comes after.
 */
function objectBallOffTable(facts: ShotFacts): boolean {
  return facts.offTable.some((b) => b !== CUE);
}

/** The break (R2, R6–R9, R11, R15, R18, R20C). */
function judgeBreak(state: FrameState, facts: ShotFacts): Outcome {
  const shooter = state.turn;
  const incoming = opponent(shooter);
  const objDown: BallId[] = facts.pocketed.map((p) => p.ball).filter((b) => b !== CUE);
  const eightDown = objDown.includes(EIGHT);
  const eightOff = facts.offTable.includes(EIGHT);
  const jumped: BallId[] = facts.offTable.filter((b) => b !== CUE && b !== EIGHT);
  const cueFoul = cueGone(facts);
  const legal = objDown.length > 0 || facts.objectBallsToCushion.length >= 4; // R6
  const fouls: FoulCode[] = [];
  const rules: string[] = [];
  if (!legal) fouls.push('ILLEGAL_BREAK');
  if (facts.pocketed.some((p) => p.ball === CUE)) fouls.push('SCRATCH');
  if (facts.offTable.includes(CUE)) fouls.push('CUE_BALL_OFF_TABLE');
  if (objectBallOffTable(facts)) fouls.push('OBJECT_BALL_OFF_TABLE');
  const touched = touchFouls(state, facts);
  fouls.push(...touched);
  const spot: BallId[] = state.rules.spotJumpedBalls ? [...jumped] : [];
  const base = { fouls, credited: [], groups: null, spot };

  if (eightOff) {
    if (state.rules.eightOffTableOnBreakLoses) {
      // Reading "8-ball jumped off the table on the break": R20C says "at any time".
      return {
        ...base,
        kind: 'frameOver',
        rules: ['R20C', 'R18'],
        next: null,
        ballInHand: null,
        pending: null,
        result: { reason: 'R20C', loser: shooter },
      };
    }
    // wpa: a foul, and the 8 is spotted.
    spot.push(EIGHT);
  }

  if (eightDown) {
    // R9: the 8 on the break never loses (R20A exception).
    if (!cueFoul && jumped.length === 0 && touched.length === 0 && !eightOff) {
      // The break is legal and clean: the other balls down are legally pocketed (R6, R17).
      const others = sortIds(objDown.filter((b) => b !== EIGHT));
      return {
        ...base,
        credited: others,
        kind: 'decision',
        rules: others.length > 0 ? ['R9', 'R6'] : ['R9'],
        next: shooter,
        ballInHand: null,
        pending: {
          player: shooter,
          options: ['rerackAndBreak', 'spotEightAcceptTable'],
          rules: ['R9'],
        },
        result: null,
      };
    }
    if (cueFoul || touched.length > 0) {
      // R9 second sentence; a touch foul on the break gives the kitchen too (R15).
      rules.push('R9', cueFoul ? 'R7' : 'R15');
      return {
        ...base,
        kind: 'foul',
        rules,
        next: incoming,
        ballInHand: null,
        pending: {
          player: incoming,
          options: ['rerackAndBreak', 'spotEightCueInKitchen'],
          rules: ['R9', 'R15'],
        },
        result: null,
      };
    }
    // Reading "8 on the break with a jumped object ball": R9's choice with R8's.
    return {
      ...base,
      kind: 'foul',
      rules: ['R8', 'R9', 'R18'],
      next: incoming,
      ballInHand: null,
      pending: {
        player: incoming,
        options: ['rerackAndBreak', 'spotEightAcceptTable', 'spotEightCueInKitchen'],
        rules: ['R8', 'R9'],
      },
      result: null,
    };
  }

  if (!legal) {
    // R6: accept the table, or re-rack and break, or make the offender break again.
    // With a jumped ball and the cue ball on the table, R8 adds the kitchen.
    const options: DecisionOption[] = ['acceptTable'];
    if ((jumped.length > 0 || eightOff || touched.length > 0) && !cueFoul)
      options.push('cueInKitchen');
    options.push('rerackAndBreak', 'rerackOpponentBreaks');
    return {
      ...base,
      kind: 'foul',
      rules: jumped.length > 0 || eightOff ? ['R6', 'R8', 'R18'] : ['R6'],
      next: incoming,
      ballInHand: null,
      pending: {
        player: incoming,
        options,
        rules: jumped.length > 0 || eightOff ? ['R6', 'R8'] : ['R6'],
      },
      result: null,
    };
  }

  if (cueFoul || touched.length > 0) {
    // R7: balls stay down, foul, table open, cue ball in hand behind the head
    // string with R7's restriction; with a jumped ball too, no choice (reading).
    rules.push(cueFoul ? 'R7' : 'R15', 'R11');
    if (jumped.length > 0 || eightOff) rules.push('R8', 'R18');
    return {
      ...base,
      kind: 'foul',
      rules,
      next: incoming,
      ballInHand: KITCHEN_RESTRICTED,
      pending: null,
      result: null,
    };
  }

  if (jumped.length > 0 || eightOff) {
    // R8: accept the table in position, or cue ball in hand in the kitchen.
    return {
      ...base,
      kind: 'foul',
      rules: ['R8', 'R18'],
      next: incoming,
      ballInHand: null,
      pending: { player: incoming, options: ['acceptTable', 'cueInKitchen'], rules: ['R8'] },
      result: null,
    };
  }

  if (objDown.length > 0) {
    // R2: the breaker continues when he pockets an object ball; R11: the table
    // stays open. The balls down on a legal break with no foul are legally
    // pocketed (R6; none of R17's cases): credited, though no group is decided.
    return {
      ...base,
      credited: sortIds(objDown),
      kind: 'continue',
      rules: ['R2', 'R6', 'R11'],
      next: shooter,
      ballInHand: null,
      pending: null,
      result: null,
    };
  }
  return {
    ...base,
    kind: 'turnOver',
    rules: ['R2', 'R6'],
    next: incoming,
    ballInHand: null,
    pending: null,
    result: null,
  };
}

/** Any shot after the break (R10–R20). */
function judgeShot(
  state: FrameState,
  facts: ShotFacts,
  call: Call | null,
  cueAt: readonly TableBall[],
): Outcome {
  const shooter = state.turn;
  const incoming = opponent(shooter);
  const myGroup = groupOfPlayer(state, shooter);
  const open = myGroup === null;
  const onEight = isOnEight(state, shooter);
  const objDown: BallId[] = facts.pocketed.map((p) => p.ball).filter((b) => b !== CUE);
  const eightDown = objDown.includes(EIGHT);
  const eightOff = facts.offTable.includes(EIGHT);
  const jumped: BallId[] = facts.offTable.filter((b) => b !== CUE && b !== EIGHT);
  const fouls: FoulCode[] = [];
  const rules = new Set<string>();
  let eightFirstOpen = false;

  fouls.push(...touchFouls(state, facts));
  if (fouls.includes('CUE_BALL_TOUCHED')) rules.add('R15');
  if (fouls.includes('OBJECT_BALL_TOUCHED')) rules.add('R5');

  const first = facts.firstContact;
  if (first === null) {
    fouls.push('NO_CONTACT');
    rules.add('R12');
  } else if (open && first === EIGHT) {
    if (state.rules.eightFirstOnOpenTableIsFoul) {
      fouls.push('EIGHT_FIRST_OPEN_TABLE');
    } else {
      eightFirstOpen = true;
    }
    rules.add('R10');
  } else if (!open && !legalFirstContacts(state, shooter).includes(first)) {
    fouls.push('WRONG_BALL_FIRST');
    rules.add('R12');
    if (first === EIGHT) rules.add('R16');
  }
  if (
    first !== null &&
    state.ballInHand?.restricted &&
    state.rules.kitchenRestriction &&
    !facts.crossedOutBeforeContact
  ) {
    const target = cueAt.find((b) => b.id === first);
    if (target && target.x !== null && inKitchen(state.table, target.x)) {
      fouls.push('BEHIND_HEAD_STRING');
      rules.add('R7');
    }
  }
  if (first !== null && objDown.length === 0 && !facts.cushionAfterContact) {
    fouls.push('NO_CUSHION');
    rules.add('R12');
  }
  if (facts.pocketed.some((p) => p.ball === CUE)) {
    fouls.push('SCRATCH');
    rules.add('R15');
  }
  if (facts.offTable.includes(CUE)) {
    fouls.push('CUE_BALL_OFF_TABLE');
    rules.add('R15');
  }
  if (objectBallOffTable(facts)) {
    fouls.push('OBJECT_BALL_OFF_TABLE');
    rules.add('R18');
  }
  const spot: BallId[] = state.rules.spotJumpedBalls ? [...jumped] : [];
  const foul = fouls.length > 0;

  // The 8 (R19, R20).
  const lose = (reason: FrameEndReason, extra: string[] = []): Outcome => ({
    kind: 'frameOver',
    fouls,
    credited: [],
    rules: [reason, ...extra, ...rules],
    next: null,
    ballInHand: null,
    pending: null,
    groups: state.groups,
    result: { reason, loser: shooter },
    spot,
  });
  if (eightOff) return lose('R20C', ['R18']);
  if (eightDown) {
    if (!onEight) {
      // R20B: with the last ball of the group on the same stroke; else R20E.
      const mine = myGroup ? ballsOf(myGroup) : [];
      const hadSome = state.balls.some((b) => mine.includes(b.id));
      const allNowDown =
        myGroup !== null &&
        hadSome &&
        !state.balls.some((b) => mine.includes(b.id) && !objDown.includes(b.id));
      return allNowDown ? lose('R20B') : lose('R20E');
    }
    if (foul) return lose('R20A', ['R19']);
    const landed = facts.pocketed.find((p) => p.ball === EIGHT)!.pocket;
    if (call?.kind === 'safety') return lose('R20D', ['R13']);
    if (call === null) {
      // Reading on R2: an obvious 8 without a call wins unless alwaysCallEight.
      if (state.rules.alwaysCallEight || !facts.obvious.includes(EIGHT))
        return lose('R20D', ['R2']);
    } else if (call.pocket !== landed) {
      return lose('R20D');
    }
    return {
      kind: 'frameOver',
      fouls,
      credited: [EIGHT],
      rules: ['R1', 'R14'],
      next: null,
      ballInHand: null,
      pending: null,
      groups: state.groups,
      result: { reason: 'R1', loser: incoming },
      spot,
    };
  }

  if (foul) {
    // R15 (R19 on the 8): ball in hand anywhere for the incoming player; balls stay down (R17).
    rules.add('R15');
    if (objDown.length > 0) rules.add('R17');
    if (onEight) rules.add('R19');
    return {
      kind: 'foul',
      fouls,
      credited: [],
      rules: [...rules],
      next: incoming,
      ballInHand: ANYWHERE,
      pending: null,
      groups: state.groups,
      result: null,
      spot,
    };
  }

  if (eightFirstOpen) {
    // R10: nothing credited, inning over, the table stays open.
    return {
      kind: 'turnOver',
      fouls,
      credited: [],
      rules: ['R10', 'R16', ...(objDown.length > 0 ? ['R17'] : [])],
      next: incoming,
      ballInHand: null,
      pending: null,
      groups: state.groups,
      result: null,
      spot,
    };
  }

  // Credit (R2, R13, R14, R17).
  let credited: BallId | null = null;
  if (call?.kind === 'pocket') {
    if (facts.pocketed.some((p) => p.ball === call.ball && p.pocket === call.pocket))
      credited = call.ball;
    rules.add(credited !== null ? 'R14' : 'R17');
  } else if (call === null) {
    // Reading on R2: an uncalled ball counts only if it was obvious.
    const allowed = callableBalls(state, shooter);
    credited = facts.obvious.find((b) => allowed.includes(b)) ?? null;
    rules.add(credited !== null ? 'R2' : objDown.length > 0 ? 'R17' : 'R12');
  } else {
    rules.add('R13');
    if (objDown.length > 0) rules.add('R17');
  }
  let groups = state.groups;
  if (credited !== null && groups === null) {
    // R11: the group of the called ball legally pocketed (reading "Groups").
    const g = groupOf(credited)!;
    groups = shooter === 0 ? [g, otherGroup(g)] : [otherGroup(g), g];
    rules.add('R11');
  }
  if (credited !== null) {
    return {
      kind: 'continue',
      fouls,
      credited: [credited],
      rules: [...rules],
      next: shooter,
      ballInHand: null,
      pending: null,
      groups,
      result: null,
      spot,
    };
  }
  return {
    kind: 'turnOver',
    fouls,
    credited: [],
    rules: [...rules],
    next: incoming,
    ballInHand: null,
    pending: null,
    groups,
    result: null,
    spot,
  };
}

/**
 * The referee: (state, shot) → (new state, verdict), or a coded error. Pure:
 * no I/O, no clock, no randomness beyond the PRNG state carried in `state`.
 */
export function adjudicateShot(state: FrameState, report: ShotReport): Check<Adjudication> {
  const problem = firstProblem(ShotReportSchema, report, '');
  if (problem !== null) return err(actionPartProblem(problem));
  return adjudicateChecked(state, report);
}

/**
 * adjudicateShot for a report already checked against its schema (by
 * `apply`, or built in-process from typed values, as the planner's
 * simulated shots are): the wire check once, not once per layer.
 */
export function adjudicateChecked(state: FrameState, report: ShotReport): Check<Adjudication> {
  if (state.phase === 'over') return err(engineError('E_FRAME_OVER'));
  if (state.pending !== null) {
    return err(
      engineError(
        'E_DECISION_PENDING',
        `player ${state.pending.player}: ${state.pending.options.join(', ')}`,
      ),
    );
  }
  if (report.call?.kind === 'pocket' && report.call.ball === CUE) {
    return err(
      engineError('E_CALL_ILLEGAL_BALL', 'the cue ball cannot be called', {
        field: 'call.ball',
        ball: 0,
      }),
    );
  }
  const call = checkCall(state, report.call ?? null);
  if (!call.ok) return call;
  const onTable = new Set(state.balls.map((b) => b.id));
  const read = readShot(report.events, onTable);
  if (!read.ok) return read;
  const facts = read.value;
  const placed = placeCueBall(state, facts);
  if (!placed.ok) return placed;

  const outcome =
    state.phase === 'break'
      ? judgeBreak(state, facts)
      : judgeShot(state, facts, call.value, placed.value);
  const shooter = state.turn;

  // Balls after the shot: the survivors, then the re-spotted (R18), in numerical order.
  const gone = new Set<BallId>([...facts.pocketed.map((p) => p.ball), ...facts.offTable]);
  const remaining = new Set<BallId>([...onTable, CUE as BallId].filter((id) => !gone.has(id)));
  const after = positionsAfter(remaining, report.layout);
  if (!after.ok) return after;
  // Spotting serves the play that follows: a shot that ends the frame spots nothing.
  const spot = outcome.result === null ? outcome.spot : [];
  const unknown = after.value.find((b) => b.x === null || b.y === null);
  if (spot.length > 0 && unknown !== undefined) {
    // The spot may be taken by a ball whose place is not known (reading "Jumped balls and the spotted 8").
    return err(
      engineError(
        'E_SPOT_POSITIONS_UNKNOWN',
        `ball ${spot.join(', ')} must be spotted, and where ball ${unknown.id} lies is not known`,
        { field: 'layout', ball: unknown.id },
      ),
    );
  }
  const respotted = spotBalls(state.table, after.value, spot);
  const balls = [...after.value, ...respotted].sort((a, b) => a.id - b.id);
  const objectsDown: BallId[] = facts.pocketed.map((p) => p.ball).filter((b) => b !== CUE);
  const jumpedKept = facts.offTable.filter((b) => b !== CUE && !spot.includes(b));

  const streakCounts = call.value?.kind === 'safety' && state.phase === 'play';
  const noAttempt = streakCounts
    ? {
        shots: state.noAttempt.shots + 1,
        byPlayer: (shooter === 0
          ? [state.noAttempt.byPlayer[0] + 1, state.noAttempt.byPlayer[1]]
          : [state.noAttempt.byPlayer[0], state.noAttempt.byPlayer[1] + 1]) as [number, number],
      }
    : { shots: 0, byPlayer: [0, 0] as [number, number] };
  const fouled = outcome.fouls.length > 0;
  const fouls: [number, number] = [state.fouls[0], state.fouls[1]];
  if (fouled) fouls[shooter] += 1;

  const result = outcome.result
    ? {
        winner: opponent(outcome.result.loser) as PlayerId,
        loser: outcome.result.loser,
        reason: outcome.result.reason,
      }
    : null;
  const { previous: _drop, ...before } = state;
  const next: FrameState = {
    ...state,
    phase: result ? 'over' : 'play',
    turn: outcome.next ?? shooter,
    groups: outcome.groups,
    balls,
    pocketed: [...state.pocketed, ...objectsDown],
    offTable: [...state.offTable, ...jumpedKept],
    ballInHand: outcome.ballInHand,
    pending: outcome.pending,
    result,
    shotCount: state.shotCount + 1,
    fouls,
    noAttempt,
    previous: { ...before, previous: null },
  };
  const credited = outcome.credited;
  const verdict: Verdict = {
    kind: outcome.kind,
    player: shooter,
    fouls: outcome.fouls,
    credited,
    stayDown: sortIds(objectsDown.filter((b) => !credited.includes(b))),
    respotted,
    nextPlayer: outcome.next,
    ballInHand: outcome.ballInHand,
    groups: outcome.groups,
    groupsDecided: state.groups === null && outcome.groups !== null,
    pending: outcome.pending,
    frame: result,
    rules: [...new Set(outcome.rules)],
  };
  return ok({ state: next, verdict });
}
