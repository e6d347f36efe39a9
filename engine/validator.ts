import { type TSchema, TypeGuard } from '@sinclair/typebox';
import { type TypeCheck, TypeCompiler } from '@sinclair/typebox/compiler';
import { type ValueError, ValueErrorType } from '@sinclair/typebox/errors';
import { Value } from '@sinclair/typebox/value';

/**
 * The one validator every entry point shares (library, CLI, HTTP): a value
 * against a wire schema (engine/wireType.ts), answered by the first problem
 * with the dotted field it is in (`state.balls[3].x`). Each layer turns a
 * problem into its own coded error (engine/errors.ts, sim/errors.ts).
 */
export interface WireProblem {
  /** The offending field, as a dotted path under the root name (`shot.teta`). */
  readonly field: string;
  /** What is wrong, for a person: `unknown field`, `must be a number ≥ 0`. */
  readonly problem: string;
  /** The schema that failed (its `x-kind` tells a ball id from other integers). */
  readonly schema: TSchema;
  readonly value: unknown;
  readonly kind: 'unknown' | 'missing' | 'invalid';
}

/** A JSON-pointer path (`/balls/3/x`) as a dotted field under `root`. */
export function fieldOf(root: string, pointer: string): string {
  let out = root;
  for (const raw of pointer.split('/').slice(1)) {
    const whole = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    // A hostile key is named, not echoed: messages stay one short line.
    const key = whole.length > 40 ? `${whole.slice(0, 40)}…` : whole;
    if (/^\d+$/.test(whole)) out += `[${key}]`;
    else if (/^[A-Za-z_$][\w$]*$/.test(whole)) out += out === '' ? key : `.${key}`;
    else out += `[${JSON.stringify(key)}]`;
  }
  return out;
}

function at(value: unknown, pointer: string): unknown {
  let v = value;
  for (const raw of pointer.split('/').slice(1)) {
    if (typeof v !== 'object' || v === null) return undefined;
    v = (v as Record<string, unknown>)[raw.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return v;
}

const isPlainObject = (x: unknown) => typeof x === 'object' && x !== null && !Array.isArray(x);

/** Whether a schema takes values of the JSON kind of `value` at all (object, array, number…). */
function accepts(m: TSchema, value: unknown): boolean {
  if (TypeGuard.IsUnion(m)) return (m.anyOf as TSchema[]).some((n) => accepts(n, value));
  if (isPlainObject(value)) return TypeGuard.IsObject(m);
  if (Array.isArray(value)) return TypeGuard.IsArray(m) || TypeGuard.IsTuple(m);
  if (typeof value === 'number') return TypeGuard.IsNumber(m) || TypeGuard.IsInteger(m);
  if (typeof value === 'string')
    return TypeGuard.IsString(m) || (TypeGuard.IsLiteral(m) && typeof m.const === 'string');
  return false;
}

/** The member of a failed union the value meant to be, if one can be told. */
function memberOf(union: TSchema, value: unknown): number {
  const members = union.anyOf as TSchema[];
  const tag = union['x-discriminator'] as string | undefined;
  if (tag !== undefined && isPlainObject(value)) {
    const v = (value as Record<string, unknown>)[tag];
    return members.findIndex((m) => m.properties?.[tag]?.const === v);
  }
  // null-or-something: a non-null value meant the something.
  const candidates = members.map((m, i) => ({ m, i })).filter(({ m }) => accepts(m, value));
  return candidates.length === 1 ? candidates[0]!.i : -1;
}

function expected(schema: TSchema): string {
  if (typeof schema.description === 'string' && schema.description !== '')
    return schema.description;
  if (Array.isArray(schema.anyOf)) {
    const parts = (schema.anyOf as TSchema[]).map(expected);
    return parts.length <= 2 ? parts.join(' or ') : `one of ${parts.join(', ')}`;
  }
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (TypeGuard.IsNull(schema)) return 'null';
  if (TypeGuard.IsObject(schema)) return 'an object';
  if (TypeGuard.IsArray(schema)) return 'an array';
  if (TypeGuard.IsTuple(schema)) return `an array of ${schema.maxItems}`;
  if (TypeGuard.IsBoolean(schema)) return 'true or false';
  if (TypeGuard.IsString(schema)) return 'a string';
  if (TypeGuard.IsInteger(schema) || TypeGuard.IsNumber(schema)) {
    const what = TypeGuard.IsInteger(schema) ? 'an integer' : 'a finite number';
    const lo =
      schema.minimum !== undefined
        ? `≥ ${schema.minimum}`
        : schema.exclusiveMinimum !== undefined
          ? `> ${schema.exclusiveMinimum}`
          : '';
    const hi =
      schema.maximum !== undefined
        ? `≤ ${schema.maximum}`
        : schema.exclusiveMaximum !== undefined
          ? `< ${schema.exclusiveMaximum}`
          : '';
    const range = [lo, hi].filter(Boolean).join(' and ');
    return range ? `${what} ${range}` : what;
  }
  return 'a valid value';
}

function describe(e: ValueError, root: string, whole: unknown): WireProblem {
  if (e.type === ValueErrorType.Union) {
    const i = memberOf(e.schema, e.value);
    const inner = i >= 0 ? e.errors[i]?.First() : undefined;
    if (inner !== undefined) return describe(inner, root, whole);
    const tag = e.schema['x-discriminator'] as string | undefined;
    if (tag !== undefined && isPlainObject(e.value)) {
      const tags = (e.schema.anyOf as TSchema[]).map((m) =>
        JSON.stringify(m.properties?.[tag]?.const),
      );
      const v = (e.value as Record<string, unknown>)[tag];
      return {
        field: fieldOf(root, `${e.path}/${tag}`),
        problem:
          v === undefined
            ? `missing (one of ${tags.join(', ')})`
            : `must be one of ${tags.join(', ')}`,
        schema: e.schema,
        value: v,
        kind: v === undefined ? 'missing' : 'invalid',
      };
    }
  }
  const field = fieldOf(root, e.path);
  if (e.type === ValueErrorType.ObjectAdditionalProperties) {
    return { field, problem: 'unknown field', schema: e.schema, value: e.value, kind: 'unknown' };
  }
  if (e.type === ValueErrorType.ObjectRequiredProperty) {
    return {
      field,
      problem: `missing (${expected(e.schema)})`,
      schema: e.schema,
      value: undefined,
      kind: 'missing',
    };
  }
  if (e.type === ValueErrorType.ArrayMinItems || e.type === ValueErrorType.ArrayMaxItems) {
    const n = e.type === ValueErrorType.ArrayMinItems ? e.schema.minItems : e.schema.maxItems;
    const count = Array.isArray(e.value) ? e.value.length : 0;
    return {
      field,
      problem: `must have ${e.type === ValueErrorType.ArrayMinItems ? 'at least' : 'at most'} ${n} item${n === 1 ? '' : 's'}, has ${count}`,
      schema: e.schema,
      value: e.value,
      kind: 'invalid',
    };
  }
  const shown = at(whole, e.path);
  const got =
    typeof shown === 'number' || typeof shown === 'boolean' || shown === null
      ? String(shown)
      : typeof shown === 'string'
        ? JSON.stringify(shown.length > 40 ? `${shown.slice(0, 40)}…` : shown)
        : Array.isArray(shown)
          ? 'an array'
          : typeof shown === 'object'
            ? 'an object'
            : String(shown);
  return {
    field,
    problem: `must be ${expected(e.schema)}, got ${got}`,
    schema: e.schema,
    value: e.value,
    kind: 'invalid',
  };
}

/**
 * Compiled once per schema: the referee checks every simulated shot's log
 * inside the planner, where an interpreted check would be measurable.
 */
const compiled = new WeakMap<TSchema, TypeCheck<TSchema>>();

function checkerOf(schema: TSchema): TypeCheck<TSchema> {
  let c = compiled.get(schema);
  if (c === undefined) {
    c = TypeCompiler.Compile(schema);
    compiled.set(schema, c);
  }
  return c;
}

/** The first problem of `value` against `schema`, or null when it conforms. */
export function firstProblem(schema: TSchema, value: unknown, root: string): WireProblem | null {
  if (checkerOf(schema).Check(value)) return null;
  const first = Value.Errors(schema, value).First();
  if (first === undefined)
    return { field: root, problem: 'is invalid', schema, value, kind: 'invalid' };
  return describe(first, root, value);
}

/** The problem as one line: `shot.teta: unknown field`. */
export const problemText = (p: WireProblem): string => `${p.field}: ${p.problem}`;
