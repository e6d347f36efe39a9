import { type RefereeOutput, refereeInput } from '../cli/commands/referee.js';
import { documentError } from './problems.js';

/**
 * POST /v1/referee: `pool8 referee` as a request (schemas/RefereeInput.json),
 * by the CLI's own function: `{ state, action… }` answers `{ state, verdict }`,
 * `{ match, action… }` `{ match, state, verdict }`, `{ rack }` the R3 check
 * `{ rack }`, a bare state or match what the next player may do (`targets`).
 * A refusal is 400 with the CLI's code and field.
 */
export function refereeDocument(doc: unknown): RefereeOutput {
  try {
    return refereeInput(doc);
  } catch (e) {
    throw documentError(e);
  }
}
