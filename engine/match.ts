import type { PlayerId } from './state.js';

/**
 * Who breaks (R4): the winner of the lag decides who breaks the first frame;
 * in a match the players alternate the break.
 */
export function firstBreaker(lagWinner: PlayerId, lagWinnerBreaks: boolean): PlayerId {
  return lagWinnerBreaks ? lagWinner : lagWinner === 0 ? 1 : 0;
}

/** The breaker of frame `index` (0-based) when the first frame was broken by `first` (R4). */
export function breakerOfFrame(first: PlayerId, index: number): PlayerId {
  return (index % 2 === 0 ? first : 1 - first) as PlayerId;
}
