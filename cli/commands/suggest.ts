import type { Command } from 'commander';
import { describeBudget } from '../../ai/budget.js';
import type { LevelName, Noise } from '../../ai/levels.js';
import { describeNoise } from '../../ai/noise.js';
import { plan, reasonFor } from '../../ai/planner.js';
import { PoolEvaluator } from '../../ai/pool.js';
import { type Suggestions, suggestionOf } from '../../ai/suggestion.js';
import type { FrameState } from '../../engine/state.js';
import { levelOf } from '../../play/game.js';
import { printRejection, suggestState } from '../documents.js';
import { alternatives } from '../draw/alternatives.js';
import { CliError, EXIT, OutputFile, parseJsonInput, printJson, readInput } from '../io.js';
import {
  budgetOption,
  intOption,
  levelOption,
  noiseOption,
  rulesOption,
  withBudget,
  withNoise,
} from '../options.js';
import { MAX_ENTRIES, renderSvg } from '../svg.js';

/**
 * The input of `pool8 suggest` (SuggestInputSchema): a state as `new-frame`
 * prints it, `{ "state": S }` as `referee` prints it, or a layout
 * with who is to shoot: `{ "layout": L, "turn"?: 0|1, "groups"?: [g0, g1] | null,
 * "ballInHand"?: {region, restricted} | null }` (balls not in the layout count
 * as pocketed).
 */
export function stateFromInput(doc: unknown, rules: 'pl-bca' | 'wpa'): FrameState {
  // The server's reader (POST /v1/suggest) too; the CLI prints a refusal on stdout.
  try {
    return suggestState(doc, rules);
  } catch (e) {
    printRejection(e);
    throw e;
  }
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
    .option(
      '--svg <file>',
      'draw the table and up to 5 distinct shots (the best of each call; spin variants folded), as the simulator plays them, to an SVG file (docs/drawing.md)',
    )
    .option(
      '--json',
      'print JSON: one shape, schemas/Suggestions.json (each estimate with ± and samples)',
    )
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
        // Opened before the planning: an unwritable --svg is refused at once.
        const svg = opts.svg === undefined ? null : new OutputFile(opts.svg);
        // --noise changes how the shots are sampled (and so the ranking); --budget how many.
        const spec = withNoise({ strategy: 'planner', level: opts.level }, opts.noise);
        const level = levelOf(withBudget(spec, opts.budget, '--budget', true));
        const evaluator = new PoolEvaluator(opts.threads);
        // The drawing's heading says what the estimates were sampled with, as the text does.
        const noiseWords = `${opts.level}${opts.noise ? `, execution noise ${describeNoise(level.noise)}` : ' noise'}`;
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
          const top = d.kind === 'shot' ? d.ranked.slice(0, opts.top) : [];
          if (opts.json) {
            const answer: Suggestions = {
              format: 'pool8/suggestions/1',
              player: state.pending?.player ?? state.turn,
              level: opts.level,
              noise: level.noise,
              budget: level.budget,
              timeLimitMs: opts.timeLimit ?? null,
              decision:
                d.kind === 'shot'
                  ? {
                      type: 'stroke',
                      call: d.call,
                      shot: d.shot,
                      placement: d.placement,
                      reason: d.reason,
                    }
                  : d.kind === 'decide'
                    ? { type: 'decide', option: d.option, reason: d.reason }
                    : { type: 'stalemate', reason: d.reason },
              suggestions: top.map(suggestionOf),
            };
            if (svg && d.kind === 'shot')
              svg.line(renderSvg(state, d.ranked, opts.top, { level: noiseWords }));
            printJson(answer);
            return;
          }
          if (d.kind !== 'shot' || d.ranked.length === 0) {
            printJson(d);
            return;
          }
          if (svg) svg.line(renderSvg(state, d.ranked, opts.top, { level: noiseWords }));
          if (opts.budget || opts.timeLimit !== undefined)
            process.stdout.write(
              `budget: ${describeBudget(level.budget)}${opts.timeLimit !== undefined ? `; the second level stops at ${opts.timeLimit} ms` : ''}\n`,
            );
          process.stdout.write(
            `player ${state.turn} to shoot (${noiseWords}); best ${top.length} of ${d.ranked.length} candidates:\n`,
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
          if (opts.svg) {
            const drawn = alternatives(d.ranked, Math.min(opts.top, MAX_ENTRIES));
            process.stdout.write(
              `drawn to ${opts.svg}: ${drawn.length} distinct shot${drawn.length === 1 ? '' : 's'} (ranks ${drawn.map((a) => a.rank).join(', ')}; variants of one call folded)\n`,
            );
          }
        } finally {
          svg?.close();
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
