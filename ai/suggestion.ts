import { Type } from '@sinclair/typebox';
import { CallSchema } from '../engine/call.js';
import { ShotSchema } from '../engine/shot.js';
import { PlayerIdSchema } from '../engine/state.js';
import { closed, oneOf, type Wire } from '../engine/wireType.js';
import { type RankedShot, reasonFor } from './planner.js';

/**
 * A ranked shot as the planner's users read it (`suggest --json`, the
 * library's `bot.suggest`): the stroke to play, then the estimate with its
 * uncertainty — every figure says how many samples it rests on and how far
 * it may be off (docs/planner.md "Estimates").
 */
const PointSchema = closed({ x: Type.Number(), y: Type.Number() });
const Share = (what: string) => Type.Number({ minimum: 0, maximum: 1, description: what });

export const SuggestionSchema = closed(
  {
    type: Type.Literal('stroke'),
    /** Ball and pocket, or a safety. */
    call: CallSchema,
    /** Cue direction φ in degrees, speed V in m/s, tip offsets a and b in ball radii, elevation θ. */
    shot: ShotSchema,
    /** Where the cue ball is placed first, metres, when it is in hand. */
    placement: Type.Union([PointSchema, Type.Null()]),
    /** What sort of shot. */
    kind: oneOf(
      ['pot', 'bank', 'kick', 'combo', 'safety'] as const,
      'pot, bank, kick, combo or safety',
    ),
    /** Estimated chance of winning the frame after the shot. */
    value: Share('estimated P(win) after the shot'),
    /** Standard error of `value`. */
    stderr: Type.Number({ minimum: 0, description: 'standard error of value' }),
    /** Half-width of the 95 % interval, 1.96 · stderr: the ± that `suggest` prints. */
    margin95: Type.Number({
      minimum: 0,
      description: '1.96 · stderr: value ± margin95 is a 95 % interval',
    }),
    /** Noisy samples the estimate rests on. */
    samples: Type.Integer({ minimum: 0, description: 'samples the estimate rests on' }),
    /** Share of the samples in which the shooter kept the table (a legal pot) or won. */
    pPot: Share('share of samples with a legal pot or a win'),
    /** Share of the samples with a foul. */
    pFoul: Share('share of samples with a foul'),
    /** Share of the samples that lost the frame. */
    pLose: Share('share of samples that lost the frame'),
    /** Mean chance of winning from the positions left after a made pot. */
    leave: Share('mean P(win) of the positions left after a made pot'),
    /** Why, in words. */
    reason: Type.String(),
  },
  { $id: 'Suggestion', description: 'a ranked shot with its estimate, ± and sample count' },
);
export type Suggestion = Wire<typeof SuggestionSchema>;

/** The answer of `pool8 suggest --json`: the same shape whatever the planner decided. */
export const SuggestionsSchema = closed(
  {
    format: Type.Literal('pool8/suggestions/1'),
    /** Who is to play. */
    player: PlayerIdSchema,
    level: Type.String(),
    /** The execution noise the shots were sampled with (φ, θ in degrees, V in m/s, a, b in R). */
    noise: closed({
      phi: Type.Number(),
      V: Type.Number(),
      a: Type.Number(),
      b: Type.Number(),
      theta: Type.Number(),
    }),
    /** The planner's budget (ai/budget.ts). */
    budget: Type.Unknown({ description: "the planner's budget" }),
    timeLimitMs: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]),
    /** What the planner would do: play the first suggestion, take an option, or declare a stalemate. */
    decision: Type.Union([
      closed({
        type: Type.Literal('stroke'),
        call: Type.Union([CallSchema, Type.Null()]),
        shot: ShotSchema,
        placement: Type.Union([PointSchema, Type.Null()]),
        reason: Type.String(),
      }),
      closed({ type: Type.Literal('decide'), option: Type.String(), reason: Type.String() }),
      closed({ type: Type.Literal('stalemate'), reason: Type.String() }),
    ]),
    /** The best shots, best first; empty when the decision is not a stroke. */
    suggestions: Type.Array(SuggestionSchema),
  },
  { $id: 'Suggestions', description: 'the answer of pool8 suggest --json' },
);
export type Suggestions = Wire<typeof SuggestionsSchema>;

export function suggestionOf(r: RankedShot): Suggestion {
  return {
    type: 'stroke',
    call: r.candidate.call,
    shot: r.shot,
    placement: r.candidate.placement,
    kind: r.candidate.kind,
    value: r.value,
    stderr: r.stderr,
    margin95: 1.96 * r.stderr,
    samples: r.samples,
    pPot: r.pPot,
    pFoul: r.pFoul,
    pLose: r.pLose,
    leave: r.leave,
    reason: reasonFor(r),
  };
}
