import { type TSchema, Type } from '@sinclair/typebox';
import { LEVEL_NAMES } from '../ai/levels.js';
import { SuggestionSchema, SuggestionsSchema } from '../ai/suggestion.js';
import { PUBLISHED_SCHEMAS } from '../cli/publishedSchemas.js';
import { BallIdSchema, GroupSchema } from '../engine/ball.js';
import { CallSchema } from '../engine/call.js';
import { FOULS } from '../engine/foul.js';
import { LayoutSchema } from '../engine/layout.js';
import { MatchStateSchema } from '../engine/match.js';
import { RackCheckSchema } from '../engine/rackCheck.js';
import { ActionSchema } from '../engine/referee.js';
import { RulesPresetSchema } from '../engine/rules.js';
import { ShotSchema } from '../engine/shot.js';
import { ShotEventsSchema } from '../engine/shotEvent.js';
import {
  BallInHandSchema,
  DecisionOptionSchema,
  FrameResultSchema,
  FrameStateSchema,
  PendingDecisionSchema,
  PlayerIdSchema,
  TableBallSchema,
} from '../engine/state.js';
import { PocketIdSchema, TableSizeSchema } from '../engine/table.js';
import { CountSchema, closed, oneOf, tagged } from '../engine/wireType.js';
import { STRATEGIES } from '../play/game.js';
import { GameRecordSchema } from '../play/record.js';

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

export const ListGamesQuerySchema = closed({
  limit: Type.Optional(digits('games per page (1–100, default 20)')),
  before: Type.Optional(
    Type.String({
      pattern: '^[A-Za-z0-9_-]{1,400}$',
      description: 'the `next` cursor of the previous page',
    }),
  ),
});

export const GameParamsSchema = closed({
  id: Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$', description: 'a game id' }),
});

/*
 * The answers (docs/server.md), for the OpenAPI document: the package's
 * wire schemas where the answer is one (FrameState, MatchState, Layout,
 * RackCheck, Suggestions, GameRecord), and TypeBox schemas here for the
 * rest. They document; the answers are serialized by JSON.stringify
 * (server/app.ts), so a field a schema left out would still be sent.
 */

/** Every refusal: `{ error: { code, message, field? } }`. */
export const ErrorSchema = closed(
  {
    error: closed({
      code: Type.String({ description: 'a stable code: E_…' }),
      message: Type.String(),
      field: Type.Optional(Type.String({ description: 'the offending field, dotted' })),
    }),
    rack: Type.Optional(RackCheckSchema),
  },
  {
    $id: 'Error',
    description:
      'a refusal: its stable code, a message and the field (a rack refused by R3: the check, `rack`, beside it)',
  },
);

const nullable = (s: TSchema) => Type.Union([s, Type.Null()]);

/** The referee's ruling on one action (engine/verdict.ts Verdict). */
export const VerdictSchema = closed(
  {
    kind: oneOf(
      [
        'continue',
        'turnOver',
        'foul',
        'decision',
        'frameOver',
        'rerack',
        'stalemate',
        'decided',
        'racked',
        'newFrame',
      ] as const,
      'what the referee decided',
    ),
    player: PlayerIdSchema,
    fouls: Type.Array(oneOf(Object.keys(FOULS) as [string, ...string[]], 'a foul code')),
    credited: Type.Array(BallIdSchema),
    stayDown: Type.Array(BallIdSchema),
    respotted: Type.Array(TableBallSchema),
    nextPlayer: nullable(PlayerIdSchema),
    ballInHand: nullable(BallInHandSchema),
    groups: nullable(Type.Tuple([GroupSchema, GroupSchema])),
    groupsDecided: Type.Boolean(),
    pending: nullable(PendingDecisionSchema),
    frame: nullable(FrameResultSchema),
    rules: Type.Array(Type.String(), { description: 'the rules that decided it: R1–R21' }),
  },
  { $id: 'Verdict', description: "the referee's ruling on one action (docs/wire.md)" },
);

/** What the player to move may do next (engine/targets.ts LegalTargets). */
export const LegalTargetsSchema = closed(
  {
    player: PlayerIdSchema,
    action: oneOf(['break', 'shot', 'decide', 'none'] as const, 'break, shot, decide or none'),
    callable: Type.Array(BallIdSchema),
    pockets: Type.Array(PocketIdSchema),
    firstContact: Type.Array(BallIdSchema),
    noDirectShot: Type.Array(BallIdSchema),
    ballInHand: nullable(BallInHandSchema),
    options: Type.Array(DecisionOptionSchema),
    safetyAllowed: Type.Boolean(),
    stalemateAvailable: Type.Boolean(),
  },
  { $id: 'LegalTargets', description: 'what the player to move may do next' },
);

/** `pool8 referee`'s answer: by what the document was about. */
export const RefereeOutputSchema = Type.Union(
  [
    closed({ state: FrameStateSchema, verdict: VerdictSchema }),
    closed({ state: FrameStateSchema, targets: LegalTargetsSchema }),
    closed({ match: MatchStateSchema, state: FrameStateSchema, verdict: VerdictSchema }),
    closed({ match: MatchStateSchema, state: FrameStateSchema, targets: LegalTargetsSchema }),
    closed({ rack: RackCheckSchema }),
  ],
  {
    description:
      '{ state, verdict }, { state, targets } (a bare state), { match, state, verdict | targets } (a match), { rack } (a rack check)',
  },
);

/** `pool8 sim`'s answer (sim/simulate.ts SimOutcome). */
export const SimOutcomeSchema = closed(
  {
    events: ShotEventsSchema,
    layout: LayoutSchema,
    trace: Type.Optional(
      Type.Record(
        Type.String(),
        Type.Array(Type.Array(Type.Number(), { minItems: 5, maxItems: 5 })),
        { description: 'per ball: samples [t, x, y, vx, vy] (trace=true)' },
      ),
    ),
  },
  { description: 'the events of the shot and the final layout' },
);

export const HealthSchema = closed({
  ok: Type.Literal(true),
  threads: CountSchema,
  planner: closed({
    active: CountSchema,
    queued: CountSchema,
    concurrency: CountSchema,
    capacity: CountSchema,
  }),
});

/** A seat as stored: its strategy and budget filled in. */
const StoredSeatSchema = closed({
  level: oneOf(LEVEL_NAMES, LEVEL_NAMES.join(', ')),
  bot: Type.Boolean(),
  strategy: oneOf(STRATEGIES, STRATEGIES.join(', ')),
  budget: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
});

export const GameSetupSchema = closed(
  {
    rules: RulesPresetSchema,
    table: TableSizeSchema,
    seed: Type.Integer(),
    breaker: PlayerIdSchema,
    seats: Type.Tuple([StoredSeatSchema, StoredSeatSchema]),
  },
  { $id: 'GameSetup', description: "a game's setup: rules, table, seed, breaker, seats" },
);

const ActionKindSchema = oneOf(
  [
    'stroke',
    'events',
    ...(ActionSchema.anyOf as TSchema[])
      .map((m) => m.properties.type.const as string)
      .filter((t) => t !== 'shot'),
  ] as [string, ...string[]],
  'how the action came in: stroke (simulated), events (reported), or the referee action',
);

/** The record entry of an action, as in a game record (play/record.ts). */
const ShotEntrySchema = GameRecordSchema.properties.frames.items.properties.shots.items;

const StoredActionSchema = closed({
  n: CountSchema,
  version: Type.Integer({ minimum: 2 }),
  by: oneOf(['human', 'bot'] as const, 'human or bot'),
  kind: ActionKindSchema,
  entry: ShotEntrySchema,
  verdict: VerdictSchema,
  events: Type.Optional(ShotEventsSchema),
});

export const GameViewSchema = closed(
  {
    id: Type.String(),
    version: Type.Integer({ minimum: 1 }),
    setup: GameSetupSchema,
    state: FrameStateSchema,
    result: nullable(FrameResultSchema),
    actions: Type.Optional(Type.Array(StoredActionSchema)),
  },
  { description: 'a game: its setup, state and version (GET: every action so far)' },
);

/** An ISO 8601 time, as `Date#toISOString` writes it. */
const timestamp = (description: string) => Type.String({ description });

/** A game in the list of games: no balls, the few fields of its state a list shows. */
export const GameSummarySchema = closed(
  {
    id: Type.String(),
    version: Type.Integer({ minimum: 1 }),
    created: timestamp('when the game was created, ISO 8601'),
    updated: timestamp(
      'when it was last changed (created, or its last action committed), ISO 8601',
    ),
    setup: GameSetupSchema,
    phase: FrameStateSchema.properties.phase,
    result: nullable(FrameResultSchema),
    shotCount: CountSchema,
    turn: PlayerIdSchema,
  },
  { $id: 'GameSummary', description: 'a game in a list: its setup, phase, result and turn' },
);

export const GameListSchema = closed(
  {
    games: Type.Array(GameSummarySchema),
    next: Type.Union([Type.String(), Type.Null()], {
      description: 'the cursor of the next page (`before`), null on the last',
    }),
  },
  { description: 'a page of games, newest first by `updated`' },
);

/**
 * One action of a replay: as in GameView's actions, without the version
 * (n + 2), with the state after it.
 */
const PositionedActionSchema = (() => {
  const { n, by, kind, entry, verdict, events } = StoredActionSchema.properties;
  return closed({ n, by, kind, entry, verdict, events, state: FrameStateSchema });
})();

export const PositionsSchema = closed(
  {
    id: Type.String(),
    version: Type.Integer({ minimum: 1 }),
    initial: FrameStateSchema,
    actions: Type.Array(PositionedActionSchema, {
      description: 'per action n, the state after it; the state before it is the previous one',
    }),
  },
  {
    description:
      'every position of the game: the frame as racked, then the state after each action',
  },
);

const actionAnswerFields = {
  id: Type.String(),
  version: Type.Integer({ minimum: 2 }),
  by: oneOf(['human', 'bot'] as const, 'human or bot'),
  kind: ActionKindSchema,
  verdict: VerdictSchema,
  events: Type.Optional(ShotEventsSchema),
  executed: Type.Optional(ShotSchema),
  state: FrameStateSchema,
  result: nullable(FrameResultSchema),
};

export const ActionAnswerSchema = closed(actionAnswerFields, {
  description: 'the action applied: the verdict, the events and the state after it',
});

export const BotAnswerSchema = closed(
  {
    ...actionAnswerFields,
    move: SuggestionsSchema.properties.decision,
    reason: Type.String(),
    alternatives: Type.Array(SuggestionSchema),
    thinkMs: Type.Number({ minimum: 0 }),
  },
  { description: "the bot's move applied, its reason and the top alternatives" },
);

/** The refusals a route may answer, each `{ error }`. */
export function errors(...statuses: number[]): Record<number, TSchema> {
  return Object.fromEntries(statuses.map((s) => [s, ErrorSchema]));
}

/**
 * The published schemas other schemas embed: fastify holds each once
 * (`addSchema`) and the routes refer to them by `$ref`, so Ajv compiles
 * each once (startup time) and the OpenAPI document lists them as
 * components. Told by identity: the wire schemas embed these very objects.
 */
export const SHARED_SCHEMAS: readonly (readonly [string, TSchema])[] = [
  ...[
    'FrameStateInput',
    'Action',
    'ShotEvents',
    'ShotEvent',
    'LayoutInput',
    'Shot',
    'Call',
    'RuleOptions',
    'FrameState',
    'MatchState',
    'Layout',
    'RackCheck',
    'Suggestion',
    'Suggestions',
    'GameRecord',
  ].map((name) => [name, PUBLISHED_SCHEMAS[name]!] as const),
  ['Error', ErrorSchema],
  ['Verdict', VerdictSchema],
  ['LegalTargets', LegalTargetsSchema],
  ['GameSetup', GameSetupSchema],
  ['GameSummary', GameSummarySchema],
];
const shared = new Map<unknown, string>(SHARED_SCHEMAS.map(([name, schema]) => [schema, name]));

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

/** A schema for a route: a shared one as a `$ref` to it, another written out (jsonSchema). */
export function refOrJson(schema: TSchema): Record<string, unknown> {
  const name = shared.get(schema);
  return name === undefined
    ? jsonSchema(schema)
    : { $ref: `${name}#`, ...(schema.description ? { description: schema.description } : {}) };
}
