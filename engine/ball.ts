/**
 * Ball ids as in shared/spec/wire.md: 0 is the cue ball, 1–7 solids, 8, 9–15
 * stripes (R1).
 */
export const CUE = 0;
export const EIGHT = 8;
export const BALL_IDS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15] as const;
export type BallId = (typeof BALL_IDS)[number];
export const OBJECT_BALLS = BALL_IDS.filter((b) => b !== CUE) as readonly BallId[];

/** The two groups of R1. */
export const GROUPS = ['solids', 'stripes'] as const;
export type Group = (typeof GROUPS)[number];

export const SOLIDS: readonly BallId[] = [1, 2, 3, 4, 5, 6, 7];
export const STRIPES: readonly BallId[] = [9, 10, 11, 12, 13, 14, 15];

export function isBallId(x: unknown): x is BallId {
  return typeof x === 'number' && Number.isInteger(x) && x >= 0 && x <= 15;
}

/** The group a ball belongs to (R1); the cue ball and the 8 belong to none. */
export function groupOf(id: BallId): Group | null {
  if (id >= 1 && id <= 7) return 'solids';
  if (id >= 9 && id <= 15) return 'stripes';
  return null;
}

export function ballsOf(group: Group): readonly BallId[] {
  return group === 'solids' ? SOLIDS : STRIPES;
}

export function otherGroup(group: Group): Group {
  return group === 'solids' ? 'stripes' : 'solids';
}
