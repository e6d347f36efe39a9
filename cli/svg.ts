import type { FrameState } from '../engine/state.js';
import { BALL_RADIUS } from '../engine/table.js';
import { DEFAULT_PHYSICS, type PhysicsParams } from '../sim/index.js';
import { alternatives, variantsLabel } from './draw/alternatives.js';
import { drawBall } from './draw/balls.js';
import type { DrawnShot } from './draw/drawnShot.js';
import {
  callText,
  drawLegend,
  ENTRY_COLORS,
  type Entry,
  estimateText,
  legendHeight,
  outcomeText,
  strokeText,
} from './draw/legend.js';
import { shotPaths } from './draw/paths.js';
import { drawMarks, drawPaths } from './draw/shots.js';
import { drawTable } from './draw/table.js';
import { px, viewFor } from './draw/view.js';
import { el, esc } from './draw/xml.js';

/**
 * The coach's picture of `pool8 suggest --svg` (docs/drawing.md): the table
 * to scale with its pockets labelled, the balls, and up to five distinct
 * suggested shots — the ranking grouped by (kind, ball, pocket), the best of
 * each group drawn — each as the simulator plays its exact stroke: the cue
 * ball's and the object balls' paths, the ghost ball at first contact, the
 * leave; a legend row per entry with the stroke and the estimates. Plain
 * SVG text with a <title> and a <desc> that say the same in words.
 */
export const MAX_ENTRIES = 5;

export interface SvgOptions {
  /** What the estimates were sampled with, for the heading, e.g. "olympiad noise". */
  readonly level?: string;
  readonly params?: PhysicsParams;
}

export function renderSvg(
  state: FrameState,
  ranked: readonly DrawnShot[],
  top: number,
  options: SvgOptions = {},
): string {
  const params = options.params ?? DEFAULT_PHYSICS;
  const v = viewFor(state.table);
  const entries = entriesFor(state, ranked, top, params);
  const player = state.pending?.player ?? state.turn;
  const heading = `Player ${player} to shoot: ${entries.length} distinct shot${entries.length === 1 ? '' : 's'} of ${ranked.length} ranked${options.level ? ` (${options.level})` : ''}`;
  const height = v.height + legendHeight(entries.length);
  const parts: string[] = [];
  parts.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${v.width.toFixed(0)}" height="${height.toFixed(0)}" viewBox="0 0 ${v.width.toFixed(0)} ${height.toFixed(0)}" font-family="DejaVu Sans, Helvetica, Arial, sans-serif" role="img" aria-labelledby="svg-title svg-desc">`,
  );
  parts.push(
    el(
      'title',
      { id: 'svg-title' },
      esc(`pool8 suggest: ${entries.length} distinct shots for player ${player}`),
    ),
  );
  parts.push(el('desc', { id: 'svg-desc' }, esc(describe(state, ranked.length, entries))));
  parts.push(el('rect', { x: 0, y: 0, width: v.width, height: v.height, fill: '#fbfaf6' }));
  parts.push(drawTable(v, params));
  // Worst first, so the best entry's lines are on top.
  for (let i = entries.length - 1; i >= 0; i--) parts.push(drawPaths(v, entries[i]!, i === 0));
  parts.push('<g id="balls">');
  for (const b of state.balls)
    if (b.x !== null && b.y !== null) parts.push(drawBall(v, b.id, b.x, b.y));
  // A cue ball in hand, where each entry places it.
  for (const e of entries) {
    const at = e.alt.best.candidate.placement;
    if (!at) continue;
    parts.push(drawBall(v, 0, at.x, at.y, { 'data-placed-by': String(e.n) }));
    // Ringed in the entry's colour: whose placement it is.
    parts.push(
      el('circle', {
        class: 'placed',
        cx: px(v.X(at.x)),
        cy: px(v.Y(at.y)),
        r: px(BALL_RADIUS * v.scale + 2.5),
        fill: 'none',
        stroke: e.color,
        'stroke-width': '2.5',
      }),
    );
  }
  parts.push('</g>');
  // Tags keep clear of the balls and of each other, the best entry's placed first.
  const taken = state.balls
    .filter((b) => b.x !== null && b.y !== null)
    .map((b) => ({ x: v.X(b.x!), y: v.Y(b.y!) }));
  for (const e of entries)
    if (e.paths?.leave) taken.push({ x: v.X(e.paths.leave.x), y: v.Y(e.paths.leave.y) });
  const marks = entries.map((e) => drawMarks(v, e, taken));
  for (let i = entries.length - 1; i >= 0; i--) parts.push(marks[i]!);
  parts.push(drawLegend(entries, v.height, v.width, heading, v.scale));
  parts.push('</svg>');
  return `${parts.join('\n')}\n`;
}

/**
 * The drawn entries: up to `top` (at most MAX_ENTRIES) distinct
 * alternatives, each with its colour and its exact stroke's paths. The page
 * draws the same entries (web/src/suggestions.ts).
 */
export function entriesFor(
  state: FrameState,
  ranked: readonly DrawnShot[],
  top: number,
  params: PhysicsParams = DEFAULT_PHYSICS,
): Entry[] {
  return alternatives(ranked, Math.min(top, MAX_ENTRIES)).map((alt, i) => {
    const p = shotPaths(state, alt.best.shot, alt.best.candidate.placement, params);
    return {
      n: i + 1,
      color: ENTRY_COLORS[i % ENTRY_COLORS.length]!,
      alt,
      paths: p.ok ? p.value : null,
      refused: p.ok ? null : p.error,
    };
  });
}

/** The picture in words, for <desc>: the position and each entry's numbers. */
function describe(state: FrameState, ranked: number, entries: readonly Entry[]): string {
  const balls = state.balls
    .filter((b) => b.x !== null && b.y !== null)
    .map((b) => `${b.id === 0 ? 'cue' : b.id} (${b.x!.toFixed(3)}, ${b.y!.toFixed(3)})`)
    .join(', ');
  const lines = [
    `Table ${state.table}, seen from above, head rail on the left, left rail (y = W) at the top; coordinates in metres from the head-right corner. Balls: ${balls}.`,
    `${entries.length} distinct shots of ${ranked} ranked, grouped by kind, ball and pocket.`,
    ...entries.map((e) => {
      const r = e.alt.best;
      const folded = variantsLabel(e.alt.variants, r.candidate.kind);
      const place = r.candidate.placement
        ? ` Cue ball placed at (${r.candidate.placement.x.toFixed(3)}, ${r.candidate.placement.y.toFixed(3)}).`
        : '';
      return `${e.n}. ${callText(r)} (rank ${e.alt.rank}${folded ? `, ${folded}` : ''}):${place} ${strokeText(r)}; ${estimateText(r)}, ${r.samples} samples; ${outcomeText(e.paths, e.refused)}.`;
    }),
  ];
  return lines.join('\n');
}
