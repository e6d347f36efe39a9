import { isBallId } from '../engine/ball.js';
import { type BallPosition, type Layout, LayoutInputSchema } from '../engine/layout.js';
import { err, ok, type Result } from '../engine/result.js';
import { SHOT_LIMITS, type Shot, ShotSchema } from '../engine/shot.js';
import { DEFAULT_TABLE, TABLE_DIMENSIONS } from '../engine/table.js';
import { firstProblem, problemText, type WireProblem } from '../engine/validator.js';
import type { Wire } from '../engine/wireType.js';
import { type SimError, type SimErrorCode, simError } from './errors.js';
import type { PhysicsParams } from './params.js';
import type { TableGeometry } from './tableGeometry.js';

/**
 * The edge of the simulator (docs/design.md: parse at the edge): untrusted JSON becomes a
 * validated `Layout` or `Shot`, or a coded error naming the field or ball.
 * Layout rules (docs/wire.md "Balls and layouts"): ids 0..15, no duplicates, no
 * two balls overlapping, every centre on the playing surface at least R from
 * every cushion nose, jaw and jaw tip, and not over a pocket hole.
 */

/** Balls closer than 2R − this overlap; frozen balls (exactly 2R apart) are fine. */
export const OVERLAP_TOLERANCE = 1e-6;
/** Centres closer than R − this to a cushion are outside the cushions. */
export const CUSHION_TOLERANCE = 1e-6;

/** A schema problem as a simulator error: the code says which part of the input is wrong. */
export function simProblem(p: WireProblem, part: 'layout' | 'shot', input: unknown): SimError {
  const code: SimErrorCode =
    p.field === part
      ? 'E_SIM_BAD_INPUT'
      : part === 'shot'
        ? 'E_SIM_BAD_SHOT'
        : p.field.startsWith('layout.table')
          ? 'E_SIM_BAD_TABLE'
          : p.field.startsWith('layout.balls')
            ? p.schema['x-kind'] === 'ballId' && typeof p.value === 'number'
              ? 'E_SIM_UNKNOWN_BALL'
              : 'E_SIM_BAD_BALL'
            : 'E_SIM_BAD_INPUT';
  // A problem inside a ball's entry names the ball too, when its id is one.
  const k = /^layout\.balls\[(\d+)\]\./.exec(p.field)?.[1];
  const id =
    k === undefined ? undefined : (input as { balls: { id?: unknown }[] }).balls[Number(k)]?.id;
  return simError(code, problemText(p), {
    field: p.field,
    ...(isBallId(id) ? { ball: id } : {}),
  });
}

/** Reads a layout: the one schema (LayoutInputSchema), `table` defaulting to "9ft". */
export function parseLayout(x: unknown): Result<Layout, SimError> {
  const problem = firstProblem(LayoutInputSchema, x, 'layout');
  if (problem !== null) return err(simProblem(problem, 'layout', x));
  const l = x as Wire<typeof LayoutInputSchema>;
  return ok({ table: l.table ?? DEFAULT_TABLE, balls: l.balls });
}

/**
 * The box |x| ≤ x, |y| ≤ y (internal frame) where no cushion, jaw, jaw tip
 * or hole check can fail for a ball centre, proved once per geometry and R:
 * every segment is at least 2R away along an axis (the segment check looks
 * 2R behind a nose), every jaw tip R, every hole centre its radius. Most
 * balls of a layout lie inside it, so `simulate`'s check of every call skips
 * the per-feature loops for them (4–5 % of a planner decision's time before,
 * 2026-12-02). Null when the proof fails (the loops then run for every ball).
 */
export function clearBox(geo: TableGeometry, R: number): { x: number; y: number } | null {
  const cached = clearBoxes.get(geo);
  if (cached !== undefined && cached.R === R) return cached.box;
  // A nanometre short of 2R, so that the noses' own separation is not lost to rounding.
  const x = geo.length / 2 - 2 * R - 1e-9;
  const y = geo.width / 2 - 2 * R - 1e-9;
  // Separation along an axis between [-x, x] × [-y, y] and a point set with the given ranges.
  const apart = (x0: number, x1: number, y0: number, y1: number, need: number) =>
    Math.max(x0 - x, -x - x1, y0 - y, -y - y1) >= need;
  const ok =
    x > 0 &&
    y > 0 &&
    geo.segments.every((s) => {
      const ex = s.px + s.ux * s.len;
      const ey = s.py + s.uy * s.len;
      return apart(
        Math.min(s.px, ex),
        Math.max(s.px, ex),
        Math.min(s.py, ey),
        Math.max(s.py, ey),
        2 * R,
      );
    }) &&
    geo.vertices.every((v) => apart(v.x, v.x, v.y, v.y, R)) &&
    geo.holes.every((h) => apart(h.x, h.x, h.y, h.y, h.r));
  const box = ok ? { x, y } : null;
  clearBoxes.set(geo, { R, box });
  return box;
}

/** A ball's field name, built only for an error: a string per ball per call was measurable in the planner. */
function fieldOf(k: number): string {
  return `layout.balls[${k}]`;
}

const clearBoxes = new WeakMap<
  TableGeometry,
  { R: number; box: { x: number; y: number } | null }
>();

/**
 * Geometric checks of a typed layout against a table geometry (internal
 * frame). Run by `simulate` on every call, so a planner cannot feed it an
 * impossible position either.
 */
export function checkLayout(
  layout: Layout,
  geo: TableGeometry,
  p: PhysicsParams,
  /** False checks every ball against every feature (test/sim/validate.test.ts compares the two). */
  useClearBox = true,
): SimError | null {
  const { length: L, width: W } = TABLE_DIMENSIONS[layout.table];
  const R = p.R;
  const box = useClearBox ? clearBox(geo, R) : null;
  let seen = 0;
  const bs = layout.balls;
  for (let k = 0; k < bs.length; k++) {
    const b = bs[k]!;
    if (!isBallId(b.id)) {
      return simError('E_SIM_UNKNOWN_BALL', `${fieldOf(k)}.id must be an integer 0..15`, {
        field: `${fieldOf(k)}.id`,
      });
    }
    if (seen & (1 << b.id)) {
      return simError('E_SIM_DUPLICATE_BALL', `ball ${b.id} is listed twice`, {
        ball: b.id,
        field: fieldOf(k),
      });
    }
    seen |= 1 << b.id;
    if (!Number.isFinite(b.x) || !Number.isFinite(b.y)) {
      return simError('E_SIM_BAD_BALL', `ball ${b.id} has a non-finite position`, {
        ball: b.id,
        field: fieldOf(k),
      });
    }
    const x = b.x - L / 2;
    const y = b.y - W / 2;
    if (box !== null && Math.abs(x) <= box.x && Math.abs(y) <= box.y) continue;
    const bad = checkOnSlate(b, k, x, y, geo, R, L, W);
    if (bad !== null) return bad;
  }
  for (let i = 0; i < bs.length; i++) {
    for (let j = i + 1; j < bs.length; j++) {
      const a = bs[i]!;
      const b = bs[j]!;
      const d2 = (a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y);
      const lim = 2 * R - OVERLAP_TOLERANCE;
      if (d2 < lim * lim) {
        return simError('E_SIM_OVERLAP', `balls ${a.id} and ${b.id} overlap`, {
          ball: b.id,
          field: fieldOf(j),
        });
      }
    }
  }
  return null;
}

/**
 * `checkLayout`'s test of one ball (k-th, at (x, y) in the internal frame)
 * outside the clear box against the cushions, jaws, jaw tips and holes. A
 * function of its own so that checkLayout's loop makes no closures: they
 * captured the loop's variables, which put a fresh context and boxed
 * doubles on the heap for every ball of every call.
 */
function checkOnSlate(
  b: BallPosition,
  k: number,
  x: number,
  y: number,
  geo: TableGeometry,
  R: number,
  L: number,
  W: number,
): SimError | null {
  const outside = () =>
    simError(
      'E_SIM_OUTSIDE_CUSHIONS',
      `ball ${b.id} at (${b.x}, ${b.y}) is not on the playing surface at least R from the cushions`,
      { ball: b.id, field: fieldOf(k) },
    );
  // A ball may also rest in a pocket's mouth past the cushion lines, on the
  // shelf short of the hole (a ball that rattled and stayed out, found in a
  // match): the jaw and hole checks below bound it there.
  const inMouth = geo.holes.some((h) => {
    const dx = x - h.x;
    const dy = y - h.y;
    // Within a ball's radius of the hole's edge, on the table's side of it.
    return dx * dx + dy * dy < (h.r + R) * (h.r + R) && dx * -h.x + dy * -h.y > 0;
  });
  if (!(Math.abs(x) < L / 2 && Math.abs(y) < W / 2) && !inMouth) return outside();
  for (const h of geo.holes) {
    if ((x - h.x) * (x - h.x) + (y - h.y) * (y - h.y) < h.r * h.r) {
      return simError(
        'E_SIM_IN_POCKET',
        `ball ${b.id} at (${b.x}, ${b.y}) is over pocket ${h.pocket}`,
        {
          ball: b.id,
          field: fieldOf(k),
        },
      );
    }
  }
  for (const s of geo.segments) {
    const rx = x - s.px;
    const ry = y - s.py;
    const lam = rx * s.ux + ry * s.uy;
    if (lam < 0 || lam > s.len) continue;
    const d = rx * s.nx + ry * s.ny;
    if (d < R - CUSHION_TOLERANCE && d > -2 * R) return outside();
  }
  for (const v of geo.vertices) {
    if (
      (x - v.x) * (x - v.x) + (y - v.y) * (y - v.y) <
      (R - CUSHION_TOLERANCE) * (R - CUSHION_TOLERANCE)
    )
      return outside();
  }
  return null;
}

/** Reads a shot: the one schema (ShotSchema, which states the ranges), then the tip offset a² + b². */
export function parseShot(x: unknown): Result<Shot, SimError> {
  const problem = firstProblem(ShotSchema, x, 'shot');
  if (problem !== null) return err(simProblem(problem, 'shot', x));
  const bad = checkShot(x as Shot);
  return bad === null ? ok(x as Shot) : err(bad);
}

const { V: V_RANGE, theta: THETA_RANGE, tip: TIP } = SHOT_LIMITS;

/**
 * Checks a typed shot against the ranges of ShotSchema (engine/shot.ts
 * SHOT_LIMITS; docs/physics.md "Accepted ranges") without the schema
 * machinery: `simulate` runs it on every call, the planner's hot path.
 */
export function checkShot(shot: Shot): SimError | null {
  const bad = (field: string, why: string) =>
    simError('E_SIM_BAD_SHOT', `shot.${field}: ${why}`, { field: `shot.${field}` });
  const { phi, V, a = 0, b = 0, theta = 0 } = shot;
  if (!Number.isFinite(phi)) return bad('phi', 'must be a finite number (degrees)');
  if (!(V >= V_RANGE.min && V <= V_RANGE.max))
    return bad('V', `must be a cue speed in [${V_RANGE.min}, ${V_RANGE.max}] m/s`);
  if (!(Math.abs(a) <= TIP)) return bad('a', `must be a fraction of R in [−${TIP}, ${TIP}]`);
  if (!(Math.abs(b) <= TIP)) return bad('b', `must be a fraction of R in [−${TIP}, ${TIP}]`);
  if (a * a + b * b > TIP * TIP)
    return bad(
      'b',
      `with a, must be a tip offset of at most ${TIP} R: a² + b² ≤ ${TIP}² (no miscue)`,
    );
  if (!(theta >= THETA_RANGE.min && theta <= THETA_RANGE.max))
    return bad(
      'theta',
      `must be an elevation in [${THETA_RANGE.min}, ${THETA_RANGE.max}] degrees (no massé)`,
    );
  return null;
}

/** The params that must be positive numbers, in the order their errors take precedence. */
function firstNotPositive(p: PhysicsParams): keyof PhysicsParams | null {
  // Field by field rather than a loop over a list of names: the list and its
  // keyed reads cost ~3 % of a small shot, and `simulate` checks every call.
  if (!isPositive(p.g)) return 'g';
  if (!isPositive(p.R)) return 'R';
  if (!isPositive(p.m)) return 'm';
  if (!isPositive(p.muSlide)) return 'muSlide';
  if (!isPositive(p.muRoll)) return 'muRoll';
  if (!isPositive(p.spinDecay)) return 'spinDecay';
  if (!isPositive(p.cueMass)) return 'cueMass';
  if (!isPositive(p.ballModulus)) return 'ballModulus';
  return null;
}

function isPositive(v: unknown): boolean {
  return typeof v === 'number' && v > 0 && Number.isFinite(v);
}

export function checkParams(p: PhysicsParams): SimError | null {
  const k = firstNotPositive(p);
  if (k !== null) {
    return simError('E_SIM_BAD_PARAMS', `params.${k} must be a positive number`, {
      field: `params.${k}`,
    });
  }
  const e = !isFraction(p.eBall)
    ? 'eBall'
    : !isFraction(p.eCushion)
      ? 'eCushion'
      : !isFraction(p.eTip)
        ? 'eTip'
        : null;
  if (e !== null) {
    return simError('E_SIM_BAD_PARAMS', `params.${e} must be in [0, 1]`, {
      field: `params.${e}`,
    });
  }
  if (!(p.ballPoisson >= 0 && p.ballPoisson < 0.5)) {
    return simError('E_SIM_BAD_PARAMS', 'params.ballPoisson must be in [0, 0.5)', {
      field: 'params.ballPoisson',
    });
  }
  if (!(p.cushionHeight >= 1 && p.cushionHeight < 2)) {
    return simError('E_SIM_BAD_PARAMS', 'params.cushionHeight must be in [1, 2) R', {
      field: 'params.cushionHeight',
    });
  }
  return null;
}

function isFraction(v: number): boolean {
  return v >= 0 && v <= 1;
}
