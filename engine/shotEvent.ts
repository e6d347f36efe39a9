import type { BallId } from './ball.js';
import type { PocketId } from './table.js';

/**
 * The shot's time-ordered event log (wire.md "Shot events"): what the
 * simulator reports and the only thing the referee reads about a shot.
 * `t` is seconds after the strike, where known.
 */
export type Rail = 'head' | 'foot' | 'left' | 'right' | 'jaw';

export type TouchBy = 'cue' | 'hand' | 'bridge' | 'clothing';
export type TouchPhase = 'stroke' | 'placement' | 'afterPlacement';

export type ShotEvent =
  | { readonly type: 'strike'; readonly t?: number; readonly ball: BallId }
  | { readonly type: 'contact'; readonly t?: number; readonly a: BallId; readonly b: BallId }
  | { readonly type: 'cushion'; readonly t?: number; readonly ball: BallId; readonly rail?: Rail }
  | {
      readonly type: 'pocket';
      readonly t?: number;
      readonly ball: BallId;
      readonly pocket: PocketId;
    }
  | { readonly type: 'offTable'; readonly t?: number; readonly ball: BallId }
  | {
      readonly type: 'crossHeadString';
      readonly t?: number;
      readonly ball: BallId;
      readonly dir: 'out' | 'in';
    }
  | { readonly type: 'rest'; readonly t?: number }
  // Reported only from a real table (a human's shot).
  | {
      readonly type: 'touch';
      readonly t?: number;
      readonly ball: BallId;
      readonly by: TouchBy;
      readonly phase: TouchPhase;
      /** Set when the stroke was a jump, curve or massé stroke (R5). */
      readonly stroke?: 'jump' | 'masse' | 'curve';
    }
  | {
      readonly type: 'place';
      readonly t?: number;
      readonly ball: BallId;
      readonly x: number;
      readonly y: number;
    }
  | { readonly type: 'confirmPlacement'; readonly t?: number };

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
