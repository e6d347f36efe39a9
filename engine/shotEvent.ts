import { type TSchema, Type } from '@sinclair/typebox';
import { BallIdSchema } from './ball.js';
import { PocketIdSchema } from './table.js';
import { closed, oneOf, tagged, type Wire } from './wireType.js';

/**
 * The shot's time-ordered event log (docs/wire.md "Shot events"): what the
 * simulator reports and the only thing the referee reads about a shot.
 * `t` is seconds after the strike, where known.
 */
export const RAILS = ['head', 'foot', 'left', 'right', 'jaw'] as const;
export type Rail = (typeof RAILS)[number];

export type TouchBy = 'cue' | 'hand' | 'bridge' | 'clothing';
export type TouchPhase = 'stroke' | 'placement' | 'afterPlacement';

/** Seconds after the strike, where known; never decreasing along the log. */
const T = Type.Optional(Type.Number());

const event = <K extends string, P extends Record<string, TSchema>>(type: K, props: P) =>
  closed({ type: Type.Literal(type), t: T, ...props });

/** One event of a shot's log; `touch`, `place` and `confirmPlacement` come only from a real table. */
export const ShotEventSchema = tagged(
  'type',
  [
    event('strike', { ball: BallIdSchema }),
    event('contact', { a: BallIdSchema, b: BallIdSchema }),
    event('cushion', {
      ball: BallIdSchema,
      rail: Type.Optional(oneOf(RAILS, `one of ${RAILS.join(', ')}`)),
    }),
    event('pocket', { ball: BallIdSchema, pocket: PocketIdSchema }),
    event('offTable', { ball: BallIdSchema }),
    event('crossHeadString', {
      ball: BallIdSchema,
      dir: oneOf(['out', 'in'] as const, '"out" or "in"'),
    }),
    event('rest', {}),
    event('touch', {
      ball: BallIdSchema,
      by: oneOf(['cue', 'hand', 'bridge', 'clothing'] as const, 'cue, hand, bridge or clothing'),
      phase: oneOf(
        ['stroke', 'placement', 'afterPlacement'] as const,
        'stroke, placement or afterPlacement',
      ),
      /** Set when the stroke was a jump, curve or massé stroke (R5). */
      stroke: Type.Optional(oneOf(['jump', 'masse', 'curve'] as const, 'jump, masse or curve')),
    }),
    event('place', { ball: BallIdSchema, x: Type.Number(), y: Type.Number() }),
    event('confirmPlacement', {}),
  ],
  'a shot event',
);
export type ShotEvent = Wire<typeof ShotEventSchema>;

/** A shot's whole log, in time order. */
export const ShotEventsSchema = Type.Array(ShotEventSchema, { $id: 'ShotEvents' });

export type ShotEventType = ShotEvent['type'];
export const SHOT_EVENT_TYPES: readonly ShotEventType[] = [
  'strike',
  'contact',
  'cushion',
  'pocket',
  'offTable',
  'crossHeadString',
  'rest',
  'touch',
  'place',
  'confirmPlacement',
];
