import { LEVELS } from '../ai/levels.js';
import { lookaheadValue } from '../ai/sampling.js';
import { type FrameState, newFrame, OBJECT_BALLS } from '../engine/index.js';
import type { BallPosition, Layout } from '../engine/layout.js';
import type { ShotEvent } from '../engine/shotEvent.js';
import { DEFAULT_PHYSICS, simulate } from '../sim/index.js';
import { type BenchCase, CASES, PLANNER_LEAVE } from './cases.js';
import { naivePlanck } from './naivePlanck.js';

/**
 * The timed entries: every case on the simulator (`sim/<case>`) and on the
 * naive planck yardstick (`baseline/naive-planck-<case>`), and the
 * planner's hot path (`planner/depth-2`), each with a sanity check run once
 * before timing. Shared by bench/main.ts and bench/profile.ts so the profile
 * runs exactly what the bench times.
 */
export type EntryKind = 'sim' | 'baseline' | 'planner';

export interface Entry {
  readonly name: string;
  readonly kind: EntryKind;
  /** The simulator case timed; null for the planner entry. */
  readonly benchCase: BenchCase | null;
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

/**
 * How the simulated events miss the case's intent (its first contact, its
 * pots), or null when they keep it: a case timed must be the shot its
 * name says.
 */
export function intentMissed(c: BenchCase, events: readonly ShotEvent[]): string | null {
  const first = events.find((e) => e.type === 'contact' && (e.a === 0 || e.b === 0));
  const hit = first?.type === 'contact' ? (first.a === 0 ? first.b : first.a) : null;
  if (hit !== c.intent.firstContact) {
    return `the cue ball hits ${hit === null ? 'nothing' : `the ${hit}`} first, not the ${c.intent.firstContact}`;
  }
  if (c.intent.pocketed === null) return null;
  const pots = events.flatMap((e) => (e.type === 'pocket' ? [`${e.ball}→${e.pocket}`] : []));
  const meant = c.intent.pocketed.map((p) => `${p.ball}→${p.pocket}`);
  if (pots.join(' ') !== meant.join(' ')) {
    return `pocketed [${pots.join(' ')}], not [${meant.join(' ')}]`;
  }
  return null;
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
      const wrong = intentMissed(c, events);
      if (wrong) throw new Error(`${name}: not the shot it is meant to be: ${wrong}`);
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

/**
 * `planner/depth-2`: what the olympiad planner spends most of a decision on
 * (62 % of 23 decisions' CPU profile, 2026-12-02): valuing one leave by
 * planning the next shot (ai/sampling.ts `lookaheadValue`: the best 4
 * straight pots, 3 ways each, each aim-refined by noiseless simulation and
 * sampled 3 times under the olympiad noise). The leave is PLANNER_LEAVE
 * (bench/cases.ts: the table of `sim/table-shot` until 2026-12-03), stripes
 * to move. One op is one leave.
 */
function plannerEntry(): Entry {
  const layout = PLANNER_LEAVE;
  const on = new Set(layout.balls.map((b) => b.id));
  const state: FrameState = {
    ...newFrame({ seed: 1 }),
    phase: 'play',
    groups: ['solids', 'stripes'],
    turn: 1,
    balls: [...layout.balls].sort((a, b) => a.id - b.id) as FrameState['balls'],
    pocketed: OBJECT_BALLS.filter((b) => !on.has(b)),
    ballInHand: null,
  };
  const level = LEVELS.olympiad;
  const look = level.budget.lookahead!;
  const run = () => lookaheadValue(state, level, look, DEFAULT_PHYSICS, 1);
  return {
    name: 'planner/depth-2',
    kind: 'planner',
    benchCase: null,
    run,
    check: () => {
      const v = run();
      if (!(v > 0 && v < 1))
        throw new Error(`planner/depth-2: the leave's value ${v} is not a chance`);
      return `the leave (stripes to move, ${on.size - 1} object balls) valued ${v.toFixed(3)}`;
    },
  };
}

/** All entries, per case the simulator first and then its baseline; the planner last. */
export function entries(): Entry[] {
  return [...CASES.flatMap((c) => [simEntry(c), baselineEntry(c)]), plannerEntry()];
}
