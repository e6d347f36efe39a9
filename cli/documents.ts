import { type TSchema, Type } from '@sinclair/typebox';
import { shotReportFields } from '../engine/adjudicate.js';
import { GroupSchema, OBJECT_BALLS } from '../engine/ball.js';
import { engineProblem } from '../engine/errors.js';
import { foulReportFields } from '../engine/foulBeforeStroke.js';
import { LayoutInputSchema } from '../engine/layout.js';
import { MatchActionSchema, MatchStateInputSchema } from '../engine/match.js';
import { parseState } from '../engine/parse.js';
import { RackBallSchema, RackInputSchema } from '../engine/rackCheck.js';
import { ActionSchema, actionProblem } from '../engine/referee.js';
import { PRESETS, type RulesPreset } from '../engine/rules.js';
import { ShotSchema } from '../engine/shot.js';
import {
  BallInHandSchema,
  type FrameState,
  FrameStateInputSchema,
  newFrame,
  PlayerIdSchema,
} from '../engine/state.js';
import { DEFAULT_TABLE, type TableSize } from '../engine/table.js';
import { firstProblem, problemText, type WireProblem } from '../engine/validator.js';
import { closed } from '../engine/wireType.js';
import { checkPosition, parseLayout } from '../sim/index.js';
import { checkBallsAt } from '../sim/positions.js';
import { simProblem } from '../sim/validate.js';
import { CliError, EXIT, printJson } from './io.js';

/**
 * The input documents of the JSON-reading commands, one schema each
 * (published as schemas/*.json; docs/wire.md "Command documents"). What one
 * command prints, the next one reads: `new-frame` prints a bare state, which
 * `referee` and `suggest` take as it is; `referee` prints { state, verdict },
 * which both take too (the verdict is read past, deliberately).
 */

/**
 * Fields a document may carry and pool8 does not read: what another command
 * printed beside the state, and notes (the examples' `about` and `expect`).
 */
const printedAlongside = {
  /** A note for people. */
  about: Type.Optional(Type.String({ description: 'a note for people; not read' })),
  /** What a test expects of the answer (examples/); not read. */
  expect: Type.Optional(Type.Unknown({ description: 'what a test expects; not read' })),
  /** The verdict `referee` printed with the state. */
  verdict: Type.Optional(Type.Unknown({ description: 'ignored: printed by pool8 referee' })),
  /** The targets `referee --targets` printed with the state. */
  targets: Type.Optional(
    Type.Unknown({ description: 'ignored: printed by pool8 referee --targets' }),
  ),
};

/** `pool8 sim`: a layout and a shot. */
export const SimInputSchema = closed(
  { layout: LayoutInputSchema, shot: ShotSchema, about: printedAlongside.about },
  { $id: 'SimInput', description: 'the input of pool8 sim' },
);

/** The number of the shot a correction names (the `correct` action's own field). */
const correctedShot = (ActionSchema.anyOf as TSchema[]).find(
  (m) => m.properties?.type?.const === 'correct',
)!.properties.shot as TSchema;

/** The one-action shorthands of a referee document (cli/commands/referee.ts actionOf). */
const actionShorthands = {
  call: shotReportFields.call,
  events: Type.Optional(shotReportFields.events),
  layout: shotReportFields.layout,
  decide: Type.Optional(Type.String({ description: 'a decision option on offer' })),
  stalemate: Type.Optional(Type.Literal(true)),
  /** R20 note: the last shot corrected; `shot` names it (state.shotCount). */
  correct: Type.Optional(closed({ shot: correctedShot, ...shotReportFields })),
  /** R5, R15: a foul before the stroke. */
  foul: Type.Optional(closed(foulReportFields)),
  /** R3: the balls racked by people, before the break. */
  rack: Type.Optional(closed({ balls: Type.Array(RackBallSchema) })),
};

/** `pool8 referee` with an action: the state and what happened. */
export const RefereeRequestSchema = closed(
  {
    state: FrameStateInputSchema,
    ...printedAlongside,
    ...actionShorthands,
    action: Type.Optional(ActionSchema),
  },
  {
    description:
      'a state and one action: events (a shot), decide, stalemate, correct, foul, rack or action',
  },
);

/**
 * `pool8 referee` on a match (engine/match.ts): the match and one action —
 * any frame action, played on its frame in play, or `nextFrame`. A `state`
 * beside the match (as referee prints it) must be the match's frame.
 */
export const MatchRequestSchema = closed(
  {
    match: MatchStateInputSchema,
    state: Type.Optional(FrameStateInputSchema),
    ...printedAlongside,
    ...actionShorthands,
    nextFrame: Type.Optional(Type.Literal(true)),
    action: Type.Optional(MatchActionSchema),
  },
  {
    description:
      'a match and one action: events, decide, stalemate, correct, foul, rack, nextFrame or action',
  },
);

/** `pool8 referee` checking a rack (R3): `{ "rack": { "table"?, "balls" } }`. */
export const RackRequestSchema = closed(
  { rack: RackInputSchema, about: printedAlongside.about, expect: printedAlongside.expect },
  { description: 'a rack to check by R3' },
);

/**
 * `pool8 referee`: a request on a state, on a match or a rack check, or a
 * bare state or match (then it says what the next player may do).
 */
export const RefereeInputSchema = Type.Union(
  [
    RefereeRequestSchema,
    MatchRequestSchema,
    RackRequestSchema,
    FrameStateInputSchema,
    MatchStateInputSchema,
  ],
  {
    $id: 'RefereeInput',
    description:
      'the input of pool8 referee: { state, action… }, { match, action… }, { rack }, or a bare state or match',
  },
);

/** `pool8 suggest` from a layout: the balls, and who is to shoot with what. */
export const SuggestLayoutSchema = closed(
  {
    layout: LayoutInputSchema,
    turn: Type.Optional(PlayerIdSchema),
    groups: Type.Optional(Type.Union([Type.Tuple([GroupSchema, GroupSchema]), Type.Null()])),
    ballInHand: Type.Optional(Type.Union([BallInHandSchema, Type.Null()])),
    about: printedAlongside.about,
    expect: printedAlongside.expect,
  },
  { description: 'a layout with who is to shoot; balls not in it count as pocketed' },
);

/** `pool8 suggest`: a bare state, { state } (as referee prints it), or a layout. */
export const SuggestInputSchema = Type.Union(
  [
    FrameStateInputSchema,
    closed({ state: FrameStateInputSchema, ...printedAlongside }),
    SuggestLayoutSchema,
  ],
  { $id: 'SuggestInput', description: 'the input of pool8 suggest' },
);

/** A coded error of the core (engine, simulator): what a refused document is refused for. */
export interface DocumentProblem {
  readonly code: string;
  readonly message: string;
  readonly field?: string;
}

/**
 * A document the core refuses (exit 1): the CLI prints `{ ...also, error }`
 * on stdout (printRejection), the server answers 400 with the code and field.
 * The `read…` functions below only throw it; the `check…` ones print it too.
 */
export class Rejection extends CliError {
  constructor(
    readonly error: DocumentProblem,
    readonly also: Readonly<Record<string, unknown>> = {},
  ) {
    super(error.code, error.message, EXIT.rejected);
  }

  get field(): string | undefined {
    return this.error.field;
  }
}

/** A document refused before the core reads it (exit 2): not an object, an unknown top-level field. */
export class InputError extends CliError {
  constructor(
    code: string,
    message: string,
    readonly field?: string,
  ) {
    super(code, message);
  }
}

/** What the CLI prints for a rejection: `{ ...also, error }` on stdout. */
export function printRejection(e: unknown): void {
  if (e instanceof Rejection) printJson({ ...e.also, error: e.error });
}

/** `read` as the CLI runs it: a rejection printed on stdout, then thrown on. */
function printed<A extends unknown[], R>(read: (...a: A) => R): (...a: A) => R {
  return (...a) => {
    try {
      return read(...a);
    } catch (e) {
      printRejection(e);
      throw e;
    }
  };
}

function refused(error: DocumentProblem): never {
  throw new Rejection(error);
}

/** A problem at the top of a document is the CLI's; deeper ones are the core's. */
function topLevel(p: WireProblem): boolean {
  return p.kind === 'unknown' && !/^.+[.[]/.test(p.field);
}

/**
 * A document against its schema: an unknown top-level field is an
 * InputError naming it, a deeper problem the core's Rejection (`core` gives
 * its code). Shared by the CLI and the server (server/problems.ts).
 */
export function checkDocument(
  schema: TSchema,
  doc: unknown,
  root: string,
  core: (p: WireProblem) => DocumentProblem,
): void {
  const p = firstProblem(schema, doc, root);
  if (p === null) return;
  if (topLevel(p)) throw new InputError('E_INPUT_UNKNOWN_FIELD', problemText(p), p.field);
  refused(core(p));
}

const check = checkDocument;

const isObject = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x);

function object(doc: unknown, what: string): Record<string, unknown> {
  if (!isObject(doc))
    throw new InputError('E_INPUT_NOT_OBJECT', `the input must be a JSON object ${what}`);
  return doc;
}

/** Reads a `pool8 sim` document; the layout and shot keep the simulator's codes. */
export function readSimInput(doc: unknown): { layout: unknown; shot: unknown } {
  const d = object(doc, '{ "layout": …, "shot": … }');
  check(SimInputSchema, d, '', (p) =>
    simProblem(p, p.field.startsWith('shot') || p.field === '' ? 'shot' : 'layout', d.layout),
  );
  return { layout: d.layout, shot: d.shot };
}

type Balls = readonly { id: number; x: number | null; y: number | null }[];

/** The positions of a state (or a layout) that passed its schema: on the slate, apart, not in a pocket. */
function checkGeometry(table: unknown, balls: unknown, field: string): void {
  const e = checkBallsAt((table ?? DEFAULT_TABLE) as TableSize, balls as Balls, field);
  if (e !== null) refused(e);
}

/** A `pool8 referee` document, by what it is about; a bare state or match has no request. */
export type RefereeDocument =
  | {
      readonly kind: 'frame';
      readonly state: unknown;
      readonly request: Record<string, unknown> | null;
    }
  | {
      readonly kind: 'match';
      readonly match: unknown;
      readonly request: Record<string, unknown> | null;
    }
  | { readonly kind: 'rack'; readonly rack: unknown };

/** A problem in a match document: in the match's frame, the match, or the action. */
function matchProblem(p: WireProblem): { code: string; message: string } {
  if (/^(state|match\.frame)($|[.[])/.test(p.field)) return engineProblem(p, 'E_BAD_STATE');
  if (/^match($|[.[])/.test(p.field)) return engineProblem(p, 'E_BAD_MATCH');
  return actionProblem(p);
}

/** The geometry of a state's balls and of the layouts a request reports (where the balls stopped). */
function checkRequestGeometry(state: unknown, d: Record<string, unknown>, field: string): void {
  const s = state as { table: unknown; balls: unknown };
  checkGeometry(s.table, s.balls, `${field}.balls`);
  const reports: [unknown, string][] = [
    [d.layout, 'layout.balls'],
    [(d.correct as { layout?: unknown } | undefined)?.layout, 'correct.layout.balls'],
    [(d.foul as { layout?: unknown } | undefined)?.layout, 'foul.layout.balls'],
    [(d.action as { layout?: unknown } | undefined)?.layout, 'action.layout.balls'],
  ];
  for (const [layout, at] of reports) {
    if (layout === undefined || layout === null) continue;
    const l = layout as { table?: unknown; balls: unknown };
    checkGeometry(l.table ?? s.table, l.balls, at);
  }
}

/** Reads a `pool8 referee` document and says what it is about: a frame, a match or a rack. */
export function readRefereeInput(doc: unknown): RefereeDocument {
  const d = object(doc, '{ "state": …, … }, { "match": …, … }, { "rack": … } or a state');
  if ('match' in d) {
    check(MatchRequestSchema, d, '', matchProblem);
    checkRequestGeometry((d.match as { frame: unknown }).frame, d, 'match.frame');
    return { kind: 'match', match: d.match, request: d };
  }
  if ('state' in d) {
    check(RefereeRequestSchema, d, '', actionProblem);
    checkRequestGeometry(d.state, d, 'state');
    return { kind: 'frame', state: d.state, request: d };
  }
  if ('rack' in d) {
    // The check reports how far balls are from where R3 puts them; it refuses only a malformed rack.
    check(RackRequestSchema, d, '', (p) => engineProblem(p, 'E_BAD_RACK'));
    return { kind: 'rack', rack: d.rack };
  }
  if (d.format === 'pool8/match/1' || 'framesToWin' in d) {
    check(MatchStateInputSchema, d, 'match', matchProblem);
    const frame = d.frame as { table: unknown; balls: unknown };
    checkGeometry(frame.table, frame.balls, 'match.frame.balls');
    return { kind: 'match', match: d, request: null };
  }
  check(FrameStateInputSchema, d, 'state', (p) => engineProblem(p, 'E_BAD_STATE'));
  checkGeometry(d.table, d.balls, 'state.balls');
  return { kind: 'frame', state: d, request: null };
}

/** Reads a `pool8 suggest` document. */
export function readSuggestInput(
  doc: unknown,
): { state: unknown } | { layout: unknown; rest: Record<string, unknown> } {
  const d = object(doc, '{ "state": … }, { "layout": … } or a state');
  if ('layout' in d) {
    check(SuggestLayoutSchema, d, '', (p) =>
      p.field.startsWith('layout')
        ? simProblem(p, 'layout', d.layout)
        : engineProblem(p, 'E_BAD_STATE'),
    );
    return { layout: d.layout, rest: d };
  }
  if ('state' in d) {
    check(closed({ state: FrameStateInputSchema, ...printedAlongside }), d, '', (p) =>
      engineProblem(p, 'E_BAD_STATE'),
    );
    const state = d.state as { table: unknown; balls: unknown };
    checkGeometry(state.table, state.balls, 'state.balls');
    return { state: d.state };
  }
  check(FrameStateInputSchema, d, 'state', (p) => engineProblem(p, 'E_BAD_STATE'));
  checkGeometry(d.table, d.balls, 'state.balls');
  return { state: d };
}

/** Checks a `pool8 sim` document, printing a rejection (cli/commands/sim.ts). */
export const checkSimInput = printed(readSimInput);
/** Checks a `pool8 referee` document, printing a rejection. */
export const checkRefereeInput = printed(readRefereeInput);
/** Checks a `pool8 suggest` document, printing a rejection (cli/commands/suggest.ts). */
export const checkSuggestInput = printed(readSuggestInput);

/**
 * The state a `pool8 suggest` document is about: a state as it is, or a
 * layout made a state of `rules` (balls not in it pocketed; the cue ball
 * in hand when it is not on the table). Throws as readSuggestInput does.
 */
export function suggestState(doc: unknown, rules: RulesPreset): FrameState {
  const input = readSuggestInput(doc);
  if ('state' in input) {
    const s = parseState(input.state);
    if (!s.ok) refused(s.error);
    return s.value;
  }
  const d = input.rest;
  const layout = parseLayout(input.layout);
  if (!layout.ok) refused(layout.error);
  const bad = checkPosition(layout.value);
  if (bad) refused(bad);
  const base = newFrame({ seed: 0, table: layout.value.table, rules });
  const on = new Set(layout.value.balls.map((b) => b.id));
  // Through the state parser, so a layout that makes an impossible state is refused by name.
  const s = parseState({
    ...base,
    rules: PRESETS[rules],
    phase: 'play',
    turn: d.turn ?? 0,
    groups: d.groups ?? null,
    balls: [...layout.value.balls]
      .sort((a, b) => a.id - b.id)
      .map((b) => ({ id: b.id, x: b.x, y: b.y })),
    pocketed: OBJECT_BALLS.filter((b) => !on.has(b)),
    ballInHand: d.ballInHand ?? (on.has(0) ? null : { region: 'anywhere', restricted: false }),
  });
  if (!s.ok) refused(s.error);
  return s.value;
}
