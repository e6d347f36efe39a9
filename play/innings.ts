import { type BallId, ballsOf, EIGHT, groupOf } from '../engine/ball.js';
import type { FrameRecord, ShotEntry } from './game.js';

/**
 * How the breaker's first inning ended, read from a frame's record alone (no
 * re-simulation): where a self-play experiment loses its break-and-runs, as
 * bench/runout.ts tells it for the planner's first innings.
 *
 * - `runOut`: he won the frame without the opponent shooting;
 * - `breakFoul`, `breakDry`, `breakChoice`: the break lost the table (a foul;
 *   a legal break with nothing down, R6; the opponent's choice, R6, R8);
 * - after a kept break, the stroke that ended the inning: `miss` (a pot
 *   attempt that turned the table over), `safety` (a called safety, R13),
 *   `foul`, `lost` (the frame lost in the inning, R20), `other` (a stalemate,
 *   R21, or a frame left unfinished).
 */
export type InningEnd =
  | 'runOut'
  | 'breakFoul'
  | 'breakDry'
  | 'breakChoice'
  | 'miss'
  | 'safety'
  | 'foul'
  | 'lost'
  | 'other';

export const INNING_ENDS: readonly InningEnd[] = [
  'runOut',
  'breakFoul',
  'breakDry',
  'breakChoice',
  'miss',
  'safety',
  'foul',
  'lost',
  'other',
];

export interface FirstInning {
  readonly end: InningEnd;
  /**
   * Balls of the breaker's group on the table when he played the stroke
   * that ended the inning (0: he was on the 8); null on an open table or when
   * the break ended it.
   */
  readonly left: number | null;
}

export function breakAndRun(frame: FrameRecord): boolean {
  return (
    frame.winner === frame.breaker &&
    frame.stalemates === 0 &&
    frame.shots.every((s) => s.player === frame.breaker || s.action !== 'shot')
  );
}

/**
 * The breaker kept the table: a break without a foul after which he is the
 * next to act (a shot, or his own R9 choice), or that won the frame. The
 * break-and-run rate after a kept break is the figure human pros are quoted
 * at (62 % on 7-ft tables, docs/planner.md), beside 41 % of all
 * games.
 */
export function keptBreak(frame: FrameRecord): boolean {
  const [first, next] = frame.shots;
  if (!first || first.player !== frame.breaker || first.fouls.length > 0) return false;
  return next ? next.player === frame.breaker : frame.winner === frame.breaker;
}

/** The entries of the breaker's first inning: the break and his actions after it until the other player acts. */
function inningOf(frame: FrameRecord): readonly ShotEntry[] {
  const out: ShotEntry[] = [];
  for (const e of frame.shots) {
    if (e.player !== frame.breaker) break;
    out.push(e);
  }
  return out;
}

/**
 * The group a legal pot gave the breaker (R11: the group of the first ball
 * credited after the break; the table is open after it): a record keeps
 * the credited balls, not the groups.
 */
function groupBefore(inning: readonly ShotEntry[], end: number): readonly BallId[] | null {
  for (let i = 1; i < end; i++) {
    const group = inning[i]!.credited.map((b) => groupOf(b as BallId)).find((g) => g !== null);
    if (group) return ballsOf(group);
  }
  return null;
}

export function firstInning(frame: FrameRecord): FirstInning {
  const inning = inningOf(frame);
  const brk = inning[0];
  if (breakAndRun(frame)) return { end: 'runOut', left: null };
  if (brk?.action !== 'shot') return { end: 'other', left: null };
  if (brk.fouls.length > 0) return { end: 'breakFoul', left: null };
  // The break handed the table over: nothing down, or the other's choice.
  if (inning.length === 1 && frame.shots.length > 1) {
    if (brk.verdict === 'turnOver') return { end: 'breakDry', left: null };
    return { end: 'breakChoice', left: null };
  }
  // The last stroke of the inning (his R9 choice after the break is no stroke).
  let last = inning.length - 1;
  while (last > 0 && inning[last]!.action !== 'shot') last--;
  const stroke = inning[last]!;
  const group = last > 0 ? groupBefore(inning, last) : null;
  let left: number | null = null;
  if (stroke.call?.kind === 'pocket' && stroke.call.ball === EIGHT) left = 0;
  else if (group) {
    const down = new Set(inning.slice(0, last).flatMap((e) => [...e.credited, ...e.stayDown]));
    left = group.filter((b) => !down.has(b)).length;
  }
  if (inning.length === frame.shots.length) {
    // The frame ended in his inning without a run-out.
    if (frame.winner !== null && frame.winner !== frame.breaker) return { end: 'lost', left };
    return { end: 'other', left };
  }
  if (last === 0) return { end: 'other', left: null };
  if (stroke.fouls.length > 0) return { end: 'foul', left };
  if (stroke.call?.kind === 'safety') return { end: 'safety', left };
  return { end: 'miss', left };
}

/** The first innings of the frames one seat broke, by how they ended. */
export interface InningTally {
  readonly ends: Readonly<Record<InningEnd, number>>;
  /**
   * Per end after a kept break: how many ended with 0 (on the 8), 1, … 7 balls of
   * the group left (index), and how many on an open table.
   */
  readonly left: Readonly<
    Record<InningEnd, { readonly byLeft: readonly number[]; readonly open: number }>
  >;
}

export function tallyFirstInnings(frames: readonly FrameRecord[]): InningTally {
  const ends = Object.fromEntries(INNING_ENDS.map((e) => [e, 0])) as Record<InningEnd, number>;
  const left = Object.fromEntries(
    INNING_ENDS.map((e) => [e, { byLeft: [0, 0, 0, 0, 0, 0, 0, 0], open: 0 }]),
  ) as Record<InningEnd, { byLeft: number[]; open: number }>;
  for (const f of frames) {
    const { end, left: n } = firstInning(f);
    ends[end]++;
    if (n === null) {
      if (end === 'miss' || end === 'safety' || end === 'foul') left[end].open++;
    } else left[end].byLeft[n]!++;
  }
  return { ends, left };
}
