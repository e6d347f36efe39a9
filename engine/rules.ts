import { Type } from '@sinclair/typebox';
import { closed, oneOf, type Wire } from './wireType.js';
/**
 * Rules presets over one engine (docs/rules.md "WPA differences"). Every
 * difference between our text (`pl-bca`, the default) and the current WPA
 * world rules (`wpa`) is a named option here, never a silent branch.
 */
export const RULES_PRESETS = ['pl-bca', 'wpa'] as const;
export type RulesPreset = (typeof RULES_PRESETS)[number];
export const RulesPresetSchema = oneOf(RULES_PRESETS, '"pl-bca" or "wpa"');

export const RuleOptionsSchema = closed(
  {
    preset: RulesPresetSchema,
    /**
     * Object balls jumped off the table are spotted on the long string in
     * numerical order (R18; on the break too, R8 reading). WPA: they stay off.
     */
    spotJumpedBalls: Type.Boolean(),
    /**
     * The 8 jumped off the table on the break loses the frame (R20 C "at any
     * time"). WPA: a foul, and the 8 is spotted.
     */
    eightOffTableOnBreakLoses: Type.Boolean(),
    /**
     * Open table, 8 struck first: pl-bca no foul, nothing credited, inning ends
     * (R10); WPA: a foul.
     */
    eightFirstOnOpenTableIsFoul: Type.Boolean(),
    /**
     * Cue ball in hand may be adjusted until the stroke (WPA). pl-bca: once the
     * placement is confirmed any touch is a foul (R15).
     */
    cueBallAdjustableUntilStroke: Type.Boolean(),
    /**
     * `cueBallOnly`: touching an object ball is a foul only during a jump,
     * curve or massé stroke (R5). `allBalls`: any touch of any ball is a foul
     * (WPA 2025 revision, marked *verify* in docs/rules.md "WPA differences").
     */
    foulScope: oneOf(['cueBallOnly', 'allBalls'] as const, '"cueBallOnly" or "allBalls"'),
    /** An obvious 8 without a call does not win (reading on R2); default off in both. */
    alwaysCallEight: Type.Boolean(),
    /**
     * No direct shot at a ball behind the head string with the cue ball in hand
     * in the kitchen (R7 note; WPA "bad play from behind the head string").
     */
    kitchenRestriction: Type.Boolean(),
    /**
     * Consecutive shots with no attempt to win before a stalemate may be
     * declared: 6, three by each player (R21); WPA: a warning, then three more
     * turns each, which we count as 12 (six by each player).
     */
    stalemateShots: Type.Integer({
      minimum: 0,
      multipleOf: 2,
      description: 'an even whole number',
    }),
  },
  {
    $id: 'RuleOptions',
    description: 'the rule options of a frame: every difference between presets, named',
  },
);
export type RuleOptions = Wire<typeof RuleOptionsSchema>;

/**
 * Rules as a state may carry them on input: a preset name, or a preset with
 * some options changed. Both are read as the full options (a deliberate
 * shorthand, docs/wire.md); states are always printed in full.
 */
export const RulesInputSchema = Type.Union(
  [
    RulesPresetSchema,
    Type.Composite(
      [
        Type.Pick(RuleOptionsSchema, ['preset']),
        Type.Partial(Type.Omit(RuleOptionsSchema, ['preset'])),
      ],
      { additionalProperties: false },
    ),
  ],
  { description: 'a preset name or a rules object with a preset' },
);

export const PRESETS: Readonly<Record<RulesPreset, RuleOptions>> = {
  'pl-bca': {
    preset: 'pl-bca',
    spotJumpedBalls: true,
    eightOffTableOnBreakLoses: true,
    eightFirstOnOpenTableIsFoul: false,
    cueBallAdjustableUntilStroke: false,
    foulScope: 'cueBallOnly',
    alwaysCallEight: false,
    kitchenRestriction: true,
    stalemateShots: 6,
  },
  wpa: {
    preset: 'wpa',
    spotJumpedBalls: false,
    eightOffTableOnBreakLoses: false,
    eightFirstOnOpenTableIsFoul: true,
    cueBallAdjustableUntilStroke: true,
    foulScope: 'allBalls',
    alwaysCallEight: false,
    kitchenRestriction: true,
    stalemateShots: 12,
  },
};

export function isRulesPreset(x: unknown): x is RulesPreset {
  return typeof x === 'string' && (RULES_PRESETS as readonly string[]).includes(x);
}
