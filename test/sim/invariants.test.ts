import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BallId } from '../../engine/ball.js';
import type { Layout } from '../../engine/layout.js';
import type { ShotEvent } from '../../engine/shotEvent.js';
import { mirrorPocket } from '../../engine/table.js';
import { simulate } from '../../sim/index.js';
import { buildTableGeometry } from '../../sim/tableGeometry.js';
import { L9, P, R, W9 } from './helpers.js';

const geo = buildTableGeometry('9ft', P);

/** Smallest distance from a ball centre (table frame) to any cushion nose, jaw or jaw tip. */
function cushionClearance(x: number, y: number): number {
  const cx = x - L9 / 2;
  const cy = y - W9 / 2;
  let best = Number.POSITIVE_INFINITY;
  for (const s of geo.segments) {
    const rx = cx - s.px;
    const ry = cy - s.py;
    const lam = rx * s.ux + ry * s.uy;
    if (lam < 0 || lam > s.len) continue;
    const d = rx * s.nx + ry * s.ny;
    if (d > -2 * R && d < best) best = d;
  }
  for (const v of geo.vertices) best = Math.min(best, Math.hypot(cx - v.x, cy - v.y));
  return best;
}

const ball = fc.record({
  x: fc.double({ min: 0.05, max: L9 - 0.05, noNaN: true }),
  y: fc.double({ min: 0.05, max: W9 - 0.05, noNaN: true }),
});
const shotArb = fc.record({
  phi: fc.double({ min: -180, max: 180, noNaN: true }),
  V: fc.double({ min: 0.3, max: 6, noNaN: true }),
  a: fc.double({ min: -0.5, max: 0.5, noNaN: true }),
  b: fc.double({ min: -0.5, max: 0.5, noNaN: true }),
});
const scene = fc.record({
  cue: ball,
  others: fc.array(ball, { minLength: 1, maxLength: 5 }),
  shot: shotArb,
});

function layoutOf(s: {
  cue: { x: number; y: number };
  others: { x: number; y: number }[];
}): Layout {
  return {
    table: '9ft',
    balls: [
      { id: 0, x: s.cue.x, y: s.cue.y },
      ...s.others.map((o, k) => ({ id: (k + 1) as BallId, ...o })),
    ],
  };
}

describe('law 8: no overlaps, energy never rises (fast-check fuzz)', () => {
  it('balls stay ≥ R − 0.5 mm from cushions and ≥ 2R − 0.5 mm from each other; KE never rises', () => {
    let ran = 0;
    fc.assert(
      fc.property(scene, (s) => {
        const out = simulate(layoutOf(s), s.shot, P, { trace: true, energy: true });
        fc.pre(out.ok); // rejected layouts (overlaps, balls in the cushions) are not shots
        if (!out.ok) return;
        ran++;
        const tr = out.value.trace!;
        const ids = Object.keys(tr).map(Number);
        let minCushion = Number.POSITIVE_INFINITY;
        for (const id of ids) {
          for (const smp of tr[id]!)
            minCushion = Math.min(minCushion, cushionClearance(smp[1], smp[2]));
        }
        expect(minCushion).toBeGreaterThan(R - 5e-4);
        // Samples are taken for every ball at the same instants: compare index-wise by time.
        const byTime = new Map<number, [number, number][]>();
        for (const id of ids) {
          for (const smp of tr[id]!) {
            const arr = byTime.get(smp[0]) ?? [];
            arr.push([smp[1], smp[2]]);
            byTime.set(smp[0], arr);
          }
        }
        let minPair = Number.POSITIVE_INFINITY;
        for (const pts of byTime.values()) {
          for (let i = 0; i < pts.length; i++) {
            for (let j = i + 1; j < pts.length; j++) {
              minPair = Math.min(
                minPair,
                Math.hypot(pts[i]![0] - pts[j]![0], pts[i]![1] - pts[j]![1]),
              );
            }
          }
        }
        expect(minPair).toBeGreaterThan(2 * R - 5e-4);
        const en = out.value.energy!;
        let worstRise = 0;
        for (let k = 1; k < en.length; k++)
          worstRise = Math.max(worstRise, en[k]![1] - en[k - 1]![1] * (1 + 1e-12));
        expect(worstRise).toBeLessThanOrEqual(1e-15);
      }),
      { numRuns: 200, seed: 20240611 },
    );
    expect(ran).toBeGreaterThan(50);
  });
});

function mirrorEvent(e: ShotEvent): ShotEvent {
  if (e.type === 'pocket') return { ...e, pocket: mirrorPocket(e.pocket) };
  if (e.type === 'cushion' && (e.rail === 'left' || e.rail === 'right')) {
    return { ...e, rail: e.rail === 'left' ? 'right' : 'left' };
  }
  return e;
}

describe('law 8: mirror symmetry across the long axis', () => {
  it('y → W − y, phi → −phi, a → −a mirrors every event and final position (1e-9 m)', () => {
    let ran = 0;
    fc.assert(
      fc.property(scene, (s) => {
        const layout = layoutOf(s);
        const out = simulate(layout, s.shot, P);
        fc.pre(out.ok);
        if (!out.ok) return;
        ran++;
        const mLayout: Layout = {
          table: '9ft',
          balls: layout.balls.map((b) => ({ ...b, y: W9 - b.y })),
        };
        const mShot = { ...s.shot, phi: -s.shot.phi, a: -s.shot.a };
        const mo = simulate(mLayout, mShot, P);
        expect(mo.ok).toBe(true);
        if (!mo.ok) return;
        const a = out.value.events.map(mirrorEvent);
        const b = mo.value.events;
        expect(b.map((e) => ({ ...e, t: 0 }))).toEqual(a.map((e) => ({ ...e, t: 0 })));
        for (let k = 0; k < a.length; k++) expect(Math.abs(a[k]!.t! - b[k]!.t!)).toBeLessThan(1e-9);
        const fa = out.value.layout.balls;
        const fb = mo.value.layout.balls;
        expect(fb.map((x) => x.id)).toEqual(fa.map((x) => x.id));
        for (let k = 0; k < fa.length; k++) {
          expect(Math.abs(fb[k]!.x - fa[k]!.x)).toBeLessThan(1e-9);
          expect(Math.abs(fb[k]!.y - (W9 - fa[k]!.y))).toBeLessThan(1e-9);
        }
      }),
      { numRuns: 150, seed: 7 },
    );
    expect(ran).toBeGreaterThan(40);
  });
});
