import type { Point } from '../../engine/table.js';
import { BALL_RADIUS } from '../../engine/table.js';
import type { Entry } from './legend.js';
import { px, type View } from './view.js';
import { el } from './xml.js';

/**
 * One entry's paths on the table (docs/drawing.md "Paths"): the cue ball's
 * polyline solid, the object balls' dashed, all in the entry's colour over a
 * dark casing so they read on the cloth and across each other; then, above
 * the balls, its markers: the ghost ball at first contact (dashed circle),
 * the leave (hollow circle) with the entry's number.
 */
const points = (v: View, pts: readonly Point[]) =>
  pts.map((p) => `${px(v.X(p.x))},${px(v.Y(p.y))}`).join(' ');

export function drawPaths(v: View, e: Entry, best: boolean): string {
  const out: string[] = [];
  out.push(
    `<g class="alt" id="alt-${e.n}" data-entry="${e.n}" data-key="${e.alt.key}" fill="none" stroke-linejoin="round" stroke-linecap="round">`,
  );
  const p = e.paths;
  if (p) {
    const w = best ? 3.5 : 2.5;
    for (const o of p.objects) {
      const pts = points(v, o.points);
      out.push(
        el('polyline', {
          points: pts,
          stroke: '#000',
          'stroke-opacity': '0.45',
          'stroke-width': w + 1.5,
        }),
        el('polyline', {
          class: 'path object',
          'data-ball': o.ball,
          points: pts,
          stroke: e.color,
          'stroke-width': w - 0.5,
          'stroke-dasharray': '7 4',
        }),
      );
    }
    const pts = points(v, p.cue.points);
    out.push(
      el('polyline', {
        points: pts,
        stroke: '#000',
        'stroke-opacity': '0.5',
        'stroke-width': w + 2,
      }),
      el('polyline', {
        class: 'path cue',
        'data-ball': 0,
        points: pts,
        stroke: e.color,
        'stroke-width': w,
      }),
    );
  }
  out.push('</g>');
  return out.join('\n');
}

/**
 * `taken`: pixel centres already covered (the balls, the tags placed so far);
 * the tag goes to the first of eight spots round the leave clear of them.
 */
export function drawMarks(v: View, e: Entry, taken: { x: number; y: number }[]): string {
  const p = e.paths;
  const out: string[] = [`<g class="alt-marks" data-entry="${e.n}" fill="none">`];
  const r = BALL_RADIUS * v.scale;
  if (p?.firstContact) {
    const g = p.firstContact.at;
    out.push(
      el('circle', {
        class: 'ghost',
        cx: px(v.X(g.x)),
        cy: px(v.Y(g.y)),
        r: px(r),
        stroke: e.color,
        'stroke-width': '1.8',
        'stroke-dasharray': '4 3',
      }),
    );
  }
  const end = p?.leave ?? p?.cue.points[p.cue.points.length - 1];
  if (p && end) {
    const cx = v.X(end.x);
    const cy = v.Y(end.y);
    if (p.leave)
      out.push(
        el('circle', {
          class: 'leave',
          cx: px(cx),
          cy: px(cy),
          r: px(r),
          stroke: '#000',
          'stroke-opacity': '0.55',
          'stroke-width': '5',
        }),
        el('circle', {
          class: 'leave',
          cx: px(cx),
          cy: px(cy),
          r: px(r),
          stroke: e.color,
          'stroke-width': '3',
        }),
      );
    // The entry's number beside where the cue ball ends, where it covers no ball and no other number.
    const at = tagPlace(cx, cy, r, taken);
    taken.push(at);
    const label = p.leave ? String(e.n) : `${e.n}×`;
    const w = label.length > 1 ? 22 : 16;
    out.push(
      el('rect', {
        class: 'tag',
        x: px(at.x - w / 2),
        y: px(at.y - 8),
        width: w,
        height: 16,
        rx: 3,
        fill: e.color,
        stroke: '#000',
        'stroke-width': '1',
      }),
      el(
        'text',
        {
          x: px(at.x),
          y: px(at.y),
          'text-anchor': 'middle',
          'dominant-baseline': 'central',
          'font-size': '11',
          'font-weight': 'bold',
          fill: '#111',
          stroke: 'none',
        },
        label,
      ),
    );
  }
  out.push('</g>');
  return out.join('\n');
}

function tagPlace(
  cx: number,
  cy: number,
  r: number,
  taken: readonly { x: number; y: number }[],
): { x: number; y: number } {
  const d = r + 10;
  const spots = [
    [0.7, -0.7],
    [-0.7, -0.7],
    [0.7, 0.7],
    [-0.7, 0.7],
    [1, 0],
    [-1, 0],
    [0, -1],
    [0, 1],
  ] as const;
  let best = { x: cx + spots[0][0] * d, y: cy + spots[0][1] * d };
  let bestGap = -1;
  for (const [dx, dy] of spots) {
    const p = { x: cx + dx * d, y: cy + dy * d };
    const gap = Math.min(
      Number.POSITIVE_INFINITY,
      ...taken.map((q) => Math.hypot(p.x - q.x, p.y - q.y)),
    );
    if (gap >= r + 10) return p;
    if (gap > bestGap) {
      bestGap = gap;
      best = p;
    }
  }
  return best;
}
