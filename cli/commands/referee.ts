import type { Command } from 'commander';
import {
  type Action,
  apply,
  type EngineError,
  type FrameState,
  isRulesPreset,
  legalTargets,
  newFrame,
  PRESETS,
  parseState,
  RULES_PRESETS,
} from '../../engine/index.js';
import { CliError, EXIT, parseJsonInput, printJson, readInput } from '../io.js';

/**
 * The input document of `pool8 referee` (README, examples/):
 * - a shot:      { "state": S, "call": C, "events": [...], "layout"?: L }
 * - a decision:  { "state": S, "decide": "acceptTable" }
 * - stalemate:   { "state": S, "stalemate": true }
 * - correction:  { "state": S, "correct": { "call": C, "events": [...] } }
 * - or any of them as { "state": S, "action": { "type": …, … } }.
 */
export function actionOf(doc: Record<string, unknown>): Action {
  if (doc.action !== undefined) return doc.action as Action;
  if (doc.decide !== undefined) return { type: 'decide', option: doc.decide as string };
  if (doc.stalemate === true) return { type: 'stalemate' };
  if (doc.correct !== undefined) {
    const c = doc.correct as Record<string, unknown>;
    return { type: 'correct', call: c?.call, events: c?.events, layout: c?.layout };
  }
  if (doc.events !== undefined)
    return { type: 'shot', call: doc.call, events: doc.events, layout: doc.layout };
  throw new CliError(
    'E_INPUT_NO_ACTION',
    'the input has no events, decide, stalemate, correct or action',
  );
}

function rulesOption(value: string | undefined): (typeof RULES_PRESETS)[number] | undefined {
  if (value === undefined) return undefined;
  if (!isRulesPreset(value)) {
    throw new CliError('E_INPUT_BAD_RULES', `--rules must be one of ${RULES_PRESETS.join(', ')}`);
  }
  return value;
}

function rejected(error: EngineError): never {
  printJson({ error });
  throw new CliError(error.code, error.message, EXIT.rejected);
}

export function referee(text: string, rules?: string): { state: FrameState; verdict: unknown } {
  const doc = parseJsonInput(text, 'the input');
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) {
    throw new CliError('E_INPUT_NOT_OBJECT', 'the input must be a JSON object');
  }
  const d = doc as Record<string, unknown>;
  const parsed = parseState(d.state);
  if (!parsed.ok) rejected(parsed.error);
  const preset = rulesOption(rules);
  const state = preset ? { ...parsed.value, rules: PRESETS[preset] } : parsed.value;
  const result = apply(state, actionOf(d));
  if (!result.ok) rejected(result.error);
  return result.value;
}

export function registerReferee(program: Command): void {
  program
    .command('referee')
    .description(
      'adjudicate one shot, decision, stalemate or correction; prints { state, verdict } as JSON',
    )
    .option('--in <file>', 'read the input document from FILE instead of stdin')
    .option(
      '--rules <preset>',
      `rules preset: ${RULES_PRESETS.join(' | ')} (default: the state's own)`,
    )
    .option('--compact', 'print JSON on one line')
    .option('--targets', 'also print what the next player may do (legalTargets)')
    .addHelpText(
      'after',
      `
Examples:
  $ pool8 new-frame --seed 7 > frame.json
  $ pool8 referee --in examples/break-legal.json
  $ pool8 referee --in examples/open-table-8-first.json --rules wpa`,
    )
    .action((opts: { in?: string; rules?: string; compact?: boolean; targets?: boolean }) => {
      const out = referee(readInput(opts.in), opts.rules);
      printJson(opts.targets ? { ...out, targets: legalTargets(out.state) } : out, !opts.compact);
    });

  program
    .command('new-frame')
    .description('print a new frame state: the rack by R3 from a seed, the breaker by R4')
    .requiredOption('--seed <n>', 'seed of the rack shuffle', (v) => {
      const n = Number(v);
      if (!Number.isInteger(n)) throw new CliError('E_INPUT_BAD_SEED', '--seed must be an integer');
      return n;
    })
    .option('--breaker <player>', 'who breaks: 0 or 1 (R4)', '0')
    .option('--table <size>', 'table: 9ft | 8ft | 7ft', '9ft')
    .option('--rules <preset>', `rules preset: ${RULES_PRESETS.join(' | ')}`, 'pl-bca')
    .option('--compact', 'print JSON on one line')
    .action(
      (opts: {
        seed: number;
        breaker: string;
        table: string;
        rules: string;
        compact?: boolean;
      }) => {
        if (opts.breaker !== '0' && opts.breaker !== '1') {
          throw new CliError('E_INPUT_BAD_PLAYER', '--breaker must be 0 or 1');
        }
        if (opts.table !== '9ft' && opts.table !== '8ft' && opts.table !== '7ft') {
          throw new CliError('E_INPUT_BAD_TABLE', '--table must be 9ft, 8ft or 7ft');
        }
        printJson(
          newFrame({
            seed: opts.seed,
            breaker: opts.breaker === '0' ? 0 : 1,
            table: opts.table,
            rules: rulesOption(opts.rules) ?? 'pl-bca',
          }),
          !opts.compact,
        );
      },
    );
}
