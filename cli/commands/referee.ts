import type { Command } from 'commander';
import {
  type Action,
  apply,
  applyMatch,
  checkRackInput,
  type EngineError,
  engineError,
  type FrameState,
  isRulesPreset,
  legalTargets,
  type MatchAction,
  type MatchState,
  newFrame,
  newMatch,
  PRESETS,
  parseMatch,
  parseState,
  type RackCheck,
  RULES_PRESETS,
  rackFailureText,
} from '../../engine/index.js';
import { printRejection, Rejection, readRefereeInput } from '../documents.js';
import { CliError, parseJsonInput, printJson, readInput } from '../io.js';

/**
 * The input document of `pool8 referee` (RefereeInputSchema, docs/wire.md):
 * - a shot:      { "state": S, "call": C, "events": [...], "layout"?: L }
 * - a decision:  { "state": S, "decide": "acceptTable" }
 * - stalemate:   { "state": S, "stalemate": true }
 * - correction:  { "state": S, "correct": { "shot": N, "call": C, "events": [...] } }
 *   (N: the shot corrected, the last one played — state.shotCount)
 * - a foul before the stroke: { "state": S, "foul": { "events": [place?, confirmPlacement?, touch] } }
 * - a rack made by people:    { "state": S, "rack": { "balls": [...] } } (before the break)
 * - or any of them as { "state": S, "action": { "type": …, … } };
 * - a bare state S (what `new-frame` prints), or { "state": S } with no
 *   action: nothing is played, and the answer says what the next player may do;
 * - on a match M (what `new-match` prints): { "match": M, …one action… }, the
 *   action played on its frame in play, or { "match": M, "nextFrame": true };
 *   a bare match M answers what the next player may do;
 * - a rack check: { "rack": { "table"?, "balls": [...] } } answers { rack } (R3).
 */
const ACTION_KEYS = [
  'events',
  'decide',
  'stalemate',
  'correct',
  'foul',
  'rack',
  'nextFrame',
  'action',
] as const;

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
  if (doc.foul !== undefined) return { type: 'foul', ...(doc.foul as object) } as Action;
  if (doc.rack !== undefined) return { type: 'rack', ...(doc.rack as object) } as Action;
  if (doc.nextFrame === true) return { type: 'nextFrame' } as unknown as Action;
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

function rejected(error: EngineError, also: Record<string, unknown> = {}): never {
  throw new Rejection(error, also);
}

export type RefereeOutput =
  | { state: FrameState; verdict: unknown }
  | { state: FrameState; targets: ReturnType<typeof legalTargets> }
  | { match: MatchState; state: FrameState; verdict: unknown }
  | { match: MatchState; state: FrameState; targets: ReturnType<typeof legalTargets> }
  | { rack: RackCheck };

/** `{ match, … }`: the action played on the match's frame in play, or the next frame racked. */
function refereeMatch(
  raw: unknown,
  request: Record<string, unknown> | null,
  preset: (typeof RULES_PRESETS)[number] | undefined,
): RefereeOutput {
  const parsed = parseMatch(raw);
  if (!parsed.ok) rejected(parsed.error);
  const match: MatchState = preset
    ? { ...parsed.value, frame: { ...parsed.value.frame, rules: PRESETS[preset] } }
    : parsed.value;
  if (request?.state !== undefined) {
    // What referee printed beside the match: it must be the match's frame, not an edited copy.
    const beside = parseState(request.state);
    if (!beside.ok) rejected(beside.error);
    if (JSON.stringify(beside.value) !== JSON.stringify(parsed.value.frame))
      throw new CliError(
        'E_INPUT_STATE_NOT_MATCH_FRAME',
        'the input has a state and a match whose frame differs: send the match alone',
      );
  }
  const action = request === null ? null : (actionOf(request) as MatchAction | null);
  if (action === null) return { match, state: match.frame, targets: legalTargets(match.frame) };
  const result = applyMatch(match, action);
  if (!result.ok) rejected(result.error);
  return {
    match: result.value.match,
    state: result.value.match.frame,
    verdict: result.value.verdict,
  };
}

/** `pool8 referee` on its input text: a refusal is printed on stdout, then thrown. */
export function referee(text: string, rules?: string): RefereeOutput {
  try {
    return refereeInput(parseJsonInput(text, 'the input'), rules);
  } catch (e) {
    printRejection(e);
    throw e;
  }
}

/**
 * `pool8 referee` on a parsed document (POST /v1/referee too), printing
 * nothing: a document the core refuses throws a Rejection (its code,
 * field and what goes with it), a malformed one an InputError or CliError.
 */
export function refereeInput(input: unknown, rules?: string): RefereeOutput {
  const doc = readRefereeInput(input);
  const preset = rulesOption(rules);
  if (doc.kind === 'rack') {
    // R3 is the same in both presets: --rules changes nothing here.
    const check = checkRackInput(doc.rack);
    if (!check.ok) rejected(check.error);
    if (!check.value.legal)
      rejected(engineError('E_RACK_ILLEGAL', rackFailureText(check.value), { field: 'rack' }), {
        rack: check.value,
      });
    return { rack: check.value };
  }
  if (doc.kind === 'match') return refereeMatch(doc.match, doc.request, preset);
  const { state: raw, request } = doc;
  const parsed = parseState(raw);
  if (!parsed.ok) rejected(parsed.error);
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
      'adjudicate one shot, decision, stalemate, correction, foul before the stroke or rack, on a frame or a match; prints { state, verdict } ({ match, state, verdict } on a match; a state or match alone: … targets); { rack } checks a rack by R3',
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
  $ pool8 referee --in examples/open-table-8-first.json --rules wpa
  $ pool8 referee --in examples/rack-illegal.json        # a rack check (R3)
  $ pool8 new-match --seed 7 --frames-to-win 3 | pool8 referee`,
    )
    .action((opts: { in?: string; rules?: string; compact?: boolean; targets?: boolean }) => {
      const out = referee(readInput(opts.in), opts.rules);
      printJson(
        opts.targets && 'state' in out && !('targets' in out)
          ? { ...out, targets: legalTargets(out.state) }
          : out,
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

  program
    .command('new-match')
    .description(
      'print a new match: a race to N frames, the first frame broken as the lag winner chose (R4), breaks alternating',
    )
    .requiredOption('--seed <n>', 'seed of the first rack (later racks continue its PRNG)', (v) => {
      const n = Number(v);
      if (!Number.isInteger(n)) throw new CliError('E_INPUT_BAD_SEED', '--seed must be an integer');
      return n;
    })
    .requiredOption('--frames-to-win <n>', 'frames a player needs to win the match', (v) => {
      const n = Number(v);
      if (!Number.isInteger(n) || n < 1)
        throw new CliError('E_INPUT_BAD_FRAMES', '--frames-to-win must be a whole number ≥ 1');
      return n;
    })
    .option('--lag <player>', 'who won the lag: 0 or 1 (R4)', '0')
    .option(
      '--lag-choice <choice>',
      'the lag winner breaks the first frame, or passes it: break | pass',
      'break',
    )
    .option('--table <size>', 'table: 9ft | 8ft | 7ft', '9ft')
    .option('--rules <preset>', `rules preset: ${RULES_PRESETS.join(' | ')}`, 'pl-bca')
    .option('--compact', 'print JSON on one line')
    .action(
      (opts: {
        seed: number;
        framesToWin: number;
        lag: string;
        lagChoice: string;
        table: string;
        rules: string;
        compact?: boolean;
      }) => {
        if (opts.lag !== '0' && opts.lag !== '1')
          throw new CliError('E_INPUT_BAD_PLAYER', '--lag must be 0 or 1');
        if (opts.lagChoice !== 'break' && opts.lagChoice !== 'pass')
          throw new CliError('E_INPUT_BAD_LAG', '--lag-choice must be break or pass');
        if (opts.table !== '9ft' && opts.table !== '8ft' && opts.table !== '7ft')
          throw new CliError('E_INPUT_BAD_TABLE', '--table must be 9ft, 8ft or 7ft');
        printJson(
          newMatch({
            framesToWin: opts.framesToWin,
            lag: { winner: opts.lag === '0' ? 0 : 1, winnerBreaks: opts.lagChoice === 'break' },
            seed: opts.seed,
            table: opts.table,
            rules: rulesOption(opts.rules) ?? 'pl-bca',
          }),
          !opts.compact,
        );
      },
    );
}
