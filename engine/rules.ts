/**
 * Rules presets over one engine (shared/rules/wpa-differences.md). Every
 * difference between our text (`pl-bca`, the default) and the current WPA
 * world rules (`wpa`) is a named option here, never a silent branch.
 */
export const RULES_PRESETS = ['pl-bca', 'wpa'] as const;
export type RulesPreset = (typeof RULES_PRESETS)[number];

export interface RuleOptions {
  readonly preset: RulesPreset;
  /**
   * Object balls jumped off the table are spotted on the long string in
   * numerical order (R18; on the break too, R8 reading). WPA: they stay off.
   */
  readonly spotJumpedBalls: boolean;
  /**
   * The 8 jumped off the table on the break loses the frame (R20 C "at any
   * time"). WPA: a foul, and the 8 is spotted.
   */
  readonly eightOffTableOnBreakLoses: boolean;
  /**
   * Open table, 8 struck first: pl-bca no foul, nothing credited, inning ends
   * (R10); WPA: a foul.
   */
  readonly eightFirstOnOpenTableIsFoul: boolean;
  /**
   * Cue ball in hand may be adjusted until the stroke (WPA). pl-bca: once the
   * placement is confirmed any touch is a foul (R15).
   */
  readonly cueBallAdjustableUntilStroke: boolean;
  /**
   * `cueBallOnly`: touching an object ball is a foul only during a jump,
   * curve or massé stroke (R5). `allBalls`: any touch of any ball is a foul
   * (WPA 2025 revision, marked *verify* in wpa-differences.md).
   */
  readonly foulScope: 'cueBallOnly' | 'allBalls';
  /** An obvious 8 without a call does not win (reading on R2); default off in both. */
  readonly alwaysCallEight: boolean;
  /**
   * No direct shot at a ball behind the head string with the cue ball in hand
   * in the kitchen (R7 note; WPA "bad play from behind the head string").
   */
  readonly kitchenRestriction: boolean;
  /**
   * Consecutive shots with no attempt to win before a stalemate may be
   * declared: 6, three by each player (R21); WPA: a warning, then three more
   * turns each, which we count as 12 (six by each player).
   */
  readonly stalemateShots: number;
}

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
