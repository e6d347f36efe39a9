import type { BallId } from '../../engine/ball.js';
import { BALL_RADIUS } from '../../engine/table.js';
import { px, type View } from './view.js';
import { el } from './xml.js';

/**
 * The balls (docs/drawing.md "Balls"): solids filled, stripes white with a
 * coloured band across the middle, the 8 black, the cue ball white; the
 * number in dark text on light colours and white on dark ones, chosen by
 * the colour's luminance so every number reads.
 */
const COLORS: Readonly<Record<number, string>> = {
  1: '#f5c400',
  2: '#1f4fd1',
  3: '#d62222',
  4: '#5b2a86',
  5: '#f07800',
  6: '#0e6b2a',
  7: '#7a1f1f',
  8: '#111111',
};
const WHITE = '#f8f6ee';

export function ballColor(id: BallId): string {
  if (id === 0) return WHITE;
  return COLORS[id] ?? COLORS[id - 8] ?? '#888888';
}

/** WCAG relative luminance of a #rrggbb colour. */
export function luminance(hex: string): number {
  const c = [1, 3, 5].map((i) => {
    const v = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * c[0]! + 0.7152 * c[1]! + 0.0722 * c[2]!;
}

/** The number's colour on a background: whichever of near-black and white contrasts more. */
export function textOn(hex: string): string {
  const l = luminance(hex);
  // Contrast against #111 (luminance ≈ 0.0056) versus against white (1).
  return (l + 0.05) / 0.0556 >= 1.05 / (l + 0.05) ? '#111111' : '#ffffff';
}

export function drawBall(
  v: View,
  id: BallId,
  x: number,
  y: number,
  extra: Readonly<Record<string, string>> = {},
): string {
  const cx = v.X(x);
  const cy = v.Y(y);
  const r = BALL_RADIUS * v.scale;
  const color = ballColor(id);
  const stripe = id >= 9;
  const parts: string[] = [];
  parts.push(`<g class="ball" data-ball="${id}"${attrs(extra)}>`);
  parts.push(el('circle', { cx: px(cx), cy: px(cy), r: px(r), fill: stripe ? WHITE : color }));
  if (stripe) {
    // The band: the part of the ball within ±0.55 R of the middle (a clipped circle, as a path).
    const h = 0.55 * r;
    const w = Math.sqrt(r * r - h * h);
    parts.push(
      el('path', {
        d: `M${px(cx - w)},${px(cy - h)} L${px(cx + w)},${px(cy - h)} A${px(r)},${px(r)} 0 0 1 ${px(cx + w)},${px(cy + h)} L${px(cx - w)},${px(cy + h)} A${px(r)},${px(r)} 0 0 1 ${px(cx - w)},${px(cy - h)} Z`,
        fill: color,
      }),
    );
  }
  parts.push(
    el('circle', {
      cx: px(cx),
      cy: px(cy),
      r: px(r),
      fill: 'none',
      stroke: '#000000',
      'stroke-width': '1',
    }),
  );
  if (id > 0)
    parts.push(
      el(
        'text',
        {
          x: px(cx),
          y: px(cy),
          'text-anchor': 'middle',
          'dominant-baseline': 'central',
          'font-size': '12',
          'font-weight': 'bold',
          fill: textOn(color),
        },
        String(id),
      ),
    );
  parts.push('</g>');
  return parts.join('');
}

function attrs(a: Readonly<Record<string, string>>): string {
  return Object.entries(a)
    .map(([k, v]) => ` ${k}="${v}"`)
    .join('');
}
