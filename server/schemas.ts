import { type TSchema, Type } from '@sinclair/typebox';
import { LEVEL_NAMES } from '../ai/levels.js';
import { PUBLISHED_SCHEMAS } from '../cli/publishedSchemas.js';
import { CallSchema } from '../engine/call.js';
import { ActionSchema } from '../engine/referee.js';
import { RulesPresetSchema } from '../engine/rules.js';
import { ShotSchema } from '../engine/shot.js';
import { PlayerIdSchema } from '../engine/state.js';
import { TableSizeSchema } from '../engine/table.js';
import { closed, oneOf, tagged } from '../engine/wireType.js';
import { STRATEGIES } from '../play/game.js';

/**
 * The server's own request documents (docs/server.md), built from the
 * package's wire schemas: a stroke is the library's `Stroke` (api/move.ts),
 * an action anything the referee takes (schemas/Action.json). Fastify
 * validates with these very objects, written out as JSON Schema by
 * `jsonSchema`; on a refusal the same schema gives the first problem with
 * its dotted field (engine/validator.ts) and the stable code.
 */
const PointSchema = closed({ x: Type.Number(), y: Type.Number() });

export const SeatSchema = closed(
  {
    level: oneOf(LEVEL_NAMES, LEVEL_NAMES.join(', ')),
    bot: Type.Boolean({ description: 'true: the bot plays this seat (bot-move)' }),
    strategy: Type.Optional(oneOf(STRATEGIES, STRATEGIES.join(', '))),
    budget: Type.Optional(
      Type.Record(Type.String(), Type.Unknown(), {
        description: "the planner's budget over the level's (ai/budget.ts)",
      }),
    ),
  },
  { description: 'a seat: its level and whether the bot plays it' },
);

export const NewGameSchema = closed(
  {
    rules: Type.Optional(RulesPresetSchema),
    table: Type.Optional(TableSizeSchema),
    seed: Type.Optional(
      Type.Integer({
        minimum: -(2 ** 31),
        maximum: 2 ** 32 - 1,
        description: 'fixes the rack and the bot (an integer)',
      }),
    ),
    breaker: Type.Optional(PlayerIdSchema),
    seats: Type.Optional(Type.Tuple([SeatSchema, SeatSchema])),
  },
  { $id: 'NewGame', description: 'a new frame: rules, table, seed, breaker and the two seats' },
);

export const StrokeSchema = closed(
  {
    type: Type.Literal('stroke'),
    call: Type.Optional(Type.Union([CallSchema, Type.Null()])),
    shot: ShotSchema,
    placement: Type.Optional(Type.Union([PointSchema, Type.Null()])),
  },
  { description: 'a stroke the server simulates and referees' },
);

/** A human's action: a stroke to simulate, or any action of the referee. */
export const GameActionSchema = tagged(
  'type',
  [StrokeSchema, ...(ActionSchema.anyOf as TSchema[])],
  'an action: stroke, shot (observed events), decide, stalemate or correct',
);

const VersionSchema = Type.Integer({
  minimum: 1,
  description: "the game's version the action applies to (or If-Match)",
});

export const ActionRequestSchema = closed(
  { version: Type.Optional(VersionSchema), action: GameActionSchema },
  { $id: 'ActionRequest', description: "a human's action on a game" },
);

export const BotMoveRequestSchema = closed(
  {
    version: Type.Optional(VersionSchema),
    timeLimitMs: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 600_000, description: 'stop thinking after this' }),
    ),
    top: Type.Optional(
      Type.Integer({ minimum: 0, maximum: 50, description: 'alternatives to return (default 5)' }),
    ),
  },
  { $id: 'BotMoveRequest', description: 'ask the bot to play its turn' },
);

/** Query strings are strings: the numbers are checked by pattern, then read. */
const digits = (description: string) => Type.String({ pattern: '^-?[0-9]{1,10}$', description });

export const SuggestQuerySchema = closed({
  level: Type.Optional(oneOf(LEVEL_NAMES, LEVEL_NAMES.join(', '))),
  top: Type.Optional(digits('how many suggestions (1–50, default 5)')),
  seed: Type.Optional(digits('seed of the sampling (default 1)')),
  timeLimitMs: Type.Optional(digits('stop the second round after this many ms')),
});

export const SimulateQuerySchema = closed({
  trace: Type.Optional(oneOf(['true', 'false', '1', '0'] as const, 'true or false')),
});

export const GameParamsSchema = closed({
  id: Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$', description: 'a game id' }),
});

/**
 * The published schemas other schemas embed: fastify holds each once
 * (`addSchema`) and the routes refer to them by `$ref`, so Ajv compiles
 * each once (startup time) and the OpenAPI document lists them as
 * components. Told by identity: the wire schemas embed these very objects.
 */
export const SHARED_SCHEMAS = [
  'FrameStateInput',
  'Action',
  'ShotEvents',
  'ShotEvent',
  'LayoutInput',
  'Shot',
  'Call',
  'RuleOptions',
] as const;
const shared = new Map<unknown, string>(
  SHARED_SCHEMAS.map((name) => [PUBLISHED_SCHEMAS[name], name]),
);

/**
 * A TypeBox schema as plain JSON Schema for fastify and the OpenAPI
 * document: without TypeBox's symbols, an embedded shared schema as a
 * `$ref` to it, and no nested `$id` (Ajv refuses an `$id` twice).
 */
export function jsonSchema(schema: TSchema, id?: string): Record<string, unknown> {
  const strip = (v: unknown, root: boolean): unknown => {
    if (Array.isArray(v)) return v.map((x) => strip(x, false));
    if (typeof v !== 'object' || v === null) return v;
    const name = shared.get(v);
    if (!root && name !== undefined) return { $ref: `${name}#` };
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) if (k !== '$id') out[k] = strip(x, false);
    return out;
  };
  const body = strip(schema, true) as Record<string, unknown>;
  return id === undefined ? body : { $id: id, ...body };
}
