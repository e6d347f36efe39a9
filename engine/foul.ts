/**
 * Foul codes: stable strings, each with the rule that makes it a foul.
 * Verdicts carry these, never free text (docs/design.md on tailuge's free-string
 * foul reasons).
 */
export const FOULS = {
  /** R6: no object ball pocketed and fewer than four object balls to a cushion. */
  ILLEGAL_BREAK: 'R6',
  /** R7, R15: the cue ball was pocketed. */
  SCRATCH: 'R7',
  /** Reading "Cue ball off the table": a foul like a scratch (R7, R15). */
  CUE_BALL_OFF_TABLE: 'R7',
  /** R8 (on the break), R18: an object ball left the table. */
  OBJECT_BALL_OFF_TABLE: 'R18',
  /** Reading "No object ball hit at all": a foul on every shot (R12). */
  NO_CONTACT: 'R12',
  /** R12, R16: the first ball struck was not a legal one. */
  WRONG_BALL_FIRST: 'R12',
  /** R12: after the first contact nothing was pocketed and no ball reached a cushion. */
  NO_CUSHION: 'R12',
  /** wpa option: the 8 struck first on an open table (R10 in pl-bca is no foul). */
  EIGHT_FIRST_OPEN_TABLE: 'R10',
  /** R7 note: with the cue ball in hand in the kitchen, a direct shot at a ball behind the head string. */
  BEHIND_HEAD_STRING: 'R7',
  /** R15: the cue ball touched after its placement, other than by the stroke. */
  CUE_BALL_TOUCHED: 'R15',
  /** R5: an object ball moved by hand, cue or bridge during a jump, curve or massé stroke (or any touch under all-ball fouls). */
  OBJECT_BALL_TOUCHED: 'R5',
} as const;

export type FoulCode = keyof typeof FOULS;
