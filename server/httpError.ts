/**
 * An answer that is not a success: the HTTP status, a stable code (the
 * library's `E_…` codes, or the server's own), the message and, where one
 * applies, the offending field. Sent as `{ "error": { code, message, field? } }`,
 * with what goes with it beside `error` (a refused rack check: `rack`).
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
    readonly headers: Readonly<Record<string, string>> = {},
    readonly extra: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }

  /** The JSON body of the answer. */
  body(): { error: { code: string; message: string; field?: string } } {
    return {
      ...this.extra,
      error: {
        code: this.code,
        message: this.message,
        ...(this.field !== undefined ? { field: this.field } : {}),
      },
    };
  }
}

/** A refused input (400) from a library error `{ code, message, field? }`. */
export function refused(e: { code: string; message: string; field?: string }): HttpError {
  return new HttpError(400, e.code, e.message, e.field);
}
