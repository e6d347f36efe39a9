import { Type } from '@sinclair/typebox';
import type { Adjudication } from './adjudicate.js';
import {
  type BallId,
  BallIdSchema,
  CUE,
  EIGHT,
  groupOf,
  OBJECT_BALLS,
  ObjectBallIdSchema,
} from './ball.js';
import { datan2, dhypot } from './dmath.js';
import { type EngineError, engineError, engineProblem } from './errors.js';
import { err, ok, type Result } from './result.js';
import type { FrameState } from './state.js';
import { BALL_RADIUS, DEFAULT_TABLE, footSpot, type TableSize, TableSizeSchema } from './table.js';
import { firstProblem } from './validator.js';
import type { Verdict } from './verdict.js';
import { closed, oneOf, type Wire } from './wireType.js';

/**
 * Racks made by people (R3): where the fifteen object balls stand, checked
 * against R3 — the apex ball on the foot spot, the 8 in the middle of the
 * third row, a solid and a stripe in the back corners, the balls frozen, the
 * triangle square to the table — with the tolerances below, in millimetres
 * (docs/rules.md, reading "Racks"). The same in both presets.
 */

/** A racked ball: an object ball at (x, y), metres (the cue ball is not part of a rack). */
export const RackBallSchema = closed({
  id: ObjectBallIdSchema,
  x: Type.Number({ description: 'metres from the head rail (a finite number)' }),
  y: Type.Number({ description: 'metres from the right rail (a finite number)' }),
});
export type RackBall = Wire<typeof RackBallSchema>;

/** A rack to check: the table (default "9ft") and the object balls where they stand. */
export const RackInputSchema = closed(
  { table: Type.Optional(TableSizeSchema), balls: Type.Array(RackBallSchema) },
  {
    $id: 'RackInput',
    description: 'a rack to check (R3): the fifteen object balls where people racked them',
  },
);
export type RackInput = Wire<typeof RackInputSchema>;

/** The requirements of a legal rack, each a stable code with its rule. */
export const RACK_REQUIREMENTS = {
  FIFTEEN_BALLS: 'the fifteen object balls, each once (R1, R3)',
  APEX_ON_FOOT_SPOT: 'the apex ball on the foot spot (R3)',
  EIGHT_IN_CENTRE: 'the 8 in the middle of the third row (R3)',
  SOLID_AND_STRIPE_IN_CORNERS: 'a solid and a stripe in the two back corners (R3)',
  FROZEN: 'the balls frozen: every two neighbours touching (R3, reading "Racks")',
  ALIGNMENT:
    'the triangle square to the table: each ball in its place, the apex toward the head rail and the base parallel to the foot rail (R3)',
} as const;
export type RackRequirement = keyof typeof RACK_REQUIREMENTS;
const REQUIREMENT_CODES = Object.keys(RACK_REQUIREMENTS) as RackRequirement[];

/**
 * The tolerances, mm: the apex ball's centre within `footSpot` of the foot
 * spot; every ball within `place` of its place in the frozen triangle laid
 * from the apex ball (a turn of 1° moves a back corner about 4 mm); every two
 * neighbours' gap (centre distance − one ball diameter) within ± `gap`.
 */
export const RACK_TOLERANCES_MM = { footSpot: 3, place: 3, gap: 0.5 } as const;

export const RackFailureSchema = closed({
  requirement: oneOf(REQUIREMENT_CODES, `one of ${REQUIREMENT_CODES.join(', ')}`),
  /** The rule it rests on: R3 (R1 for the set of balls). */
  rule: Type.String(),
  /** What is wrong, for a person, with the figures in mm. */
  detail: Type.String(),
  /** The balls concerned. */
  balls: Type.Array(BallIdSchema),
  /** The measured figure that is out of tolerance, mm (null where none applies). */
  mm: Type.Union([Type.Number(), Type.Null()]),
});
export type RackFailure = Wire<typeof RackFailureSchema>;

/** The answer of a rack check: legal or not, and each requirement that fails. */
export const RackCheckSchema = closed(
  {
    legal: Type.Boolean(),
    table: TableSizeSchema,
    failures: Type.Array(RackFailureSchema),
    tolerancesMm: closed({ footSpot: Type.Number(), place: Type.Number(), gap: Type.Number() }),
  },
  { $id: 'RackCheck', description: 'the answer of a rack check (R3)' },
);
export type RackCheck = Wire<typeof RackCheckSchema>;

/** Frozen ball spacing: one diameter. */
const D = 2 * BALL_RADIUS;
/** Balls closer than a diameter by more than this overlap (the simulator's tolerance, sim/validate.ts). */
const OVERLAP_TOLERANCE = 1e-6;
const ROW_STEP = D * (Math.sqrt(3) / 2);

/** The places of the triangle relative to its apex: row by row, row k has k + 1 balls (engine/rack.ts order). */
const PLACES: readonly { row: number; dx: number; dy: number }[] = (() => {
  const out: { row: number; dx: number; dy: number }[] = [];
  for (let row = 0; row < 5; row++)
    for (let j = 0; j <= row; j++) out.push({ row, dx: row * ROW_STEP, dy: (j - row / 2) * D });
  return out;
})();
const EIGHT_PLACE = 4;
const CORNER_PLACES = [10, 14] as const;

/** Neighbouring places (same row, or touching across rows): the 30 contacts of a frozen rack. */
const NEIGHBOURS: readonly (readonly [number, number])[] = (() => {
  const index = (row: number, j: number) => (row * (row + 1)) / 2 + j;
  const out: [number, number][] = [];
  for (let row = 0; row < 5; row++)
    for (let j = 0; j <= row; j++) {
      if (j < row) out.push([index(row, j), index(row, j + 1)]);
      if (row < 4)
        out.push([index(row, j), index(row + 1, j)], [index(row, j), index(row + 1, j + 1)]);
    }
  return out;
})();

const mm = (m: number) => Math.round(m * 1e4) / 10;
const ordinal = ['first', 'second', 'third', 'fourth', 'fifth'];

/**
 * Checks a rack against R3. Pure; `balls` are the object balls (ids 1–15)
 * where they stand. Every failing requirement is named, with its figures;
 * with not exactly the fifteen balls only FIFTEEN_BALLS is judged.
 */
export function checkRack(table: TableSize, balls: readonly RackBall[]): RackCheck {
  const failures: RackFailure[] = [];
  const answer = (): RackCheck => ({
    legal: failures.length === 0,
    table,
    failures,
    tolerancesMm: { ...RACK_TOLERANCES_MM },
  });
  const fail = (requirement: RackRequirement, detail: string, ids: BallId[], at: number | null) =>
    failures.push({
      requirement,
      rule: requirement === 'FIFTEEN_BALLS' ? 'R1' : 'R3',
      detail,
      balls: [...new Set(ids)].sort((a, b) => a - b),
      mm: at,
    });

  const ids = balls.map((b) => b.id);
  const missing = OBJECT_BALLS.filter((id) => !ids.includes(id));
  const twice = OBJECT_BALLS.filter((id) => ids.filter((x) => x === id).length > 1);
  const strays = ids.filter((id) => !OBJECT_BALLS.includes(id) || id === CUE);
  if (missing.length > 0 || twice.length > 0 || strays.length > 0) {
    const parts = [
      missing.length > 0 ? `missing ${missing.join(', ')}` : '',
      twice.length > 0 ? `listed twice ${twice.join(', ')}` : '',
      strays.length > 0 ? `not object balls: ${strays.join(', ')}` : '',
    ].filter(Boolean);
    fail(
      'FIFTEEN_BALLS',
      `a rack has the fifteen object balls: ${parts.join('; ')}`,
      [...missing, ...twice],
      null,
    );
    return answer();
  }

  // The apex: the ball nearest the head rail.
  const apex = balls.reduce((a, b) => (b.x < a.x ? b : a));
  const spot = footSpot(table);
  const off = dhypot(apex.x - spot.x, apex.y - spot.y);
  if (off * 1000 > RACK_TOLERANCES_MM.footSpot) {
    fail(
      'APEX_ON_FOOT_SPOT',
      `the apex ball ${apex.id} is ${mm(off)} mm from the foot spot (tolerance ${RACK_TOLERANCES_MM.footSpot} mm)`,
      [apex.id],
      mm(off),
    );
  }

  // Which ball stands in which place: the nearest place of the triangle laid
  // from the apex, turned and spaced as the balls are (a least-squares fit),
  // so a turned or loose rack is still read place by place.
  const rel = balls.map((b) => ({ id: b.id, x: b.x - apex.x, y: b.y - apex.y }));
  const nearest = (p: { x: number; y: number }, c: { re: number; im: number }) => {
    let best = 0;
    let bestD = Infinity;
    for (let i = 0; i < PLACES.length; i++) {
      const s = PLACES[i]!;
      const d = dhypot(p.x - (c.re * s.dx - c.im * s.dy), p.y - (c.re * s.dy + c.im * s.dx));
      if (d < bestD) {
        bestD = d;
        best = i;
      }
    }
    return { place: best, d: bestD };
  };
  let fit = { re: 1, im: 0 };
  let assigned = rel.map((p) => nearest(p, fit));
  for (let pass = 0; pass < 2; pass++) {
    // c = Σ conj(s)·p / Σ |s|²: the turn and scale of the triangle.
    let re = 0;
    let im = 0;
    let norm = 0;
    rel.forEach((p, k) => {
      const s = PLACES[assigned[k]!.place]!;
      re += s.dx * p.x + s.dy * p.y;
      im += s.dx * p.y - s.dy * p.x;
      norm += s.dx * s.dx + s.dy * s.dy;
    });
    if (norm > 0) fit = { re: re / norm, im: im / norm };
    assigned = rel.map((p) => nearest(p, fit));
  }
  const turn = (datan2(fit.im, fit.re) * 180) / Math.PI;
  const inPlace: (RackBall | undefined)[] = new Array(PLACES.length).fill(undefined);
  const crowded: BallId[] = [];
  assigned.forEach((a, k) => {
    const held = inPlace[a.place];
    if (held === undefined) inPlace[a.place] = balls[k];
    else crowded.push(held.id, balls[k]!.id);
  });

  const eightAt = assigned[balls.findIndex((b) => b.id === EIGHT)]!.place;
  if (eightAt !== EIGHT_PLACE) {
    const centre = inPlace[EIGHT_PLACE];
    fail(
      'EIGHT_IN_CENTRE',
      `${centre ? `ball ${centre.id} is in the middle of the third row` : 'the middle of the third row is empty'}; the 8 is in the ${ordinal[PLACES[eightAt]!.row]} row`,
      centre ? [EIGHT, centre.id] : [EIGHT],
      null,
    );
  }

  const corners = CORNER_PLACES.map((i) => inPlace[i]);
  const groups = corners.map((b) => (b ? groupOf(b.id) : null));
  if (!(groups.includes('solids') && groups.includes('stripes'))) {
    const what = corners.map((b) => (b ? `${b.id}` : 'nothing')).join(' and ');
    fail(
      'SOLID_AND_STRIPE_IN_CORNERS',
      `the back corners hold ${what}: one must be a solid (1–7), the other a stripe (9–15)`,
      corners.filter((b): b is RackBall => b !== undefined).map((b) => b.id),
      null,
    );
  }

  const loose: BallId[] = [];
  let worstGap = 0;
  let worstPair = '';
  for (const [i, j] of NEIGHBOURS) {
    const a = inPlace[i];
    const b = inPlace[j];
    if (!a || !b) continue;
    const gap = dhypot(a.x - b.x, a.y - b.y) - D;
    if (Math.abs(gap) * 1000 > RACK_TOLERANCES_MM.gap) {
      loose.push(a.id, b.id);
      if (Math.abs(gap) > Math.abs(worstGap)) {
        worstGap = gap;
        worstPair = `${a.id} and ${b.id}`;
      }
    }
  }
  if (loose.length > 0) {
    const how =
      worstGap > 0
        ? `are ${mm(worstGap)} mm apart`
        : `overlap by ${mm(-worstGap)} mm (a misreading?)`;
    fail(
      'FROZEN',
      `balls ${worstPair} ${how}; neighbours must touch within ${RACK_TOLERANCES_MM.gap} mm (${loose.length / 2} pair(s) out)`,
      loose,
      mm(Math.abs(worstGap)),
    );
  }

  // Each ball against its place in the frozen triangle laid square from the apex.
  let worst = 0;
  let worstBall: BallId = apex.id;
  const astray: BallId[] = [];
  rel.forEach((p, k) => {
    const s = PLACES[assigned[k]!.place]!;
    const d = dhypot(p.x - s.dx, p.y - s.dy);
    if (d * 1000 > RACK_TOLERANCES_MM.place) astray.push(balls[k]!.id);
    if (d > worst) {
      worst = d;
      worstBall = balls[k]!.id;
    }
  });
  const empty = PLACES.map((_, i) => i).filter((i) => inPlace[i] === undefined);
  if (astray.length > 0 || crowded.length > 0) {
    const parts: string[] = [];
    if (astray.length > 0)
      parts.push(
        `ball ${worstBall} is ${mm(worst)} mm from its place (tolerance ${RACK_TOLERANCES_MM.place} mm; ${astray.length} ball(s) out)`,
      );
    if (Math.abs(turn) >= 0.1)
      parts.push(`the triangle is turned ${Math.abs(turn).toFixed(1)}° from square`);
    if (crowded.length > 0)
      parts.push(
        `balls ${[...new Set(crowded)].join(', ')} crowd one place, ${empty.length} place(s) empty`,
      );
    fail(
      'ALIGNMENT',
      parts.join('; '),
      [...astray, ...crowded],
      astray.length > 0 ? mm(worst) : null,
    );
  }
  return answer();
}

/** A rack check from untrusted input ({ table?, balls }): E_BAD_RACK (E_UNKNOWN_BALL for a ball id) when malformed. */
export function checkRackInput(x: unknown, field = 'rack'): Result<RackCheck, EngineError> {
  const problem = firstProblem(RackInputSchema, x, field);
  if (problem !== null) return err(engineProblem(problem, 'E_BAD_RACK'));
  const input = x as RackInput;
  return ok(checkRack(input.table ?? DEFAULT_TABLE, input.balls));
}

/** A failed check as one line: each failing requirement and what is wrong. */
export function rackFailureText(check: RackCheck): string {
  return check.failures.map((f) => `${f.requirement}: ${f.detail}`).join('; ');
}

/**
 * The `rack` action: the balls racked by people before the break, checked
 * by R3 and, when legal, taken as the rack to break (the cue ball stays where
 * the state has it). Refused after the break (E_RACK_NOT_ALLOWED) and when
 * the rack is illegal (E_RACK_ILLEGAL, naming each failing requirement).
 */
export function applyRack(
  state: FrameState,
  balls: readonly RackBall[],
): Result<Adjudication, EngineError> {
  if (state.phase === 'over') return err(engineError('E_FRAME_OVER'));
  if (state.phase !== 'break' || state.pending !== null)
    return err(engineError('E_RACK_NOT_ALLOWED', 'the frame is in play', { field: 'balls' }));
  const check = checkRack(state.table, balls);
  if (!check.legal)
    return err(engineError('E_RACK_ILLEGAL', rackFailureText(check), { field: 'balls' }));
  // Taken for the break, the positions must be possible: a check within
  // tolerance may still have two balls overlapping by a misreading.
  for (const p of balls)
    for (const q of balls)
      if (p.id < q.id && dhypot(p.x - q.x, p.y - q.y) < D - OVERLAP_TOLERANCE)
        return err(
          engineError(
            'E_RACK_ILLEGAL',
            `FROZEN: balls ${p.id} and ${q.id} overlap by ${mm(D - dhypot(p.x - q.x, p.y - q.y))} mm: report where they really stand`,
            { field: 'balls', ball: q.id },
          ),
        );
  const cue = state.balls.filter((b) => b.id === CUE);
  const racked = [...balls].sort((a, b) => a.id - b.id).map((b) => ({ id: b.id, x: b.x, y: b.y }));
  const next: FrameState = { ...state, balls: [...cue, ...racked], pocketed: [], offTable: [] };
  const verdict: Verdict = {
    kind: 'racked',
    player: state.turn,
    fouls: [],
    credited: [],
    stayDown: [],
    respotted: [],
    nextPlayer: state.turn,
    ballInHand: state.ballInHand,
    groups: null,
    groupsDecided: false,
    pending: null,
    frame: null,
    rules: ['R3'],
  };
  return ok({ state: next, verdict });
}
