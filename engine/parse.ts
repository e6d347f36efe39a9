import { OBJECT_BALLS, otherGroup } from './ball.js';
import { type EngineError, engineError, engineProblem } from './errors.js';
import { err, ok, type Result } from './result.js';
import { isRulesPreset, PRESETS, type RuleOptions } from './rules.js';
import { type FrameState, FrameStateInputSchema } from './state.js';
import { firstProblem } from './validator.js';

/**
 * Parses untrusted JSON into a FrameState once, at the edge (docs/design.md:
 * parse, don't validate). First the shape, by the one wire schema
 * (FrameStateInputSchema: types, ranges, unknown fields); then what a schema
 * cannot say and the referee relies on — above all that the 15 object balls
 * are each in exactly one place: on the table, pocketed, or off the table
 * (R18, wpa).
 */
type Check<T> = Result<T, EngineError>;

const bad = (field: string, what: string): Check<never> =>
  err(engineError('E_BAD_STATE', `${field}: ${what}`, { field }));

type Input = Record<string, unknown>;

/** The shape is the schema's; these are the invariants across fields. */
function semantics(x: Input, field: string): Check<null> {
  const balls = x.balls as { id: number }[];
  for (let i = 1; i < balls.length; i++) {
    if (balls[i - 1]!.id === balls[i]!.id)
      return bad(`${field}.balls[${i}].id`, `ball ${balls[i]!.id} listed twice`);
    if (balls[i - 1]!.id > balls[i]!.id) return bad(`${field}.balls`, 'must be sorted by id');
  }
  const onTable = new Set(balls.map((b) => b.id));
  const pocketed = x.pocketed as number[];
  const offTable = x.offTable as number[];
  for (const id of OBJECT_BALLS) {
    const places =
      (onTable.has(id) ? 1 : 0) +
      pocketed.filter((b) => b === id).length +
      offTable.filter((b) => b === id).length;
    if (places !== 1)
      return bad(
        field,
        `ball ${id} is in ${places} places (table, pocketed, offTable); it must be in exactly one`,
      );
  }
  const groups = x.groups as [string, string] | null;
  if (groups !== null && groups[1] !== otherGroup(groups[0] as 'solids' | 'stripes'))
    return bad(`${field}.groups`, 'null or ["solids","stripes"] / ["stripes","solids"]');
  const res = x.result as { winner: number; loser: number } | null;
  if (res !== null && res.loser !== 1 - res.winner)
    return bad(`${field}.result.loser`, 'must be the player who did not win');
  if ((res !== null) !== (x.phase === 'over'))
    return bad(`${field}.result`, 'set exactly when phase is over');
  return ok(null);
}

function rulesOf(x: unknown): RuleOptions {
  if (isRulesPreset(x)) return PRESETS[x];
  const r = x as { preset: keyof typeof PRESETS };
  return { ...PRESETS[r.preset], ...(x as object) } as RuleOptions;
}

/** The state as the referee keeps it: shorthands expanded, `format` and `previous` set. */
function normalized(x: Input, previous: FrameState['previous']): FrameState {
  return { ...(x as unknown as FrameState), format: 'pool8/1', rules: rulesOf(x.rules), previous };
}

export function parseState(x: unknown, field = 'state'): Check<FrameState> {
  const problem = firstProblem(FrameStateInputSchema, x, field);
  if (problem !== null) return err(engineProblem(problem, 'E_BAD_STATE'));
  const s = x as Input;
  const own = semantics(s, field);
  if (!own.ok) return own;
  const prev = (s.previous ?? null) as Input | null;
  if (prev === null) return ok(normalized(s, null));
  const before = semantics(prev, `${field}.previous`);
  if (!before.ok) return before;
  const last = normalized(prev, null) as NonNullable<FrameState['previous']>;
  return ok(normalized(s, last));
}
