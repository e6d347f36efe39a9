/**
 * The referee: the rules of eight-ball (R1–R21) as a pure function from a
 * state and a move to the next state and a verdict. The package exports
 * this module as the `referee` namespace (api/index.ts).
 */
import type { Noise } from '../ai/levels.js';
import { perturb } from '../ai/noise.js';
import { layoutFor } from '../ai/sampling.js';
import { engineError } from '../engine/errors.js';
import type { BallPosition, Layout } from '../engine/layout.js';
import {
  applyMatch as engineApplyMatch,
  newMatch as engineNewMatch,
  type MatchAction,
  type MatchAdjudication,
  type MatchState,
  type NewMatchOptions,
  parseMatch,
} from '../engine/match.js';
import { parseState } from '../engine/parse.js';
import { checkRackInput, type RackCheck, type RackInput } from '../engine/rackCheck.js';
import { type Action, apply as engineApply } from '../engine/referee.js';
import { err, ok, type Result } from '../engine/result.js';
import type { Shot } from '../engine/shot.js';
import type { ShotEvent } from '../engine/shotEvent.js';
import {
  newFrame as engineNewFrame,
  type FrameState,
  type NewFrameOptions,
} from '../engine/state.js';
import type { TableSize } from '../engine/table.js';
import type { Verdict } from '../engine/verdict.js';
import { noiseSeed } from '../play/game.js';
import { checkBallsAt, checkStatePositions, type PhysicsParams } from '../sim/index.js';
import type { Pool8Error } from './errors.js';
import type { Move } from './move.js';
import { simulate } from './simulate.js';

/** Options of `referee.apply` for a {@link Stroke}. */
export interface ApplyOptions {
  /**
   * Execution noise: the stroke is perturbed by it before it is simulated,
   * as a player of that level would play it (`bot.noise`). Absent: the
   * stroke is played exactly.
   */
  readonly noise?: Noise;
  /**
   * Seed of the noise (an integer, default 0). Mixed with the state's shot
   * count, so one seed gives every shot of a frame its own draw.
   */
  readonly seed?: number;
  /** Physics to simulate with (default: `DEFAULT_PHYSICS` of `pool8/sim`). */
  readonly params?: PhysicsParams;
}

/** What `referee.apply` returns: the next state and what the referee decided. */
export interface Outcome {
  /** The state after the move: pass it to the next `apply` or `bot.decide`. */
  readonly state: FrameState;
  /**
   * The ruling: `kind` (`continue`, `turnOver`, `foul`, `frameOver`, …), the
   * fouls, the balls credited, who plays next, and the rules that decided it.
   */
  readonly verdict: Verdict;
  /** For a stroke: the shot as simulated (with the noise applied, if any). */
  readonly executed?: Shot;
  /** For a stroke: the events the referee judged, the cue-ball placement first. */
  readonly events?: readonly ShotEvent[];
  /** For a stroke: where the balls came to rest. */
  readonly layout?: Layout;
}

/**
 * Plays a move and referees it.
 *
 * @remarks
 * A {@link Stroke} is simulated (with `options.noise`, perturbed first) and
 * the resulting events refereed; a {@link Choice} or {@link Stalemate} goes
 * straight to the referee, and so does any `Action` of `pool8/engine` (a
 * `{ type: 'shot', events }` report from a real table or another physics
 * engine, or a `correct`ion of the last shot). Pure and deterministic: the
 * same state, move and options give the same outcome.
 *
 * @param state - the frame before the move
 * @param move - the move to play
 * @param options - execution noise and physics, for a stroke
 * @returns the outcome, or the reason the move is refused: a referee code
 * such as `E_CALL_ILLEGAL_BALL`, `E_DECISION_PENDING`, `E_FRAME_OVER`,
 * `E_PLACEMENT_OVERLAP`, or a simulator code such as `E_SIM_BAD_SHOT`
 *
 * @example
 * ```ts
 * const r = referee.apply(state, { type: 'stroke', shot: { phi: 0, V: 3 } });
 * if (r.ok) console.log(r.value.verdict.kind);
 * else console.error(r.error.code, r.error.message);
 * ```
 */
export function apply(
  state: FrameState,
  move: Move | Action,
  options: ApplyOptions = {},
): Result<Outcome, Pool8Error> {
  const parsed = parseState(state);
  if (!parsed.ok) return parsed;
  const s = parsed.value;
  // The geometry the referee does not know: the state's positions, and the reported final ones.
  const misplaced = checkStatePositions(s);
  if (misplaced) return err(misplaced);
  if (typeof move !== 'object' || move === null || move.type !== 'stroke') {
    const layout = (move as { layout?: { table?: TableSize; balls: BallPosition[] } | null })
      .layout;
    const stopped = layout
      ? checkBallsAt(layout.table ?? s.table, layout.balls, 'layout.balls')
      : null;
    if (stopped) return err(stopped);
    return engineApply(s, move as Action);
  }
  if (s.phase === 'over') return err(engineError('E_FRAME_OVER'));
  const placement = move.placement ?? null;
  const layout = layoutFor(s, placement);
  if (!layout)
    return err(
      engineError('E_BAD_STATE', 'a stroke needs every ball position', { field: 'state.balls' }),
    );
  const executed = options.noise
    ? perturb(move.shot, options.noise, noiseSeed(options.seed ?? 0, s.shotCount))[0]
    : move.shot;
  const sim = simulate(layout, executed, options.params ? { params: options.params } : {});
  if (!sim.ok) return sim;
  const events: ShotEvent[] = placement
    ? [{ type: 'place', ball: 0, x: placement.x, y: placement.y }, ...sim.value.events]
    : sim.value.events;
  const r = engineApply(s, {
    type: 'shot',
    call: move.call ?? undefined,
    events,
    layout: sim.value.layout,
  });
  if (!r.ok) return r;
  return ok({ ...r.value, executed, events, layout: sim.value.layout });
}

/**
 * A new frame, racked for the break (R3): the balls in the rack drawn from
 * the seed, the breaker with the cue ball in hand behind the head string.
 *
 * @param options - `seed` (any integer: the same seed, the same rack),
 * `breaker` (0 or 1, default 0), `table` (`9ft`, `8ft` or `7ft`, default
 * `9ft`), `rules` (`pl-bca`, the default, or `wpa`, or a rules object)
 * @returns the state, plain JSON data
 */
export function newFrame(options: NewFrameOptions): FrameState {
  return engineNewFrame(options);
}

/**
 * Checks a rack made by people against R3: the apex ball on the foot spot,
 * the 8 in the middle of the third row, a solid and a stripe in the back
 * corners, the balls frozen, the triangle square to the table.
 *
 * @param rack - `{ table?, balls }`: the table (default `9ft`) and the
 * fifteen object balls where they stand, in metres
 * @returns the check: `legal`, each failing requirement (`requirement`,
 * `rule`, `detail`, `balls`, `mm`) and the tolerances in millimetres; or
 * `E_BAD_RACK` (`E_UNKNOWN_BALL` for a ball id) when the rack is malformed
 */
export function checkRack(rack: RackInput): Result<RackCheck, Pool8Error> {
  return checkRackInput(rack, 'rack');
}

/**
 * A new match (R4): a race to `framesToWin` frames, the first frame racked
 * from `seed` and broken as the lag winner chose, the break alternating.
 *
 * @param options - `framesToWin`, `lag` (`{ winner, winnerBreaks }`),
 * `seed`, and optionally `table` and `rules` as for {@link newFrame}
 * @returns the match, plain JSON data
 */
export function newMatch(options: NewMatchOptions): MatchState {
  return engineNewMatch(options);
}

/**
 * Plays an action on a match: any referee `Action` on its frame in play, or
 * `{ type: 'nextFrame' }` to rack the next frame once that one is over. A
 * stalemate (R21) re-racks the frame for its breaker and counts for nobody.
 *
 * @returns the match after it and the verdict, or the reason it is refused:
 * `E_BAD_MATCH`, `E_MATCH_OVER`, `E_FRAME_NOT_OVER`, or any code of `apply`
 */
export function applyMatch(
  match: MatchState,
  action: MatchAction,
): Result<MatchAdjudication, Pool8Error> {
  const parsed = parseMatch(match);
  if (!parsed.ok) return parsed;
  const misplaced = checkStatePositions(parsed.value.frame, 'match.frame.balls');
  if (misplaced) return err(misplaced);
  return engineApplyMatch(parsed.value, action);
}
