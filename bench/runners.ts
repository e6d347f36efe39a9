import type { BallPosition, Layout } from '../engine/layout.js';
import { simulate } from '../sim/index.js';
import { type BenchCase, CASES } from './cases.js';
import { naivePlanck } from './naivePlanck.js';

/**
 * The timed entries: every case on the simulator (`sim/<case>`) and on the
 * naive planck yardstick (`baseline/naive-planck-<case>`), each with a
 * sanity check run once before timing. Shared by bench/main.ts and
 * bench/profile.ts so the profile runs exactly what the bench times.
 */
export type EntryKind = 'sim' | 'baseline';

export interface Entry {
  readonly name: string;
  readonly kind: EntryKind;
  readonly benchCase: BenchCase;
  /** One shot; the return value only keeps the call from being optimised away. */
  readonly run: () => unknown;
  /** Runs the shot once and returns a one-line summary, or throws naming what is wrong. */
  readonly check: () => string;
}

export function simName(c: BenchCase): string {
  return `sim/${c.name}`;
}

export function baselineName(c: BenchCase): string {
  return `baseline/naive-planck-${c.name}`;
}

/** Moved at least 1 mm, or left the table. */
function cueMoved(before: Layout, after: readonly BallPosition[]): boolean {
  const a = before.balls.find((b) => b.id === 0);
  const b = after.find((p) => p.id === 0);
  if (a === undefined) return false;
  if (b === undefined) return true;
  return Math.hypot(b.x - a.x, b.y - a.y) > 1e-3;
}

function simEntry(c: BenchCase): Entry {
  const name = simName(c);
  return {
    name,
    kind: 'sim',
    benchCase: c,
    run: () => simulate(c.layout, c.shot),
    check: () => {
      const r = simulate(c.layout, c.shot);
      if (!r.ok) {
        throw new Error(`${name}: the simulator refused it: ${r.error.code}: ${r.error.message}`);
      }
      const { events, layout } = r.value;
      if (!cueMoved(c.layout, layout.balls)) throw new Error(`${name}: the cue ball did not move`);
      const count = (t: string) => events.filter((e) => e.type === t).length;
      const pots = events.flatMap((e) => (e.type === 'pocket' ? [`${e.ball}→${e.pocket}`] : []));
      const last = events.at(-1)?.t ?? 0;
      return (
        `${events.length} events (${count('contact')} ball–ball, ${count('cushion')} cushion), ` +
        `rest at ${last.toFixed(2)} s, pocketed [${pots.join(' ')}]`
      );
    },
  };
}

function baselineEntry(c: BenchCase): Entry {
  const name = baselineName(c);
  return {
    name,
    kind: 'baseline',
    benchCase: c,
    run: () => naivePlanck(c.layout, c.shot),
    check: () => {
      const r = naivePlanck(c.layout, c.shot);
      if (!cueMoved(c.layout, r.balls)) throw new Error(`${name}: the cue ball did not move`);
      return `${r.steps} steps, ${r.time.toFixed(2)} s of table time, pocketed [${r.pocketed.join(' ')}]`;
    },
  };
}

/** All entries, per case the simulator first and then its baseline. */
export function entries(): Entry[] {
  return CASES.flatMap((c) => [simEntry(c), baselineEntry(c)]);
}
