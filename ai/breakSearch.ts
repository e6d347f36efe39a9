import type { Shot } from '../engine/shot.js';
import { newFrame } from '../engine/state.js';
import { footSpot, headStringX, TABLE_DIMENSIONS, type TableSize } from '../engine/table.js';
import { DEFAULT_PHYSICS, type PhysicsParams } from '../sim/index.js';
import { LEVELS, type Noise } from './levels.js';
import { perturb } from './noise.js';
import { playShot } from './sampling.js';
import { deriveSeed } from './seeds.js';
import { stateValue } from './value.js';

/**
 * The offline break search (issue 5: "a break chosen by search offline and
 * kept as data, with its measured outcomes"). A break is a cue-ball spot on
 * the head string (as a fraction of the width) and a cue speed and spin,
 * aimed at the apex ball's centre; each is played on many seeded racks under
 * noise, and scored by the breaker's estimated P(win) after it (ai/value.ts).
 */
export interface BreakSpec {
  /** Cue ball y as a fraction of the width, on the head string. */
  readonly yFrac: number;
  /** Aim offset from the apex ball's centre, in ball radii (+ to the left). */
  readonly offset: number;
  readonly V: number;
  readonly b: number;
}

export interface BreakStats {
  readonly spec: BreakSpec;
  readonly racks: number;
  /** Legal break and the breaker keeps the table (R2, R6). */
  readonly keep: number;
  readonly pocketedMean: number;
  readonly scratch: number;
  readonly eightDown: number;
  readonly illegal: number;
  readonly lost: number;
  /** Mean estimated P(breaker wins) after the break. */
  readonly value: number;
}

export function breakPlacement(table: TableSize, spec: BreakSpec): { x: number; y: number } {
  return { x: headStringX(table) - 0.001, y: TABLE_DIMENSIONS[table].width * spec.yFrac };
}

export function breakShot(table: TableSize, spec: BreakSpec, apex: { x: number; y: number }): Shot {
  const at = breakPlacement(table, spec);
  const R = DEFAULT_PHYSICS.R;
  // Aim at the apex ball's centre shifted sideways by `offset` radii.
  const dx = apex.x - at.x;
  const dy = apex.y + spec.offset * R - at.y;
  return { phi: (Math.atan2(dy, dx) * 180) / Math.PI, V: spec.V, a: 0, b: spec.b };
}

export function evaluateBreak(
  spec: BreakSpec,
  racks: number,
  seed: number,
  noise: Noise = LEVELS.olympiad.noise,
  params: PhysicsParams = DEFAULT_PHYSICS,
  table: TableSize = '9ft',
): BreakStats {
  let keep = 0;
  let pocketed = 0;
  let scratch = 0;
  let eightDown = 0;
  let illegal = 0;
  let lost = 0;
  let value = 0;
  for (let k = 0; k < racks; k++) {
    const frame = newFrame({ seed: deriveSeed(seed, k), table });
    const placement = breakPlacement(table, spec);
    const [shot] = perturb(breakShot(table, spec, footSpot(table)), noise, deriveSeed(seed, k, 1));
    const r = playShot(frame, null, shot, placement, params);
    if ('error' in r) continue;
    const v = r.verdict;
    if (v.kind === 'continue') keep++;
    pocketed += v.stayDown.length;
    if (v.fouls.includes('SCRATCH') || v.fouls.includes('CUE_BALL_OFF_TABLE')) scratch++;
    if (v.stayDown.includes(8)) eightDown++;
    if (v.fouls.includes('ILLEGAL_BREAK')) illegal++;
    if (v.frame && v.frame.loser === 0) lost++;
    value += stateValue(r.state, 0, LEVELS.olympiad);
  }
  return {
    spec,
    racks,
    keep: keep / racks,
    pocketedMean: pocketed / racks,
    scratch: scratch / racks,
    eightDown: eightDown / racks,
    illegal: illegal / racks,
    lost: lost / racks,
    value: value / racks,
  };
}

/** A grid over spot, aim, speed and spin; the best by value, re-measured on fresh racks. */
export function searchBreak(
  racks: number,
  seed: number,
  onProgress?: (done: number, total: number) => void,
): { best: BreakStats; tried: BreakStats[] } {
  const grid: BreakSpec[] = [];
  for (const yFrac of [0.5, 0.3, 0.15])
    for (const offset of [0, 0.25, 0.5])
      for (const V of [8, 9.5, 11])
        for (const b of [-0.3, 0, 0.2]) grid.push({ yFrac, offset, V, b });
  const tried: BreakStats[] = [];
  grid.forEach((spec, i) => {
    tried.push(evaluateBreak(spec, racks, seed));
    onProgress?.(i + 1, grid.length);
  });
  tried.sort((p, q) => q.value - p.value);
  // Re-measure the winner on racks it was not chosen on, so its figures are honest.
  const best = evaluateBreak(tried[0]!.spec, racks * 4, seed + 1);
  return { best, tried };
}
