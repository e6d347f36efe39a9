import { footSpot, headStringX, POCKET_IDS, type PocketId } from '../../engine/table.js';
import type { PhysicsParams } from '../../sim/index.js';
import { buildTableGeometry } from '../../sim/tableGeometry.js';
import { px, type View } from './view.js';
import { el } from './xml.js';

/**
 * The table to scale (docs/drawing.md "Table"): wooden rails with their
 * diamonds, cushions, the cloth inside the cushion noses, and the six
 * pockets as the simulator builds them (mouths between the jaw tips, jaw
 * faces at the WPA cut angles, the slate cut), each labelled with the id
 * the text uses (HL, SR, …; docs/wire.md). Head string dashed, foot spot.
 */
export const POCKET_NAMES: Readonly<Record<PocketId, string>> = {
  HR: 'head-right corner',
  HL: 'head-left corner',
  SR: 'right side',
  SL: 'left side',
  FR: 'foot-right corner',
  FL: 'foot-left corner',
};

const WOOD = '#6b4423';
const CUSHION = '#185c35';
const CLOTH = '#1f7a45';

export function drawTable(v: View, params: PhysicsParams): string {
  const out: string[] = [];
  const { L, W, scale: s } = v;
  const rect = (d: number, fill: string, extra: Record<string, string> = {}) =>
    el('rect', {
      x: px(v.X(-d)),
      y: px(v.Y(W + d)),
      width: px((L + 2 * d) * s),
      height: px((W + 2 * d) * s),
      fill,
      ...extra,
    });
  out.push('<g id="table">');
  out.push(rect(v.cushion + v.rail, WOOD, { rx: '14' }));
  out.push(rect(v.cushion, CUSHION));
  out.push(rect(0, CLOTH));
  // Diamonds on the wood, every eighth of the length and quarter of the width.
  const mid = v.cushion + v.rail / 2;
  for (let k = 1; k < 8; k++) {
    if (k === 4) continue;
    for (const y of [-mid, W + mid]) out.push(diamond(v, (k * L) / 8, y));
  }
  for (let k = 1; k < 4; k++) for (const x of [-mid, L + mid]) out.push(diamond(v, x, (k * W) / 4));
  // Pockets from the simulator's geometry (internal frame: origin at the table centre).
  const g = buildTableGeometry(v.table, params);
  const ox = L / 2;
  const oy = W / 2;
  const P = (x: number, y: number) => `${px(v.X(x + ox))},${px(v.Y(y + oy))}`;
  const jaws = g.segments.filter((q) => q.rail === 'jaw');
  for (let i = 0; i + 1 < jaws.length; i += 2) {
    const a = jaws[i]!;
    const b = jaws[i + 1]!;
    out.push(
      el('polygon', {
        points: [
          P(a.px, a.py),
          P(a.px + a.ux * a.len, a.py + a.uy * a.len),
          P(b.px + b.ux * b.len, b.py + b.uy * b.len),
          P(b.px, b.py),
        ].join(' '),
        fill: '#0b0b0b',
      }),
    );
  }
  for (const h of g.holes)
    out.push(
      el('circle', {
        cx: px(v.X(h.x + ox)),
        cy: px(v.Y(h.y + oy)),
        r: px(h.r * s),
        fill: '#0b0b0b',
      }),
    );
  // Head string, foot spot.
  const hx = headStringX(v.table);
  out.push(
    el('line', {
      x1: px(v.X(hx)),
      y1: px(v.Y(0)),
      x2: px(v.X(hx)),
      y2: px(v.Y(W)),
      stroke: '#ffffff',
      'stroke-opacity': '0.35',
      'stroke-dasharray': '5 5',
    }),
  );
  const fs = footSpot(v.table);
  out.push(el('circle', { cx: px(v.X(fs.x)), cy: px(v.Y(fs.y)), r: '2', fill: '#ffffff99' }));
  out.push('</g>');
  // Pocket labels on the wood, beyond each pocket.
  out.push('<g id="pockets" font-size="15" font-weight="bold" fill="#f6e7c1">');
  for (const p of POCKET_IDS) {
    const at = labelPoint(v, p);
    out.push(
      el(
        'text',
        {
          class: 'pocket-label',
          'data-pocket': p,
          x: px(at.x),
          y: px(at.y),
          'text-anchor': 'middle',
          'dominant-baseline': 'central',
        },
        `${p}<title>${POCKET_NAMES[p]} pocket</title>`,
      ),
    );
  }
  out.push('</g>');
  return out.join('\n');
}

function diamond(v: View, x: number, y: number): string {
  const cx = v.X(x);
  const cy = v.Y(y);
  const d = 3.5;
  return el('polygon', {
    points: `${px(cx)},${px(cy - d)} ${px(cx + d)},${px(cy)} ${px(cx)},${px(cy + d)} ${px(cx - d)},${px(cy)}`,
    fill: '#f3ead2',
  });
}

/** Where a pocket's label goes, px: on the wood, clear of the pocket cut. */
function labelPoint(v: View, p: PocketId): { x: number; y: number } {
  const { L, W } = v;
  const out = v.cushion + v.rail * 0.55;
  const side = 0.13;
  switch (p) {
    case 'HR':
      return { x: v.X(-out) + 4, y: v.Y(-out) + 2 };
    case 'HL':
      return { x: v.X(-out) + 4, y: v.Y(W + out) - 2 };
    case 'FR':
      return { x: v.X(L + out) - 4, y: v.Y(-out) + 2 };
    case 'FL':
      return { x: v.X(L + out) - 4, y: v.Y(W + out) - 2 };
    case 'SR':
      return { x: v.X(L / 2 + side), y: v.Y(-out) };
    case 'SL':
      return { x: v.X(L / 2 + side), y: v.Y(W + out) };
  }
}
