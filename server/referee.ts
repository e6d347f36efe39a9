import { actionOf } from '../cli/commands/referee.js';
import { CliError } from '../cli/io.js';
import { apply, legalTargets, parseState } from '../engine/index.js';
import { HttpError, refused } from './httpError.js';

/**
 * POST /v1/referee: `pool8 referee` as a request (schemas/RefereeInput.json,
 * already checked): `{ state, action… }` answers `{ state, verdict }`, a bare
 * state `{ state, targets }`.
 */
export function refereeDocument(doc: Record<string, unknown>): Record<string, unknown> {
  const request = 'state' in doc ? doc : null;
  const parsed = parseState(request ? doc.state : doc);
  if (!parsed.ok) throw refused(parsed.error);
  let action: ReturnType<typeof actionOf>;
  try {
    action = request === null ? null : actionOf(request);
  } catch (e) {
    if (e instanceof CliError) throw new HttpError(400, e.code, e.message);
    throw e;
  }
  if (action === null) return { state: parsed.value, targets: legalTargets(parsed.value) };
  const r = apply(parsed.value, action);
  if (!r.ok) throw refused(r.error);
  return { state: r.value.state, verdict: r.value.verdict };
}
