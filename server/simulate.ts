import { parseLayout, parseShot, type SimOutcome, simulate } from '../sim/index.js';
import { refused } from './httpError.js';

/** POST /v1/simulate: `pool8 sim` as a request (schemas/SimInput.json, already checked). */
export function simulateDocument(doc: Record<string, unknown>, trace: boolean): SimOutcome {
  const layout = parseLayout(doc.layout);
  if (!layout.ok) throw refused(layout.error);
  const shot = parseShot(doc.shot);
  if (!shot.ok) throw refused(shot.error);
  const r = simulate(layout.value, shot.value, undefined, { trace });
  if (!r.ok) throw refused(r.error);
  return r.value;
}
