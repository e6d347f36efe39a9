import type { TSchema } from '@sinclair/typebox';
import { RefereeRequestSchema, SimInputSchema, SuggestLayoutSchema } from '../cli/documents.js';
import { actionPartProblem, engineProblem } from '../engine/errors.js';
import { FrameStateInputSchema } from '../engine/state.js';
import { firstProblem, problemText, type WireProblem } from '../engine/validator.js';
import { closed } from '../engine/wireType.js';
import { simProblem } from '../sim/validate.js';
import { HttpError, refused } from './httpError.js';
import { ActionRequestSchema, BotMoveRequestSchema, NewGameSchema } from './schemas.js';

/**
 * A refused request body as the stable code and field, the same codes the
 * CLI gives for the same document (cli/documents.ts): fastify's validator
 * says that a body does not conform, the package's validator
 * (engine/validator.ts) says where and why. Every function returns null
 * when the body conforms.
 */
export type BodyCheck = (body: unknown) => HttpError | null;

const isObject = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x);

/** A problem at the top of a document is the server's; deeper ones are the core's. */
const topLevel = (p: WireProblem) => p.kind === 'unknown' && !/[.[]/.test(p.field);

function check(
  schema: TSchema,
  doc: unknown,
  root: string,
  core: (p: WireProblem) => { code: string; message: string; field?: string },
): HttpError | null {
  const p = firstProblem(schema, doc, root);
  if (p === null) return null;
  if (topLevel(p)) return new HttpError(400, 'E_INPUT_UNKNOWN_FIELD', problemText(p), p.field);
  return refused(core(p));
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
  check(NewGameSchema, body, '', server('E_INPUT_BAD_GAME'));

export const checkActionRequest: BodyCheck = (body) => {
  const bad = notObject(body, '{ "action": …, "version"?: … }');
  if (bad) return bad;
  const action = (body as Record<string, unknown>).action;
  const stroke = isObject(action) && action.type === 'stroke';
  return check(ActionRequestSchema, body, '', (p) => {
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
      check(BotMoveRequestSchema, body, '', (p) =>
        server(p.field === 'version' ? 'E_INPUT_BAD_VERSION' : 'E_INPUT_BAD_OPTION')(p),
      ));

export const checkSim: BodyCheck = (body) => {
  const bad = notObject(body, '{ "layout": …, "shot": … }');
  if (bad) return bad;
  const d = body as Record<string, unknown>;
  return check(SimInputSchema, d, '', (p) =>
    simProblem(p, p.field.startsWith('shot') || p.field === '' ? 'shot' : 'layout', d.layout),
  );
};

export const checkReferee: BodyCheck = (body) => {
  const bad = notObject(body, '{ "state": …, … } or a state');
  if (bad) return bad;
  const d = body as Record<string, unknown>;
  if (!('state' in d))
    return check(FrameStateInputSchema, d, 'state', (p) => engineProblem(p, 'E_BAD_STATE'));
  return check(RefereeRequestSchema, d, '', actionPartProblem);
};

const StateDocSchema = closed({
  state: FrameStateInputSchema,
  about: SuggestLayoutSchema.properties.about,
  expect: SuggestLayoutSchema.properties.expect,
  verdict: RefereeRequestSchema.properties.verdict,
  targets: RefereeRequestSchema.properties.targets,
});

export const checkSuggest: BodyCheck = (body) => {
  const bad = notObject(body, '{ "state": … }, { "layout": … } or a state');
  if (bad) return bad;
  const d = body as Record<string, unknown>;
  if ('layout' in d)
    return check(SuggestLayoutSchema, d, '', (p) =>
      p.field.startsWith('layout')
        ? simProblem(p, 'layout', d.layout)
        : engineProblem(p, 'E_BAD_STATE'),
    );
  if ('state' in d) return check(StateDocSchema, d, '', (p) => engineProblem(p, 'E_BAD_STATE'));
  return check(FrameStateInputSchema, d, 'state', (p) => engineProblem(p, 'E_BAD_STATE'));
};
