import type { Level } from '../ai/levels.js';
import { ballsToGo, firstShotChance, stateValue } from '../ai/value.js';
import { type FrameState, opponent, type PlayerId } from '../engine/state.js';
import { type GameRecord, replay } from '../play/record.js';

/**
 * How well the leave's value predicts who wins (docs/planner.md "Calibration"): every
 * position a player shot from in open play, and whether he went on to win
 * the frame; the race model (ai/value.ts) is scored on them against a
 * logistic fitted to them (Brier score).
 *
 * The logistic predicts far better, and as the planner's value it played far
 * worse (bench/README.md): fitted to outcomes, it learns what
 * goes with winning, not what a shot changes. It stays here as a yardstick.
 */
export interface WinModel {
  readonly bias: number;
  /** Weight of the first-shot chance p1. */
  readonly p1: number;
  /** Weight of the mover's pots to go, a. */
  readonly toGo: number;
  /** Weight of the opponent's pots to go, b. */
  readonly oppToGo: number;
  /** Weight of p1 / a. */
  readonly p1PerBall: number;
}

/** P(mover wins) by the logistic, with first-shot chance p1, needing a pots against b. */
export function winChance(m: WinModel, p1: number, a: number, b: number): number {
  if (a <= 0) return 1;
  if (b <= 0) return 0;
  const z = m.bias + m.p1 * p1 + m.toGo * a + m.oppToGo * b + (m.p1PerBall * p1) / a;
  return 1 / (1 + Math.exp(-z));
}

export interface DecisionPoint {
  readonly state: FrameState;
  readonly mover: PlayerId;
  readonly won: boolean;
}

/**
 * The open-play positions of a record; none (and `skipped`) when it does not
 * replay bit for bit. A frame with no winner (the shot cap) counts as lost
 * to both players.
 */
export function decisionPoints(record: GameRecord): {
  points: DecisionPoint[];
  skipped: boolean;
} {
  const seen: { state: FrameState; frame: number }[] = [];
  const r = replay(record, (state, entry, frame) => {
    if (entry.action === 'shot' && state.phase === 'play' && state.pending === null)
      seen.push({ state, frame });
  });
  if (!r.ok) return { points: [], skipped: true };
  return {
    points: seen.map(({ state, frame }) => ({
      state,
      mover: state.turn,
      won: record.frames[frame]!.winner === state.turn,
    })),
    skipped: false,
  };
}

/** The model's inputs: the mover's first-shot chance and both sides' pots to go. */
export function features(p: DecisionPoint, level: Level): { p1: number; a: number; b: number } {
  return {
    p1: firstShotChance(p.state, level),
    a: ballsToGo(p.state, p.mover),
    b: ballsToGo(p.state, opponent(p.mover)),
  };
}

/**
 * Logistic regression of the outcome on (1, p1, a, b, p1 / a) by Newton's
 * method (iteratively reweighted least squares) with a small ridge that
 * keeps the steps defined when a feature is constant.
 */
export function fitWinModel(
  rows: readonly { p1: number; a: number; b: number; won: boolean }[],
  iterations = 30,
): WinModel {
  const x = rows.map((r) => [1, r.p1, r.a, r.b, r.p1 / r.a]);
  const k = 5;
  const w = new Array<number>(k).fill(0);
  for (let it = 0; it < iterations; it++) {
    const g = new Array<number>(k).fill(0);
    const h = Array.from({ length: k }, (_, i) =>
      Array.from({ length: k }, (_, j) => (i === j ? 1e-6 : 0)),
    );
    for (const [n, xi] of x.entries()) {
      const z = xi.reduce((s, v, i) => s + v * w[i]!, 0);
      const p = 1 / (1 + Math.exp(-z));
      const y = Number(rows[n]!.won);
      for (let i = 0; i < k; i++) {
        g[i]! += (p - y) * xi[i]!;
        for (let j = 0; j < k; j++) h[i]![j]! += p * (1 - p) * xi[i]! * xi[j]!;
      }
    }
    const step = solve(h, g);
    for (let i = 0; i < k; i++) w[i]! -= step[i]!;
  }
  return { bias: w[0]!, p1: w[1]!, toGo: w[2]!, oppToGo: w[3]!, p1PerBall: w[4]! };
}

/** Gaussian elimination with partial pivoting (the 5 × 5 Newton step). */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]!]);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r]![c]!) > Math.abs(m[p]![c]!)) p = r;
    [m[c], m[p]] = [m[p]!, m[c]!];
    for (let r = c + 1; r < n; r++) {
      const f = m[r]![c]! / m[c]![c]!;
      for (let j = c; j <= n; j++) m[r]![j]! -= f * m[c]![j]!;
    }
  }
  const out = new Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    let s = m[r]![n]!;
    for (let j = r + 1; j < n; j++) s -= m[r]![j]! * out[j]!;
    out[r] = s / m[r]![r]!;
  }
  return out;
}

/** Mean squared gap between predicted P(win) and the outcome. */
export function brier(rows: readonly { est: number; won: boolean }[]): number {
  if (rows.length === 0) return Number.NaN;
  return rows.reduce((s, r) => s + (r.est - Number(r.won)) ** 2, 0) / rows.length;
}

/** The race model's P(win) for the mover of each position (ai/value.ts). */
export function raceEstimates(
  points: readonly DecisionPoint[],
  level: Level,
): { est: number; won: boolean }[] {
  return points.map((p) => ({ est: stateValue(p.state, p.mover, level), won: p.won }));
}

/** Predicted P(win) against the outcome rate, by bands of the prediction. */
export function calibration(
  rows: readonly { est: number; won: boolean }[],
  edges: readonly number[] = [0, 0.2, 0.4, 0.6, 0.8, 1.0001],
): { band: string; n: number; estimated: number; won: number }[] {
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  const out: { band: string; n: number; estimated: number; won: number }[] = [];
  for (let i = 0; i + 1 < edges.length; i++) {
    const r = rows.filter((x) => x.est >= edges[i]! && x.est < edges[i + 1]!);
    out.push({
      band: `${edges[i]}–${Math.min(1, edges[i + 1]!)}`,
      n: r.length,
      estimated: mean(r.map((x) => x.est)),
      won: mean(r.map((x) => Number(x.won))),
    });
  }
  return out;
}
