import { type Static, type TSchema, Type } from '@sinclair/typebox';

/**
 * Building blocks of the wire schemas (docs/wire.md). Every wire type is
 * defined once as a TypeBox schema; its TypeScript type is derived from it
 * (`Wire<typeof Schema>`), the runtime check is `firstProblem` (engine/validator.ts),
 * and `schemas/*.json` are the same objects written out.
 *
 * TypeBox rather than zod: its schemas *are* JSON Schema (draft 2020-12
 * compatible), so the files the HTTP API publishes need no converter, and
 * fastify validates with them directly.
 */

/** A derived wire type, read-only all the way down: values are shared, never mutated. */
export type DeepReadonly<T> = T extends (...args: never[]) => unknown
  ? T
  : T extends object
    ? { readonly [K in keyof T]: DeepReadonly<T[K]> }
    : T;

/** The TypeScript type of a wire schema. */
export type Wire<S extends TSchema> = DeepReadonly<Static<S>>;

/**
 * A closed object: unknown fields are refused, so a misspelt field
 * (`teta` for `theta`) is an error that names it, not a silent default.
 */
export function closed<P extends Record<string, TSchema>>(
  properties: P,
  options: { description?: string; $id?: string; title?: string } = {},
) {
  return Type.Object(properties, { ...options, additionalProperties: false });
}

/** One of a fixed list of strings. */
export function oneOf<const V extends readonly string[]>(values: V, description?: string) {
  return Type.Unsafe<V[number]>(
    Type.Union(
      values.map((v) => Type.Literal(v)),
      description === undefined ? {} : { description },
    ),
  );
}

/** A whole number ≥ 0. */
export const CountSchema = Type.Integer({ minimum: 0 });

/**
 * Tag a tagged union with the field that tells its members apart, so the
 * validator reports the first problem of the member the value meant to be
 * (`events[3].ball: missing`), not "matches no member".
 */
export function tagged<T extends TSchema[]>(tag: string, members: [...T], description?: string) {
  return Type.Union(members, { 'x-discriminator': tag, ...(description ? { description } : {}) });
}
