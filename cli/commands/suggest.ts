import { writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import { describeBudget } from '../../ai/budget.js';
import type { LevelName, Noise } from '../../ai/levels.js';
import { describeNoise } from '../../ai/noise.js';
import { plan, type RankedShot, reasonFor } from '../../ai/planner.js';
import { PoolEvaluator } from '../../ai/pool.js';
import { OBJECT_BALLS } from '../../engine/ball.js';
import { parseState } from '../../engine/parse.js';
import { PRESETS } from '../../engine/rules.js';
import { type FrameState, newFrame } from '../../engine/state.js';
import { levelOf } from '../../play/game.js';
import { checkPosition, parseLayout } from '../../sim/index.js';
import { CliError, EXIT, parseJsonInput, printJson, readInput } from '../io.js';
import {
  budgetOption,
  intOption,
  levelOption,
  noiseOption,
  rulesOption,
  withBudget,
  withNoise,
} from '../options.js';
import { renderSvg } from '../svg.js';

/**
 * The input of `pool8 suggest`: a full state `{ "state": S }`, or a layout
 * with who is to shoot: `{ "layout": L, "turn"?: 0|1, "groups"?: [g0, g1] | null,
 * "ballInHand"?: {region, restricted} | null }` (balls not in the layout count
 * as pocketed).
 */
function reject(error: { code: string; message: string }): never {
  printJson({ error });
  throw new CliError(error.code, error.message, EXIT.rejected);
}

export function stateFromInput(doc: unknown, rules: 'pl-bca' | 'wpa'): FrameState {
  if (typeof doc !== 'object' || doc === null)
    throw new CliError('E_INPUT_NOT_OBJECT', 'the input must be a JSON object');
  const d = doc as Record<string, unknown>;
  if (d.state !== undefined) {
    const s = parseState(d.state);
    if (!s.ok) reject(s.error);
    return s.value;
  }
  const layout = parseLayout(d.layout);
  if (!layout.ok) reject(layout.error);
  const bad = checkPosition(layout.value);
  if (bad) reject(bad);
  const base = newFrame({ seed: 0, table: layout.value.table, rules });
  const on = new Set(layout.value.balls.map((b) => b.id));
  const candidate = {
    ...base,
    rules: PRESETS[rules],
    phase: 'play',
    turn: d.turn ?? 0,
    groups: d.groups ?? null,
    balls: [...layout.value.balls]
      .sort((a, b) => a.id - b.id)
      .map((b) => ({ id: b.id, x: b.x, y: b.y })),
    pocketed: OBJECT_BALLS.filter((b) => !on.has(b)),
    ballInHand: d.ballInHand ?? (on.has(0) ? null : { region: 'anywhere', restricted: false }),
  };
  // Through JSON and the state parser, so a bad turn, groups or ballInHand is refused by name.
  const s = parseState(JSON.parse(JSON.stringify(candidate)));
  if (!s.ok) reject(s.error);
  return s.value;
}

function row(r: RankedShot, i: number) {
  return {
    rank: i + 1,
    kind: r.candidate.kind,
    call: r.candidate.call,
    placement: r.candidate.placement,
    shot: r.shot,
    samples: r.samples,
    pPot: r.pPot,
    pFoul: r.pFoul,
    pLoseFrame: r.pLose,
    leave: r.leave,
    value: r.value,
    reason: reasonFor(r),
  };
}

export function registerSuggest(program: Command): void {
  program
    .command('suggest')
    .description(
      'rank the best shots for the player to move: call, parameters, P(pot), P(foul), P(lose), the leave, and why',
    )
    .option(
      '--in <file>',
      'read { "state": … } or { "layout": …, "turn", "groups", "ballInHand" } from FILE (default stdin)',
    )
    .option('--level <level>', 'noise and budget level', levelOption, 'olympiad' as LevelName)
    .option(
      '--noise <json>',
      "execution-noise overrides over the level's own (φ, θ in degrees, V in m/s, a, b in R), e.g. '{\"phi\":0.0625}'; the shots are sampled with it",
      noiseOption,
    )
    .option(
      '--budget <json>',
      'the planner\'s budget over the level\'s (candidates, samples, finalists, finalSamples, potSamples, lookahead), e.g. \'{"samples":48,"finalSamples":64}\'',
      budgetOption('--budget'),
    )
    .option(
      '--time-limit <ms>',
      'start no more of the second level (more samples for the best few) once this many ms have passed',
      intOption('--time-limit', 1, 3_600_000),
    )
    .option('--top <k>', 'how many shots to show', intOption('--top', 1, 50), 5)
    .option('--seed <n>', 'seed of the sampling', intOption('--seed'), 1)
    .option('--rules <preset>', 'pl-bca | wpa (for a layout input)', rulesOption, 'pl-bca')
    .option('--threads <n>', 'worker threads', intOption('--threads', 1, 64), 2)
    .option('--svg <file>', 'draw the table and the top shots to an SVG file')
    .option('--json', 'print JSON')
    .addHelpText(
      'after',
      `
Examples:
  $ pool8 suggest --in examples/suggest-open-table.json
  $ pool8 suggest --in examples/suggest-open-table.json --level amateur --top 3 --svg shots.svg
  $ pool8 suggest --in examples/suggest-open-table.json --noise '{"phi":0.0625}'
  $ pool8 suggest --in examples/suggest-open-table.json --budget '{"samples":48,"finalSamples":64}'`,
    )
    .action(
      async (opts: {
        in?: string;
        level: LevelName;
        noise?: Partial<Noise>;
        budget?: Record<string, unknown>;
        timeLimit?: number;
        top: number;
        seed: number;
        rules: 'pl-bca' | 'wpa';
        threads: number;
        svg?: string;
        json?: boolean;
      }) => {
        const state = stateFromInput(parseJsonInput(readInput(opts.in), 'the input'), opts.rules);
        // --noise changes how the shots are sampled (and so the ranking); --budget how many.
        const spec = withNoise({ strategy: 'planner', level: opts.level }, opts.noise);
        const level = levelOf(withBudget(spec, opts.budget, '--budget', true));
        const evaluator = new PoolEvaluator(opts.threads);
        try {
          const r = await plan(state, {
            level,
            seed: opts.seed,
            evaluator,
            ...(opts.timeLimit !== undefined
              ? { timeLimitMs: opts.timeLimit, now: () => performance.now() }
              : {}),
            // A big budget can take minutes: say what is being done, on a terminal only.
            ...(process.stderr.isTTY
              ? {
                  onProgress: (p: { phase: string; tasks: number }) =>
                    process.stderr.write(`${PHASE_WORDS[p.phase] ?? p.phase}: ${p.tasks} tasks\n`),
                }
              : {}),
          });
          if (!r.ok) {
            printJson({ error: r.error });
            throw new CliError(r.error.code, r.error.message, EXIT.rejected);
          }
          const d = r.value;
          if (d.kind !== 'shot' || d.ranked.length === 0) {
            printJson(opts.json ? { decision: d } : d);
            return;
          }
          const top = d.ranked.slice(0, opts.top);
          if (opts.svg) writeFileSync(opts.svg, renderSvg(state, d.ranked, opts.top));
          if (opts.json) {
            printJson({
              player: state.turn,
              level: opts.level,
              noise: level.noise,
              budget: level.budget,
              ...(opts.timeLimit !== undefined ? { timeLimitMs: opts.timeLimit } : {}),
              suggestions: top.map(row),
            });
            return;
          }
          if (opts.budget || opts.timeLimit !== undefined)
            process.stdout.write(
              `budget: ${describeBudget(level.budget)}${opts.timeLimit !== undefined ? `; the second level stops at ${opts.timeLimit} ms` : ''}\n`,
            );
          process.stdout.write(
            `player ${state.turn} to shoot (${opts.level}${opts.noise ? `, execution noise ${describeNoise(level.noise)}` : ' noise'}); best ${top.length} of ${d.ranked.length} candidates:\n`,
          );
          top.forEach((s, i) => {
            const c = s.candidate.call;
            const call = c.kind === 'safety' ? 'safety' : `${c.ball} → ${c.pocket}`;
            const place = s.candidate.placement
              ? ` place (${s.candidate.placement.x.toFixed(3)}, ${s.candidate.placement.y.toFixed(3)})`
              : '';
            process.stdout.write(
              `${i + 1}. ${call.padEnd(8)} φ ${s.shot.phi.toFixed(2)}° V ${s.shot.V.toFixed(2)} a ${(s.shot.a ?? 0).toFixed(2)} b ${(s.shot.b ?? 0).toFixed(2)}${place}\n` +
                `   P(pot) ${pc(s.pPot)}  P(foul) ${pc(s.pFoul)}  P(lose frame) ${pc(s.pLose)}  leave ${pc(s.leave)}  P(win) ${pc(s.value)} ±${pc(1.96 * s.stderr)} (${s.samples} samples)\n` +
                `   ${reasonFor(s)}\n`,
            );
          });
          if (opts.svg) process.stdout.write(`drawn to ${opts.svg}\n`);
        } finally {
          await evaluator.close();
        }
      },
    );
}

const PHASE_WORDS: Readonly<Record<string, string>> = {
  aim: 'refining the aims',
  sample: 'sampling the candidates',
  final: 'second level, the finalists',
};

const pc = (x: number) => `${(x * 100).toFixed(0)}%`;
