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
import { checkRefereeInput } from '../documents.js';
import { CliError, EXIT, parseJsonInput, printJson, readInput } from '../io.js';

/**
 * The input document of `pool8 referee` (RefereeInputSchema, docs/wire.md):
 * - a shot:      { "state": S, "call": C, "events": [...], "layout"?: L }
 * - a decision:  { "state": S, "decide": "acceptTable" }
 * - stalemate:   { "state": S, "stalemate": true }
 * - correction:  { "state": S, "correct": { "call": C, "events": [...] } }
 * - or any of them as { "state": S, "action": { "type": …, … } };
 * - a bare state S (what `new-frame` prints), or { "state": S } with no
 *   action: nothing is played, and the answer says what the next player may do.
 */
const ACTION_KEYS = ['events', 'decide', 'stalemate', 'correct', 'action'] as const;

export function actionOf(doc: Record<string, unknown>): Action | null {
  const given = ACTION_KEYS.filter((k) => doc[k] !== undefined);
  if (given.length > 1)
    throw new CliError(
      'E_INPUT_TWO_ACTIONS',
      `the input has ${given.join(' and ')}: one action at a time`,
    );
  if (doc.action !== undefined) return doc.action as Action;
  if (doc.decide !== undefined) return { type: 'decide', option: doc.decide as string };
  if (doc.stalemate === true) return { type: 'stalemate' };
  if (doc.correct !== undefined) return { type: 'correct', ...(doc.correct as object) } as Action;
  if (doc.events !== undefined)
    return { type: 'shot', call: doc.call, events: doc.events, layout: doc.layout } as Action;
  if (doc.call !== undefined || doc.layout !== undefined)
    throw new CliError('E_INPUT_NO_ACTION', 'the input has a call or layout but no events');
  return null;
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

export type RefereeOutput =
  | { state: FrameState; verdict: unknown }
  | { state: FrameState; targets: ReturnType<typeof legalTargets> };

export function referee(text: string, rules?: string): RefereeOutput {
  const { state: raw, request } = checkRefereeInput(parseJsonInput(text, 'the input'));
  const parsed = parseState(raw);
  if (!parsed.ok) rejected(parsed.error);
  const preset = rulesOption(rules);
  const state = preset ? { ...parsed.value, rules: PRESETS[preset] } : parsed.value;
  const action = request === null ? null : actionOf(request);
  if (action === null) return { state, targets: legalTargets(state) };
  const result = apply(state, action);
  if (!result.ok) rejected(result.error);
  return result.value;
}

export function registerReferee(program: Command): void {
  program
    .command('referee')
    .description(
      'adjudicate one shot, decision, stalemate or correction; prints { state, verdict } as JSON (a state alone: { state, targets })',
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
  $ pool8 new-frame --seed 7 | pool8 referee
  $ pool8 referee --in examples/break-legal.json
  $ pool8 referee --in examples/open-table-8-first.json --rules wpa`,
    )
    .action((opts: { in?: string; rules?: string; compact?: boolean; targets?: boolean }) => {
      const out = referee(readInput(opts.in), opts.rules);
      printJson(
        opts.targets && !('targets' in out) ? { ...out, targets: legalTargets(out.state) } : out,
        !opts.compact,
      );
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
