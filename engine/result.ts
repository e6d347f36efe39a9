/**
 * Expected failures are values, not exceptions (docs/design.md, chessops' `Result`).
 * Every error carries a stable code from its layer's registry and, where it
 * applies, the offending field or ball.
 */
export type Ok<T> = { readonly ok: true; readonly value: T };
export type Err<E> = { readonly ok: false; readonly error: E };
export type Result<T, E> = Ok<T> | Err<E>;

export const ok = <T>(value: T): Ok<T> => ({ ok: true, value });
export const err = <E>(error: E): Err<E> => ({ ok: false, error });
