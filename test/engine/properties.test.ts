/**
 * Invariants of the referee over random legal play (fast-check; docs/design.md
 * point 8): balls are conserved, a foul always hands the table to the opponent,
 * the frame ends only through R1 or R20, and state → JSON → state is exact.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  apply,
  FRAME_END_REASONS,
  type FrameState,
  newFrame,
  OBJECT_BALLS,
  opponent,
  parseState,
} from '../../engine/index.js';
import { Choices, randomAction } from './randomPlay.js';

const stream = fc.array(fc.nat({ max: 1_000_000 }), { minLength: 50, maxLength: 300 });
const preset = fc.constantFrom('pl-bca' as const, 'wpa' as const);

function play(
  seed: number,
  rules: 'pl-bca' | 'wpa',
  choices: number[],
  check: (
    before: FrameState,
    after: FrameState,
    v: import('../../engine/index.js').Verdict,
  ) => void,
): number {
  let state = newFrame({ seed, breaker: (seed & 1) as 0 | 1, rules });
  const c = new Choices(choices);
  let steps = 0;
  for (; steps < 80 && state.phase !== 'over'; steps++) {
    const action = randomAction(state, c);
    const res = apply(state, action);
    // Every action is generated legal, so the referee must accept it.
    if (!res.ok)
      throw new Error(`${res.error.code}: ${res.error.message} for ${JSON.stringify(action)}`);
    check(state, res.value.state, res.value.verdict);
    state = res.value.state;
  }
  return steps;
}

describe('referee invariants over random legal play', () => {
  it('balls are conserved: on table + pocketed + off table = 15, each ball once', () => {
    fc.assert(
      fc.property(fc.integer(), preset, stream, (seed, rules, choices) => {
        play(seed, rules, choices, (_b, after) => {
          const all = [
            ...after.balls.map((b) => b.id).filter((id) => id !== 0),
            ...after.pocketed,
            ...after.offTable,
          ];
          expect(all.length).toBe(15);
          expect(new Set(all)).toEqual(new Set(OBJECT_BALLS));
        });
      }),
      { numRuns: 150 },
    );
  });

  it('a foul always gives the opponent the table: ball in hand or a pending choice (R15, R6, R8, R9)', () => {
    fc.assert(
      fc.property(fc.integer(), preset, stream, (seed, rules, choices) => {
        play(seed, rules, choices, (before, after, v) => {
          if (v.fouls.length === 0 || v.frame !== null) return;
          const opp = opponent(before.turn);
          expect(v.nextPlayer).toBe(opp);
          expect(after.turn).toBe(opp);
          expect(after.ballInHand !== null || after.pending?.player === opp).toBe(true);
        });
      }),
      { numRuns: 150 },
    );
  });

  it('the frame ends only through R1 or R20, and only with a frameOver verdict', () => {
    fc.assert(
      fc.property(fc.integer(), preset, stream, (seed, rules, choices) => {
        play(seed, rules, choices, (_b, after, v) => {
          if (after.phase === 'over') {
            expect(v.kind).toBe('frameOver');
            expect(FRAME_END_REASONS).toContain(after.result!.reason);
            expect(v.rules[0]).toBe(after.result!.reason);
            expect(after.result!.winner).toBe(opponent(after.result!.loser));
          } else {
            expect(v.kind).not.toBe('frameOver');
            expect(after.result).toBeNull();
          }
        });
      }),
      { numRuns: 150 },
    );
  });

  it('state → JSON → state is identical, and parses back to itself', () => {
    fc.assert(
      fc.property(fc.integer(), preset, stream, (seed, rules, choices) => {
        play(seed, rules, choices, (_b, after) => {
          const json = JSON.stringify(after);
          const back = JSON.parse(json);
          expect(back).toStrictEqual(after);
          const parsed = parseState(back);
          expect(parsed.ok).toBe(true);
          if (parsed.ok) expect(JSON.stringify(parsed.value)).toBe(json);
        });
      }),
      { numRuns: 100 },
    );
  });

  it('the referee is pure: the same action on the same state gives the same result, and the input is untouched', () => {
    fc.assert(
      fc.property(fc.integer(), preset, stream, (seed, rules, choices) => {
        let state = newFrame({ seed, rules });
        const c = new Choices(choices);
        for (let i = 0; i < 30 && state.phase !== 'over'; i++) {
          const action = randomAction(state, c);
          const frozen = JSON.stringify(state);
          const a = apply(state, action);
          const b = apply(state, action);
          expect(JSON.stringify(state)).toBe(frozen);
          expect(JSON.stringify(a)).toBe(JSON.stringify(b));
          if (!a.ok) break;
          state = a.value.state;
        }
      }),
      { numRuns: 60 },
    );
  });
});
