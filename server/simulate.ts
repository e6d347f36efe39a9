import { simulateDocument as simulated } from '../cli/commands/sim.js';
import type { SimOutcome } from '../sim/index.js';
import { refused } from './httpError.js';

/** POST /v1/simulate: `pool8 sim` as a request (schemas/SimInput.json, already checked), by the CLI's own function. */
export function simulateDocument(doc: Record<string, unknown>, trace: boolean): SimOutcome {
  const r = simulated(doc, trace);
  if (!r.ok) throw refused(r.error);
  return r.value;
}
