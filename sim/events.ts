import type { BallId } from '../engine/ball.js';
import type { Rail, ShotEvent } from '../engine/shotEvent.js';
import type { PocketId } from '../engine/table.js';

/**
 * Builders for the time-ordered event log of docs/wire.md "Shot events". The
 * simulator appends in processing order, which is time order by
 * construction (events are taken from the queue earliest first; a cluster
 * episode is brought to a joining contact's time before it logs more).
 * `offTable` is never produced: the model keeps balls on the slate (no
 * airborne phase), so a ball can only leave the table through a pocket.
 */
export const strikeEvent = (ball: BallId): ShotEvent => ({ type: 'strike', t: 0, ball });

export const contactEvent = (t: number, a: BallId, b: BallId): ShotEvent =>
  a < b ? { type: 'contact', t, a, b } : { type: 'contact', t, a: b, b: a };

export const cushionEvent = (t: number, ball: BallId, rail: Rail): ShotEvent => ({
  type: 'cushion',
  t,
  ball,
  rail,
});

export const pocketEvent = (t: number, ball: BallId, pocket: PocketId): ShotEvent => ({
  type: 'pocket',
  t,
  ball,
  pocket,
});

export const headStringEvent = (t: number, ball: BallId, dir: 'out' | 'in'): ShotEvent => ({
  type: 'crossHeadString',
  t,
  ball,
  dir,
});

export const restEvent = (t: number): ShotEvent => ({ type: 'rest', t });
