import { describe, expect, it } from 'vitest';
import { pocketPoint } from '../../engine/table.js';
import { simulate, simulateFrom } from '../../sim/index.js';
import { breakShot, DEG, L9, P, R, W9 } from './helpers.js';

/**
 * A rolling object ball sent at 1 m/s toward the FL corner along the pocket
 * axis (45°), offset sideways by `off` metres. Returns whether it dropped and
 * whether it touched a jaw.
 */
function corner(off: number, v = 1) {
  const ux = Math.cos(45 * DEG);
  const uy = Math.sin(45 * DEG);
  const x = L9 - ux * 0.5 - uy * off;
  const y = W9 - uy * 0.5 + ux * off;
  const out = simulateFrom(
    '9ft',
    [{ id: 1, x, y, vx: v * ux, vy: v * uy, wx: (-v * uy) / R, wy: (v * ux) / R }],
    P,
  );
  if (!out.ok) throw new Error(out.error.message);
  const ev = out.value.events;
  return {
    dropped: ev.some((e) => e.type === 'pocket' && e.pocket === 'FL'),
    jaw: ev.some((e) => e.type === 'cushion' && e.rail === 'jaw'),
    onTable: out.value.layout.balls.length === 1,
  };
}

describe('pockets: WPA mouths and jaws, a ball drops only over the slate cut', () => {
  it('a straight-in pot drops (cue ball → object ball → FL along the pocket axis)', () => {
    const fl = pocketPoint('9ft', 'FL');
    const ob = { x: fl.x - 0.6 * Math.cos(45 * DEG), y: fl.y - 0.6 * Math.sin(45 * DEG) };
    const cb = { x: ob.x - 0.5 * Math.cos(45 * DEG), y: ob.y - 0.5 * Math.sin(45 * DEG) };
    const out = simulate(
      {
        table: '9ft',
        balls: [
          { id: 0, ...cb },
          { id: 3, ...ob },
        ],
      },
      { phi: 45, V: 1.5 },
    );
    if (!out.ok) throw new Error(out.error.message);
    const pots = out.value.events.filter((e) => e.type === 'pocket');
    expect(pots).toEqual([expect.objectContaining({ ball: 3, pocket: 'FL' })]);
    expect(out.value.layout.balls.map((b) => b.id)).toEqual([0]);
  });

  it('the same shot 2 mm beyond the pocket edge hits the jaw and rattles out', () => {
    // The edge: the largest sideways offset (0.25 mm steps) that still drops.
    let edge = 0;
    while (corner(edge + 2.5e-4).dropped) edge += 2.5e-4;
    // A plausible pocket: the ball's centre line may miss the axis by 20–40 mm (34.75 mm today)
    // (mouth 115.9 mm − ball 57.15 mm = 58.7 mm of clear passage).
    expect(edge).toBeGreaterThan(0.02);
    expect(edge).toBeLessThan(0.04);
    for (const side of [1, -1]) {
      const r = corner(side * (edge + 0.002));
      expect(r.dropped).toBe(false);
      expect(r.jaw).toBe(true);
      expect(r.onTable).toBe(true);
    }
    // And everything inside the edge drops.
    for (let off = -edge; off <= edge; off += edge / 8) expect(corner(off).dropped).toBe(true);
  });

  it('a ball centred over nothing but the jaws stays out: a slow ball stops in the jaws', () => {
    // Rolled slowly so it stops before the slate cut: it must not be pocketed.
    const v = Math.sqrt(2 * P.muRoll * P.g * (0.5 - 0.08)); // stops ~8 cm short of the corner point
    const r = corner(0, v);
    expect(r.dropped).toBe(false);
  });
});

describe('the break (docs/physics.md: 8–11 m/s, rack gaps 0.05–0.1 mm)', () => {
  it('spreads the rack and pockets balls at a plausible rate over 40 seeded breaks', () => {
    let potted = 0;
    let moved = 0;
    let scratches = 0;
    let toRail = 0;
    const N = 40;
    for (let seed = 1; seed <= N; seed++) {
      const { layout, shot } = breakShot(seed);
      const out = simulate(layout, shot);
      if (!out.ok) throw new Error(out.error.message);
      const ev = out.value.events;
      potted += ev.filter((e) => e.type === 'pocket' && e.ball !== 0).length;
      if (ev.some((e) => e.type === 'pocket' && e.ball === 0)) scratches++;
      toRail += new Set(
        ev
          .filter((e) => e.type === 'cushion' && e.ball !== 0)
          .map((e) => (e as { ball: number }).ball),
      ).size;
      for (const b of out.value.layout.balls) {
        const start = layout.balls.find((s) => s.id === b.id)!;
        if (b.id !== 0 && Math.hypot(b.x - start.x, b.y - start.y) > 0.05) moved++;
      }
      expect(ev.at(-1)!.type).toBe('rest');
    }
    // Every break drives several balls to a rail and moves most of the rack.
    expect(toRail / N).toBeGreaterThan(4);
    expect(moved / N).toBeGreaterThan(6);
    expect(potted / N).toBeGreaterThan(0.1);
    expect(potted / N).toBeLessThan(4);
    expect(scratches / N).toBeLessThan(0.4);
  });
});
