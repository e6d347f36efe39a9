import { ghostBall, pocketAim } from '../ai/geometry.js';
import type { RankedShot } from '../ai/planner.js';
import type { FrameState } from '../engine/state.js';
import {
  BALL_RADIUS,
  headStringX,
  POCKET_IDS,
  pocketPoint,
  TABLE_DIMENSIONS,
} from '../engine/table.js';

/**
 * A picture of the table and the suggested shots (the coach's drawing, docs/planner.md
 * "drawing the shot line"): balls, the cue ball's line to the ghost ball and
 * the object ball's line to the pocket, best shot boldest. Plain SVG text.
 */
const COLORS: Record<number, string> = {
  0: '#f8f8f0',
  1: '#f2c200',
  2: '#1f4fd1',
  3: '#d11f1f',
  4: '#5b2a86',
  5: '#f07800',
  6: '#137a2b',
  7: '#7a1f1f',
  8: '#111111',
};

export function renderSvg(state: FrameState, ranked: readonly RankedShot[], top: number): string {
  const { length: L, width: W } = TABLE_DIMENSIONS[state.table];
  const s = 400; // px per metre
  const m = 30;
  const X = (x: number) => (m + x * s).toFixed(1);
  const Y = (y: number) => (m + (W - y) * s).toFixed(1); // y up, as seen from above with the head rail on the left
  const parts: string[] = [];
  parts.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${(L * s + 2 * m).toFixed(0)}" height="${(W * s + 2 * m + 20 * top).toFixed(0)}" font-family="sans-serif" font-size="12">`,
  );
  parts.push(
    `<rect x="0" y="0" width="${(L * s + 2 * m).toFixed(0)}" height="${(W * s + 2 * m).toFixed(0)}" fill="#5a3a1a"/>`,
  );
  parts.push(
    `<rect x="${m}" y="${m}" width="${(L * s).toFixed(1)}" height="${(W * s).toFixed(1)}" fill="#1d6b3a"/>`,
  );
  const hx = headStringX(state.table);
  parts.push(
    `<line x1="${X(hx)}" y1="${Y(0)}" x2="${X(hx)}" y2="${Y(W)}" stroke="#ffffff55" stroke-dasharray="4 4"/>`,
  );
  for (const p of POCKET_IDS) {
    const c = pocketPoint(state.table, p);
    parts.push(`<circle cx="${X(c.x)}" cy="${Y(c.y)}" r="${(0.06 * s).toFixed(1)}" fill="#000"/>`);
  }
  const shown = ranked.slice(0, top);
  shown.forEach((r, i) => {
    const cue = r.candidate.placement ?? state.balls.find((b) => b.id === 0);
    if (!cue || cue.x === null || cue.y === null) return;
    if (r.candidate.placement) {
      // The cue ball in hand, drawn where the shot places it.
      parts.push(
        `<circle cx="${X(cue.x)}" cy="${Y(cue.y)}" r="${(BALL_RADIUS * s).toFixed(1)}" fill="#f8f8f0" stroke="#000" stroke-width="0.8" opacity="${i === 0 ? 1 : 0.45}"/>`,
      );
    }
    const width = i === 0 ? 3 : 1.5;
    const opacity = i === 0 ? 1 : 0.6;
    const phi = (r.shot.phi * Math.PI) / 180;
    const call = r.candidate.call;
    const target = call.kind === 'pocket' ? state.balls.find((b) => b.id === call.ball) : undefined;
    if (target && target.x !== null && target.y !== null && call.kind === 'pocket') {
      const aim = pocketAim(state.table, call.pocket);
      const g = ghostBall({ x: target.x, y: target.y }, aim);
      parts.push(
        `<line x1="${X(cue.x)}" y1="${Y(cue.y)}" x2="${X(g.x)}" y2="${Y(g.y)}" stroke="#ffffff" stroke-width="${width}" opacity="${opacity}"/>`,
      );
      parts.push(
        `<circle cx="${X(g.x)}" cy="${Y(g.y)}" r="${(BALL_RADIUS * s).toFixed(1)}" fill="none" stroke="#ffffff" stroke-dasharray="3 2" opacity="${opacity}"/>`,
      );
      parts.push(
        `<line x1="${X(target.x)}" y1="${Y(target.y)}" x2="${X(aim.x)}" y2="${Y(aim.y)}" stroke="#ffd24d" stroke-width="${width}" opacity="${opacity}"/>`,
      );
    } else {
      const len = 0.5;
      parts.push(
        `<line x1="${X(cue.x)}" y1="${Y(cue.y)}" x2="${X(cue.x + Math.cos(phi) * len)}" y2="${Y(cue.y + Math.sin(phi) * len)}" stroke="#9ad0ff" stroke-width="${width}" stroke-dasharray="6 3" opacity="${opacity}"/>`,
      );
    }
    // Number each line a little way along it, staggered so labels of shots on one line do not overlap.
    const t = 0.12 + 0.06 * i;
    parts.push(
      `<text x="${X(cue.x + Math.cos(phi) * t)}" y="${Y(cue.y + Math.sin(phi) * t)}" fill="#fff" font-weight="bold">${i + 1}</text>`,
    );
  });
  for (const b of state.balls) {
    if (b.x === null || b.y === null) continue;
    const fill = COLORS[b.id] ?? COLORS[b.id - 8] ?? '#888';
    parts.push(
      `<circle cx="${X(b.x)}" cy="${Y(b.y)}" r="${(BALL_RADIUS * s).toFixed(1)}" fill="${b.id >= 9 ? '#f8f8f0' : fill}" stroke="#000" stroke-width="0.8"/>`,
    );
    if (b.id >= 9)
      parts.push(
        `<circle cx="${X(b.x)}" cy="${Y(b.y)}" r="${(BALL_RADIUS * s * 0.6).toFixed(1)}" fill="${fill}"/>`,
      );
    if (b.id > 0)
      parts.push(
        `<text x="${X(b.x)}" y="${(Number(Y(b.y)) + 4).toFixed(1)}" text-anchor="middle" fill="${b.id === 8 || b.id >= 9 ? '#fff' : '#000'}" font-size="10">${b.id}</text>`,
      );
  }
  shown.forEach((r, i) => {
    parts.push(
      `<text x="10" y="${(W * s + 2 * m + 16 + 20 * i).toFixed(0)}" fill="#000">${i + 1}. ${escapeXml(r.candidate.describe)} — value ${(r.value * 100).toFixed(0)}%</text>`,
    );
  });
  parts.push('</svg>');
  return parts.join('\n');
}

function escapeXml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
