import type { TSchema } from '@sinclair/typebox';
import {
  checkDocument,
  type DocumentProblem,
  InputError,
  Rejection,
  readRefereeInput,
  readSimInput,
  readSuggestInput,
} from '../cli/documents.js';
import { CliError } from '../cli/io.js';
import { actionPartProblem, engineProblem } from '../engine/errors.js';
import { problemText, type WireProblem } from '../engine/validator.js';
import { simProblem } from '../sim/validate.js';
import { HttpError } from './httpError.js';
import { ActionRequestSchema, BotMoveRequestSchema, NewGameSchema } from './schemas.js';

/**
 * A refused request body as the stable code and field, the codes the CLI
 * gives for the same document: the CLI's own readers (cli/documents.ts) for
 * the CLI's documents, the same `checkDocument` for the server's own
 * (NewGame, ActionRequest, BotMoveRequest). Fastify's validator says that
 * a body does not conform, the package's validator (engine/validator.ts)
 * says where and why. Every function returns null when the body conforms.
 */
export type BodyCheck = (body: unknown) => HttpError | null;

/** A refusal of the CLI's readers as a 400: the code, the message and the field. */
export function documentError(e: unknown): unknown {
  if (e instanceof Rejection) return new HttpError(400, e.code, e.message, e.field, {}, e.also);
  if (e instanceof InputError) return new HttpError(400, e.code, e.message, e.field);
  if (e instanceof CliError) return new HttpError(400, e.code, e.message);
  return e;
}

/** `read` as a BodyCheck: its refusal, or null. */
function refusalOf(read: () => unknown): HttpError | null {
  try {
    read();
    return null;
  } catch (e) {
    const mapped = documentError(e);
    if (mapped instanceof HttpError) return mapped;
    throw e;
  }
}

const isObject = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x);

function check(
  schema: TSchema,
  doc: unknown,
  core: (p: WireProblem) => DocumentProblem,
): HttpError | null {
  return refusalOf(() => checkDocument(schema, doc, '', core));
}

function notObject(body: unknown, what: string): HttpError | null {
  return isObject(body)
    ? null
    : new HttpError(400, 'E_INPUT_NOT_OBJECT', `the body must be a JSON object ${what}`);
}

const server = (code: string) => (p: WireProblem) => ({
  code,
  message: problemText(p),
  field: p.field,
});

export const checkNewGame: BodyCheck = (body) =>
  notObject(body, '{ rules?, table?, seed?, breaker?, seats? }') ??
  check(NewGameSchema, body, server('E_INPUT_BAD_GAME'));

export const checkActionRequest: BodyCheck = (body) => {
  const bad = notObject(body, '{ "action": …, "version"?: … }');
  if (bad) return bad;
  const action = (body as Record<string, unknown>).action;
  const stroke = isObject(action) && action.type === 'stroke';
  return check(ActionRequestSchema, body, (p) => {
    if (p.field === 'version') return server('E_INPUT_BAD_VERSION')(p);
    if (!stroke) return actionPartProblem(p);
    if (p.field.startsWith('action.shot')) return simProblem(p, 'shot', action);
    if (p.field.startsWith('action.call')) return engineProblem(p, 'E_BAD_CALL');
    return engineProblem(p, 'E_BAD_ACTION');
  });
};

export const checkBotMove: BodyCheck = (body) =>
  body === undefined || body === null
    ? null
    : (notObject(body, '{ version?, timeLimitMs?, top? }') ??
      check(BotMoveRequestSchema, body, (p) =>
        server(p.field === 'version' ? 'E_INPUT_BAD_VERSION' : 'E_INPUT_BAD_OPTION')(p),
      ));

/** `pool8 sim`, `pool8 referee`, `pool8 suggest`: the CLI's readers themselves. */
export const checkSim: BodyCheck = (body) => refusalOf(() => readSimInput(body));
export const checkReferee: BodyCheck = (body) => refusalOf(() => readRefereeInput(body));
export const checkSuggest: BodyCheck = (body) => refusalOf(() => readSuggestInput(body));
