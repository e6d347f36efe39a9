import { type TSchema, Type } from '@sinclair/typebox';
import type { Adjudication } from './adjudicate.js';
import { type EngineError, engineError, engineProblem } from './errors.js';
import { parseState } from './parse.js';
import { type Action, ActionSchema, actionProblem, apply } from './referee.js';
import { err, ok, type Result } from './result.js';
import type { RuleOptions, RulesPreset } from './rules.js';
import {
  FRAME_END_REASONS,
  type FrameState,
  FrameStateInputSchema,
  FrameStateSchema,
  newFrame,
  opponent,
  type PlayerId,
  PlayerIdSchema,
  racked,
} from './state.js';
import type { TableSize } from './table.js';
import { firstProblem } from './validator.js';
import type { Verdict } from './verdict.js';
import { CountSchema, closed, oneOf, tagged, type Wire } from './wireType.js';

/**
 * Who breaks (R4): the winner of the lag decides who breaks the first frame;
 * in a match the players alternate the break.
 */
export function firstBreaker(lagWinner: PlayerId, lagWinnerBreaks: boolean): PlayerId {
  return lagWinnerBreaks ? lagWinner : lagWinner === 0 ? 1 : 0;
}

/** The breaker of frame `index` (0-based) when the first frame was broken by `first` (R4). */
export function breakerOfFrame(first: PlayerId, index: number): PlayerId {
  return (index % 2 === 0 ? first : 1 - first) as PlayerId;
}

/**
 * A match (R4, R21; docs/rules.md reading "Matches"): a race to
 * `framesToWin` frames, the first frame broken as the lag winner chose, the
 * break alternating by frame after that. A frame interrupted by a stalemate
 * (R21) is re-racked inside the frame, broken again by its breaker, and
 * counts for nobody. The match carries its frame in play; the frames before
 * it are summarised in `frames`.
 */
export const LagSchema = closed({
  /** Who won the lag (R4). */
  winner: PlayerIdSchema,
  /** Whether the lag winner chose to break the first frame himself. */
  winnerBreaks: Type.Boolean(),
});
export type Lag = Wire<typeof LagSchema>;

/** A frame of the match that is over and closed. */
export const MatchFrameSchema = closed({
  /** Who broke it (its last rack's breaker: R6 and R21 re-racks included). */
  breaker: PlayerIdSchema,
  winner: PlayerIdSchema,
  reason: oneOf(FRAME_END_REASONS, `one of ${FRAME_END_REASONS.join(', ')}`),
  /** Stalemates in it (R21): re-racked, not counted. */
  stalemates: CountSchema,
  shots: CountSchema,
});
export type MatchFrame = Wire<typeof MatchFrameSchema>;

export const MatchResultSchema = closed({ winner: PlayerIdSchema, loser: PlayerIdSchema });

function matchFields<F extends TSchema>(frame: F) {
  return {
    format: Type.Literal('pool8/match/1'),
    /** Frames a player needs to win the match (a race to this many). */
    framesToWin: Type.Integer({ minimum: 1, description: 'a whole number ≥ 1' }),
    lag: LagSchema,
    /** Frames won by players 0 and 1: the closed frames and the frame in play once it is over. */
    won: Type.Tuple([CountSchema, CountSchema]),
    /** The frames before the one in play, closed (`nextFrame`). */
    frames: Type.Array(MatchFrameSchema),
    /** Who breaks the frame after the one in play (R4: alternating from the first frame's breaker). */
    nextBreaker: PlayerIdSchema,
    /** Stalemates (R21) in the frame in play so far. */
    stalemates: CountSchema,
    /** The frame in play (or the last one, over, when the match is over). */
    frame,
    result: Type.Union([MatchResultSchema, Type.Null()]),
  };
}

/** A match state as pool8 prints it. */
export const MatchStateSchema = closed(matchFields(FrameStateSchema), {
  $id: 'MatchState',
  description:
    'a pool8 match: frames to win, frames won, who breaks next, the lag, the frame in play',
});
export type MatchState = Wire<typeof MatchStateSchema>;

/** A match state as pool8 reads it: `format` may be left out, the frame takes a state's shorthands. */
export const MatchStateInputSchema = closed(
  { ...matchFields(FrameStateInputSchema), format: Type.Optional(Type.Literal('pool8/match/1')) },
  { $id: 'MatchStateInput', description: 'a pool8 match as input' },
);

/** What can be done to a match: any frame action (played on the frame in play), or rack the next frame. */
export const MatchActionSchema = tagged(
  'type',
  [...(ActionSchema.anyOf as TSchema[]), closed({ type: Type.Literal('nextFrame') })],
  'a match action: a frame action (shot, decide, stalemate, correct, foul, rack) or nextFrame',
);
export type MatchAction = Action | { readonly type: 'nextFrame' };

export interface MatchAdjudication {
  readonly match: MatchState;
  readonly verdict: Verdict;
}

export interface NewMatchOptions {
  readonly framesToWin: number;
  readonly lag: Lag;
  /** Seed of the first rack; later racks continue its PRNG. */
  readonly seed: number;
  readonly table?: TableSize;
  readonly rules?: RulesPreset | RuleOptions;
}

type Check<T> = Result<T, EngineError>;

const firstOf = (m: Pick<MatchState, 'lag'>) => firstBreaker(m.lag.winner, m.lag.winnerBreaks);

/** Frames won: the closed frames, and the frame in play once it is over. */
function tally(frames: readonly MatchFrame[], frame: FrameState): [number, number] {
  const won: [number, number] = [0, 0];
  for (const f of frames) won[f.winner] += 1;
  if (frame.result !== null) won[frame.result.winner] += 1;
  return won;
}

function resultOf(framesToWin: number, won: readonly [number, number]): MatchState['result'] {
  for (const p of [0, 1] as const)
    if (won[p] >= framesToWin) return { winner: p, loser: opponent(p) };
  return null;
}

/** A new match: the first frame racked (R3), broken as the lag winner chose (R4). */
export function newMatch(opts: NewMatchOptions): MatchState {
  const first = firstBreaker(opts.lag.winner, opts.lag.winnerBreaks);
  return {
    format: 'pool8/match/1',
    framesToWin: opts.framesToWin,
    lag: { winner: opts.lag.winner, winnerBreaks: opts.lag.winnerBreaks },
    won: [0, 0],
    frames: [],
    nextBreaker: breakerOfFrame(first, 1),
    stalemates: 0,
    frame: newFrame({
      seed: opts.seed,
      breaker: first,
      ...(opts.table !== undefined ? { table: opts.table } : {}),
      ...(opts.rules !== undefined ? { rules: opts.rules } : {}),
    }),
    result: null,
  };
}

const badMatch = (field: string, what: string): Check<never> =>
  err(engineError('E_BAD_MATCH', `${field}: ${what}`, { field }));

/**
 * Parses untrusted JSON into a MatchState: the shape by MatchStateInputSchema,
 * the frame by parseState, then what ties them: the frames won, who breaks
 * next and the result are what the frames say.
 */
export function parseMatch(x: unknown, field = 'match'): Check<MatchState> {
  const problem = firstProblem(MatchStateInputSchema, x, field);
  if (problem !== null)
    return err(
      engineProblem(
        problem,
        /^\.frame($|[.[])/.test(problem.field.slice(field.length)) ? 'E_BAD_STATE' : 'E_BAD_MATCH',
      ),
    );
  const m = x as Wire<typeof MatchStateInputSchema>;
  const frame = parseState(m.frame, `${field}.frame`);
  if (!frame.ok) return frame;
  const won = tally(m.frames, frame.value);
  if (won[0] !== m.won[0] || won[1] !== m.won[1])
    return badMatch(`${field}.won`, `must be the frames won, [${won.join(', ')}]`);
  const before = tally(m.frames, { ...frame.value, result: null });
  if (before[0] >= m.framesToWin || before[1] >= m.framesToWin)
    return badMatch(`${field}.frames`, 'the match was won before the frame in play');
  const next = breakerOfFrame(firstOf(m), m.frames.length + 1);
  if (m.nextBreaker !== next)
    return badMatch(`${field}.nextBreaker`, `must be ${next} (R4: breaks alternate from the lag)`);
  const result = resultOf(m.framesToWin, won);
  if (JSON.stringify(result) !== JSON.stringify(m.result))
    return badMatch(`${field}.result`, `must be ${JSON.stringify(result)}`);
  return ok({ ...m, format: 'pool8/match/1', frame: frame.value });
}

/** The next frame (`nextFrame`): the frame in play closed, a new rack for the next breaker (R4). */
function nextFrame(match: MatchState): Check<MatchAdjudication> {
  if (match.result !== null) return err(engineError('E_MATCH_OVER'));
  const f = match.frame;
  if (f.result === null)
    return err(
      engineError('E_FRAME_NOT_OVER', `frame ${match.frames.length + 1} is in play`, {
        field: 'match.frame.phase',
      }),
    );
  const frames: MatchFrame[] = [
    ...match.frames,
    {
      breaker: f.breaker,
      winner: f.result.winner,
      reason: f.result.reason,
      stalemates: match.stalemates,
      shots: f.shotCount,
    },
  ];
  const breaker = match.nextBreaker;
  const frame = racked(
    { rules: f.rules, table: f.table, rng: f.rng, shotCount: 0, fouls: [0, 0] },
    breaker,
  );
  const next: MatchState = {
    ...match,
    frames,
    nextBreaker: breakerOfFrame(firstOf(match), frames.length + 1),
    stalemates: 0,
    frame,
  };
  const verdict: Verdict = {
    kind: 'newFrame',
    player: breaker,
    fouls: [],
    credited: [],
    stayDown: [],
    respotted: [],
    nextPlayer: breaker,
    ballInHand: frame.ballInHand,
    groups: null,
    groupsDecided: false,
    pending: null,
    frame: null,
    rules: ['R4', 'R3'],
  };
  return ok({ match: next, verdict });
}

/**
 * Plays an action on a match: `nextFrame` racks the next frame; any other
 * action is played on the frame in play (engine/referee.ts `apply`), and the
 * frames won and the result follow from it — a frame's last shot corrected
 * (R20 note) can change who won it. A stalemate (R21) re-racks the frame for
 * its breaker and counts for nobody.
 */
export function applyMatch(match: MatchState, action: MatchAction): Check<MatchAdjudication> {
  const problem = firstProblem(MatchActionSchema, action, '');
  if (problem !== null) return err(actionProblem(problem));
  if (action.type === 'nextFrame') return nextFrame(match);
  // After the match is won only the last shot may still be protested.
  if (match.result !== null && action.type !== 'correct') return err(engineError('E_MATCH_OVER'));
  const played: Check<Adjudication> = apply(match.frame, action);
  if (!played.ok) return played;
  const frame = played.value.state;
  const won = tally(match.frames, frame);
  const next: MatchState = {
    ...match,
    won,
    stalemates: match.stalemates + (played.value.verdict.kind === 'stalemate' ? 1 : 0),
    frame,
    result: resultOf(match.framesToWin, won),
  };
  return ok({ match: next, verdict: played.value.verdict });
}
