import type { TSchema } from '@sinclair/typebox';
import { SuggestionSchema, SuggestionsSchema } from '../ai/suggestion.js';
import { CallSchema } from '../engine/call.js';
import { LayoutInputSchema, LayoutSchema } from '../engine/layout.js';
import { MatchActionSchema, MatchStateInputSchema, MatchStateSchema } from '../engine/match.js';
import { RackCheckSchema, RackInputSchema } from '../engine/rackCheck.js';
import { ActionSchema } from '../engine/referee.js';
import { RuleOptionsSchema } from '../engine/rules.js';
import { ShotSchema } from '../engine/shot.js';
import { ShotEventSchema, ShotEventsSchema } from '../engine/shotEvent.js';
import { FrameStateInputSchema, FrameStateSchema } from '../engine/state.js';
import { GameRecordSchema } from '../play/record.js';
import { RefereeInputSchema, SimInputSchema, SuggestInputSchema } from './documents.js';

/**
 * The wire schemas published in the package as schemas/<Name>.json
 * (docs/wire.md): the same objects the validator checks with, written out.
 * `npm run schemas` writes them; a test checks the committed files are these.
 */
export const PUBLISHED_SCHEMAS: Readonly<Record<string, TSchema>> = {
  FrameState: FrameStateSchema,
  FrameStateInput: FrameStateInputSchema,
  RuleOptions: RuleOptionsSchema,
  Call: CallSchema,
  ShotEvent: ShotEventSchema,
  ShotEvents: ShotEventsSchema,
  Action: ActionSchema,
  MatchState: MatchStateSchema,
  MatchStateInput: MatchStateInputSchema,
  MatchAction: MatchActionSchema,
  RackInput: RackInputSchema,
  RackCheck: RackCheckSchema,
  Layout: LayoutSchema,
  LayoutInput: LayoutInputSchema,
  Shot: ShotSchema,
  SimInput: SimInputSchema,
  RefereeInput: RefereeInputSchema,
  SuggestInput: SuggestInputSchema,
  Suggestion: SuggestionSchema,
  Suggestions: SuggestionsSchema,
  GameRecord: GameRecordSchema,
};

/**
 * A schema as a standalone JSON Schema document (draft-07, which TypeBox's
 * tuples follow): its own `$id`, and no `$id` inside — an embedded one would
 * clash when a validator such as Ajv loads several files.
 */
export function schemaDocument(name: string, schema: TSchema): string {
  const strip = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(strip);
    if (typeof v !== 'object' || v === null) return v;
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) if (k !== '$id') out[k] = strip(x);
    return out;
  };
  const body = strip(schema) as Record<string, unknown>;
  const doc = {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: `https://pool8.dev/schemas/${name}.json`,
    title: name,
    ...body,
  };
  return `${JSON.stringify(doc, null, 2)}\n`;
}
