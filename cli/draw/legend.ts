import type { Alternative } from './alternatives.js';
import { variantsLabel } from './alternatives.js';
import type { DrawnShot } from './drawnShot.js';
import type { ShotPaths } from './paths.js';
import { px } from './view.js';
import { el, esc } from './xml.js';

/**
 * The legend under the table (docs/drawing.md "Legend"): one row per drawn
 * entry, in its colour, with the call, the stroke (φ, speed V in m/s, the
 * tip offset as a small cue-ball diagram and as "a, b"), the estimates as
 * the suggestion data has them (P(pot), P(foul), P(win) ± the 95 % margin,
 * samples), and on a second line why, and what the exact stroke does.
 */
export const ENTRY_COLORS = ['#ffd23f', '#3ec1ff', '#ff5fa2', '#ff8c1a', '#b98cff'] as const;

export const LEGEND_HEADER = 44;
export const LEGEND_ROW = 48;

export interface Entry {
  readonly n: number;
  readonly color: string;
  readonly alt: Alternative<DrawnShot>;
  /** The exact stroke's paths, or why the simulator refused it. */
  readonly paths: ShotPaths | null;
  readonly refused: string | null;
}

const pc = (x: number) => `${(x * 100).toFixed(0)}%`;
const num = (x: number, d: number) => x.toFixed(d).replace('-', '−');

/** "6 → HL, pot" or "safety". */
export function callText(r: DrawnShot): string {
  const c = r.candidate.call;
  return c.kind === 'pocket' ? `${c.ball} → ${c.pocket}, ${r.candidate.kind}` : 'safety';
}

export function strokeText(r: DrawnShot): string {
  const s = r.shot;
  return `φ ${num(s.phi, 2)}°  V ${num(s.V, 2)} m/s  tip a ${num(s.a ?? 0, 2)}, b ${num(s.b ?? 0, 2)}${s.theta ? `  θ ${num(s.theta, 1)}°` : ''}`;
}

export function estimateText(r: DrawnShot): string {
  return `P(pot) ${pc(r.pPot)}  P(foul) ${pc(r.pFoul)}  P(win) ${pc(r.value)} ± ${pc(1.96 * r.stderr)}`;
}

/** What the exact stroke (no noise) does, in words. */
export function outcomeText(p: ShotPaths | null, refused: string | null = null): string {
  if (!p) return `no path drawn: the simulator refused the exact stroke (${refused ?? 'unknown'})`;
  const drops = p.pocketed.filter((d) => d.ball !== 0).map((d) => `${d.ball} in ${d.pocket}`);
  const scratch = p.pocketed.find((d) => d.ball === 0);
  const first = p.firstContact ? `first contact the ${p.firstContact.ball}` : 'no ball contacted';
  const pots = drops.length > 0 ? drops.join(', ') : 'nothing pocketed';
  const cue = scratch
    ? `cue ball scratches in ${scratch.pocket}`
    : p.leave
      ? `cue ball stops at (${p.leave.x.toFixed(3)}, ${p.leave.y.toFixed(3)}) m`
      : '';
  return `exact stroke, no noise: ${first}; ${pots}; ${cue}`;
}

export function drawLegend(
  entries: readonly Entry[],
  top: number,
  width: number,
  heading: string,
  scale: number,
): string {
  const out: string[] = [];
  out.push(
    el('rect', { x: 0, y: top, width, height: legendHeight(entries.length), fill: '#fbfaf6' }),
  );
  out.push(`<g id="legend" font-size="13" fill="#1a1a1a">`);
  out.push(
    el('text', { x: 14, y: top + 18, 'font-size': '13', 'font-weight': 'bold' }, esc(heading)),
  );
  // The line key, drawn as on the table.
  const ky = top + 36;
  out.push(
    el('line', { x1: 14, y1: ky, x2: 40, y2: ky, stroke: '#333', 'stroke-width': '3' }),
    el('text', { x: 46, y: ky + 4 }, 'cue ball'),
    el('line', {
      x1: 110,
      y1: ky,
      x2: 136,
      y2: ky,
      stroke: '#333',
      'stroke-width': '2',
      'stroke-dasharray': '6 3',
    }),
    el('text', { x: 142, y: ky + 4 }, 'object balls'),
    el('circle', {
      cx: 240,
      cy: ky,
      r: 7,
      fill: 'none',
      stroke: '#333',
      'stroke-width': '1.5',
      'stroke-dasharray': '3 2',
    }),
    el('text', { x: 252, y: ky + 4 }, 'ghost ball at first contact'),
    el('circle', { cx: 440, cy: ky, r: 7, fill: 'none', stroke: '#333', 'stroke-width': '3' }),
    el('text', { x: 452, y: ky + 4 }, 'where the cue ball stops (the leave)'),
    el('text', { x: 690, y: ky + 4, fill: '#555' }, '· each the exact stroke, no noise'),
  );
  // A scale bar: 25 cm.
  const bar = 0.25 * scale;
  const bx = width - 24 - bar;
  out.push(
    el('path', {
      d: `M${px(bx)},${ky - 5} v5 h${px(bar)} v-5`,
      fill: 'none',
      stroke: '#333',
      'stroke-width': '1.5',
    }),
    el('text', { x: px(bx - 6), y: ky + 4, 'text-anchor': 'end' }, 'scale: 25 cm'),
  );
  entries.forEach((e, i) => {
    const y = top + LEGEND_HEADER + i * LEGEND_ROW + 18;
    const r = e.alt.best;
    const folded = variantsLabel(e.alt.variants, r.candidate.kind);
    const name = `${e.n}. ${callText(r)}  (rank ${e.alt.rank}${folded ? `; ${folded}` : ''})`;
    out.push(`<g class="legend-row" data-entry="${e.n}">`);
    out.push(
      el('line', {
        x1: 14,
        y1: y - 4,
        x2: 40,
        y2: y - 4,
        stroke: '#1a1a1a',
        'stroke-width': '7',
        'stroke-linecap': 'round',
      }),
      el('line', {
        x1: 14,
        y1: y - 4,
        x2: 40,
        y2: y - 4,
        stroke: e.color,
        'stroke-width': '5',
        'stroke-linecap': 'round',
      }),
      el('text', { x: 50, y, 'font-weight': 'bold', 'font-size': '14' }, esc(name)),
      tip(470, y - 4, r.shot.a ?? 0, r.shot.b ?? 0),
      el('text', { x: 486, y, 'font-size': '12' }, esc(strokeText(r))),
      el(
        'text',
        { x: width - 14, y, 'font-size': '12', 'text-anchor': 'end' },
        esc(`${estimateText(r)}  (${r.samples} samples)`),
      ),
      el(
        'text',
        { x: 50, y: y + 19, 'font-size': '12', fill: '#555' },
        esc(`${r.candidate.describe} · ${outcomeText(e.paths, e.refused)}`),
      ),
    );
    out.push('</g>');
  });
  out.push('</g>');
  return out.join('\n');
}

export function legendHeight(rows: number): number {
  return LEGEND_HEADER + rows * LEGEND_ROW + 6;
}

/** The cue ball seen from behind, with where the tip strikes it: a right (+) / left, b follow (+, up) / draw. */
export function tip(cx: number, cy: number, a: number, b: number): string {
  const r = 10;
  return [
    `<g class="tip" data-a="${a}" data-b="${b}">`,
    el('circle', { cx, cy, r, fill: '#ffffff', stroke: '#444', 'stroke-width': '1' }),
    el('path', {
      d: `M${cx - r},${cy} h${2 * r} M${cx},${cy - r} v${2 * r}`,
      stroke: '#bbb',
      'stroke-width': '0.8',
    }),
    el('circle', { cx: px(cx + a * r), cy: px(cy - b * r), r: 2.6, fill: '#d11f1f' }),
    '</g>',
  ].join('');
}
