import { describe, expect, it } from 'vitest';
import { CASES } from '../../bench/cases.js';
import { newFrame } from '../../engine/state.js';
import { simulate } from '../../sim/index.js';
import { ballsAt, motionOf, strokeMotion } from '../../web/src/motion.js';

/**
 * The page animates the simulator's trace (web/src/motion.ts): at every
 * sample time a ball is exactly at its sample, at the end exactly at its
 * simulated rest, and a pocketed ball is gone after its drop.
 */
describe('motion from the trace', () => {
  for (const c of CASES) {
    it(`${c.name}: samples, rests and drops as simulated`, () => {
      const r = simulate(c.layout, c.shot, undefined, { trace: true });
      if (!r.ok) throw new Error(r.error.message);
      const m = motionOf(c.layout, r.value);
      const trace = r.value.trace!;
      let last = 0;
      for (const [id, samples] of Object.entries(trace)) {
        // Every 7th sample (the break has thousands): the animation passes through it.
        for (let k = 0; k < samples.length; k += 7) {
          const [t] = samples[k]!;
          // At a time with two samples (an event) the later one is where the ball goes on from.
          const same = samples.filter((s) => s[0] === t);
          const want = same[same.length - 1]!;
          const b = ballsAt(m, t).find((q) => q.id === Number(id));
          if (!b) {
            // Only a ball that has dropped (or left the table) by then may be missing.
            expect(r.value.layout.balls.some((q) => q.id === Number(id))).toBe(false);
            continue;
          }
          expect(Math.hypot(b.x - want[1], b.y - want[2])).toBeLessThan(1e-12);
        }
        last = Math.max(last, samples[samples.length - 1]?.[0] ?? 0);
      }
      expect(m.duration).toBeGreaterThanOrEqual(last);
      const end = ballsAt(m, m.duration + 1);
      expect(end).toEqual(r.value.layout.balls.map((b) => ({ id: b.id, x: b.x, y: b.y })));
      expect(ballsAt(m, 0).map((b) => [b.id, b.x, b.y])).toEqual(
        c.layout.balls.map((b) => [b.id, b.x, b.y]),
      );
      for (const e of r.value.events)
        if (e.type === 'pocket')
          expect(ballsAt(m, (e.t ?? 0) + 1e-9).some((b) => b.id === e.ball)).toBe(false);
    });
  }

  it('a break from the rack: the stroke motion of a state ends at the simulated layout', () => {
    const s = newFrame({ seed: 7 });
    const m = strokeMotion(s, { phi: 0, V: 8, a: 0, b: 0, theta: 0 }, { x: 0.4, y: 0.64 });
    if (!m.ok) throw new Error(m.error);
    expect(ballsAt(m.motion, m.motion.duration + 1)).toEqual(
      m.outcome.layout.balls.map((b) => ({ id: b.id, x: b.x, y: b.y })),
    );
    expect(m.motion.duration).toBeGreaterThan(1);
  });

  it('a refused stroke says why', () => {
    const s = newFrame({ seed: 7 });
    const m = strokeMotion(s, { phi: 0, V: 8, a: 0.9, b: 0, theta: 0 }, { x: 0.4, y: 0.64 });
    expect(m.ok).toBe(false);
    if (!m.ok) expect(m.error).toMatch(/E_SIM_BAD_SHOT/);
  });
});
