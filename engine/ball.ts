import { Type } from '@sinclair/typebox';
/**
 * Ball ids as in docs/wire.md: 0 is the cue ball, 1–7 solids, 8, 9–15
 * stripes (R1).
 */
export const CUE = 0;
export const EIGHT = 8;
export const BALL_IDS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15] as const;
export type BallId = (typeof BALL_IDS)[number];
/** A ball id on the wire; `x-kind` lets the validator report E_UNKNOWN_BALL for a number out of range. */
export const BallIdSchema = Type.Unsafe<BallId>(
  Type.Integer({ minimum: 0, maximum: 15, description: 'a ball id 0–15', 'x-kind': 'ballId' }),
);
/** An object ball id (R1): 1–15. */
export const ObjectBallIdSchema = Type.Unsafe<BallId>(
  Type.Integer({
    minimum: 1,
    maximum: 15,
    description: 'an object ball id 1–15',
    'x-kind': 'ballId',
  }),
);
export const OBJECT_BALLS = BALL_IDS.filter((b) => b !== CUE) as readonly BallId[];

/** The two groups of R1. */
export const GROUPS = ['solids', 'stripes'] as const;
export type Group = (typeof GROUPS)[number];
export const GroupSchema = Type.Unsafe<Group>(
  Type.Union(
    GROUPS.map((g) => Type.Literal(g)),
    { description: '"solids" or "stripes"' },
  ),
);

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
