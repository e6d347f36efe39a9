/**
 * The planner's geometric pot model against the simulator (docs/planner.md
 * "Calibration: predicted P(pot) against held-out noisy simulations"):
 * random straight-in pots, the model's chance vs the rate measured over 48
 * noisy simulations at the refined aim. Reports the expected calibration
 * error (ECE) and Brier-style mean squared gap; asserts both are small.
 */
import { describe, expect, it } from 'vitest';
import { straightPots } from '../../ai/estimate.js';
import { LEVELS, type LevelName } from '../../ai/levels.js';
import { simulatedPotRate } from '../../ai/potRate.js';
import { deriveSeed, uniform } from '../../ai/seeds.js';

function measure(level: LevelName, layouts: number, samples: number) {
  const noise = LEVELS[level].noise;
  let s = deriveSeed(2024, layouts);
  const u = () => {
    const [x, n] = uniform(s);
    s = n;
    return x;
  };
  const rows: { pred: number; actual: number }[] = [];
  for (let k = 0; k < layouts; k++) {
    const cue = { id: 0 as const, x: 0.1 + u() * 2.34, y: 0.1 + u() * 1.07 };
    const ob = { id: 3 as const, x: 0.1 + u() * 2.34, y: 0.1 + u() * 1.07 };
    if (Math.hypot(cue.x - ob.x, cue.y - ob.y) < 0.15) continue;
    const layout = { table: '9ft' as const, balls: [cue, ob] };
    for (const g of straightPots('9ft', [cue, ob], cue, [3], noise)) {
      const { rate } = simulatedPotRate(layout, g, noise, samples, (i) =>
        deriveSeed(k, i, g.pocket.charCodeAt(1)),
      );
      rows.push({ pred: g.chance, actual: rate });
    }
  }
  const bins = [0, 0.2, 0.4, 0.6, 0.8, 1.0001];
  let ece = 0;
  for (let i = 0; i < 5; i++) {
    const b = rows.filter((r) => r.pred >= bins[i]! && r.pred < bins[i + 1]!);
    if (b.length === 0) continue;
    const gap = Math.abs(b.reduce((a, r) => a + r.pred - r.actual, 0) / b.length);
    ece += (b.length / rows.length) * gap;
  }
  const mse = rows.reduce((a, r) => a + (r.pred - r.actual) ** 2, 0) / rows.length;
  return { n: rows.length, ece, mse };
}

describe('geometric pot model calibration against the simulator', () => {
  it.each(['olympiad', 'amateur'] as const)(
    '%s noise: ECE < 0.08, mean squared gap < 0.08',
    (level) => {
      const m = measure(level, 80, 48);
      expect(m.n).toBeGreaterThan(60);
      expect(m.ece).toBeLessThan(0.08);
      expect(m.mse).toBeLessThan(0.08);
    },
  );
});
