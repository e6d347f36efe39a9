/**
 * Break statistics over N seeded breaks (docs/planner.md "Break"): balls
 * pocketed, scratches, balls driven to a rail. Not part of `npm test` (slow;
 * test/sim/break.test.ts pins a 200-break sample).
 *
 * Run: npm run build && node dist/bench/breakStats.js [N=1000] [--v V] [--offset M] [--rack engine]
 *
 * The rack: apex on the foot spot (3L/4, W/2), rows toward the foot rail,
 * neighbours 0.1 mm apart plus a seeded ±0.025 mm jitter (gaps ≈ 0.05–0.15
 * mm, docs/physics.md "Frozen racks"); `--rack engine` uses engine/rack.ts's slots
 * instead (RACK_GAP 0.1 mm, no jitter). The cue ball in the kitchen at
 * x = 0.5 m, y within ±15 cm of the long string (`--offset M`: exactly M
 * metres off it, negative toward the right rail), aimed at the apex ±0.25°,
 * cue speed V ∈ [8, 11] m/s (`--v V`: exactly V). The same seed draws the
 * same jitter and aim error whatever the options.
 */
import type { BallId } from '../engine/ball.js';
import type { BallPosition, Layout } from '../engine/layout.js';
import { rackSlots } from '../engine/rack.js';
import { TABLE_DIMENSIONS } from '../engine/table.js';
import { DEFAULT_PHYSICS, simulate } from '../sim/index.js';
import { nextFloat, prng } from '../sim/prng.js';

const RACK_ORDER: BallId[] = [1, 9, 2, 10, 8, 3, 11, 4, 12, 5, 13, 6, 14, 7, 15];

export interface BreakOptions {
  /** Cue speed, m/s (default: uniform in [8, 11]). */
  readonly V?: number;
  /** Cue-ball offset from the long string, m (default: uniform in ±0.15). */
  readonly offset?: number;
  /** 'seeded' (default): jittered 0.1 mm gaps; 'engine': engine/rack.ts slots. */
  readonly rack?: 'seeded' | 'engine';
}

export function seededBreak(
  seed: number,
  o: BreakOptions = {},
): { layout: Layout; shot: { phi: number; V: number } } {
  const { length: L, width: W } = TABLE_DIMENSIONS['9ft'];
  const R = DEFAULT_PHYSICS.R;
  const rng = prng(seed);
  const d = 2 * R + 1e-4;
  const slots = rackSlots('9ft');
  const balls: BallPosition[] = [];
  let k = 0;
  for (let row = 0; row < 5; row++) {
    for (let j = 0; j <= row; j++) {
      const jx = (nextFloat(rng) - 0.5) * 5e-5;
      const jy = (nextFloat(rng) - 0.5) * 5e-5;
      const id = RACK_ORDER[k]!;
      if (o.rack === 'engine') balls.push({ id, x: slots[k]!.x, y: slots[k]!.y });
      else {
        balls.push({
          id,
          x: 0.75 * L + (row * d * Math.sqrt(3)) / 2 + jx,
          y: W / 2 + (j - row / 2) * d + jy,
        });
      }
      k++;
    }
  }
  const cx = 0.5;
  const off = (nextFloat(rng) - 0.5) * 0.3;
  const cy = W / 2 + (o.offset ?? off);
  const phi =
    (Math.atan2(W / 2 - cy, 0.75 * L - cx) * 180) / Math.PI + (nextFloat(rng) - 0.5) * 0.5;
  const v = 8 + 3 * nextFloat(rng);
  const V = o.V ?? v;
  return { layout: { table: '9ft', balls: [{ id: 0, x: cx, y: cy }, ...balls] }, shot: { phi, V } };
}

function histogram(xs: number[]): Record<number, number> {
  const h: Record<number, number> = {};
  for (const x of xs) h[x] = (h[x] ?? 0) + 1;
  return h;
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

export function breakStats(n: number, o: BreakOptions = {}) {
  const potted: number[] = [];
  const toRail: number[] = [];
  const events: number[] = [];
  let scratches = 0;
  let errors = 0;
  let eightOnBreak = 0;
  let madeBallNoFoul = 0;
  const start = performance.now();
  for (let seed = 1; seed <= n; seed++) {
    const { layout, shot } = seededBreak(seed, o);
    const r = simulate(layout, shot);
    if (!r.ok) {
      errors++;
      continue;
    }
    const ev = r.value.events;
    const pots = ev.filter((e) => e.type === 'pocket');
    const made = pots.filter((e) => e.ball !== 0).length;
    const scratch = pots.some((e) => e.ball === 0);
    const eight = pots.some((e) => e.ball === 8);
    potted.push(made);
    if (scratch) scratches++;
    if (eight) eightOnBreak++;
    if (made > 0 && !scratch && !eight) madeBallNoFoul++;
    toRail.push(
      new Set(ev.flatMap((e) => (e.type === 'cushion' && e.ball !== 0 ? [e.ball] : []))).size,
    );
    events.push(ev.length);
  }
  const seconds = (performance.now() - start) / 1000;
  const ok = potted.length;
  return {
    breaks: n,
    options: o,
    errors,
    breaksPerSecond: n / seconds,
    pocketed: {
      mean: mean(potted),
      atLeastOne: potted.filter((x) => x > 0).length / ok,
      '0/1/2/3+': [0, 1, 2, 3].map((k) => potted.filter((x) => (k < 3 ? x === k : x >= 3)).length),
      histogram: histogram(potted),
    },
    dryBreaks: potted.filter((x) => x === 0).length / ok,
    scratchRate: scratches / ok,
    eightOnBreakRate: eightOnBreak / ok,
    madeBallNoFoulRate: madeBallNoFoul / ok,
    objectBallsToARail: {
      mean: mean(toRail),
      atLeastFour: toRail.filter((x) => x >= 4).length / ok,
      histogram: histogram(toRail),
    },
    eventsPerBreak: mean(events),
  };
}

function parseArgs(argv: string[]): { n: number; o: BreakOptions } {
  let n = 1000;
  let V: number | undefined;
  let offset: number | undefined;
  let rack: 'seeded' | 'engine' | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--v') V = Number(argv[++i]);
    else if (a === '--offset') offset = Number(argv[++i]);
    else if (a === '--rack') rack = argv[++i] === 'engine' ? 'engine' : 'seeded';
    else n = Number(a);
  }
  return {
    n,
    o: {
      ...(V !== undefined ? { V } : {}),
      ...(offset !== undefined ? { offset } : {}),
      ...(rack !== undefined ? { rack } : {}),
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { n, o } = parseArgs(process.argv.slice(2));
  process.stdout.write(`${JSON.stringify(breakStats(n, o), null, 2)}\n`);
}
