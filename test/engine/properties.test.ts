/**
 * Invariants of the referee over random legal play (fast-check; docs/design.md
 * point 8): balls are conserved, a foul always hands the table to the opponent,
 * the frame ends only through R1 or R20, state → JSON → state is exact, every
 * state the referee emits — after every decision on offer, fouls before the
 * stroke and corrections too — passes its own parser, a protest changes only
 * the last shot, and re-spotting never overlaps a ball.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Action,
  apply,
  BALL_RADIUS,
  type BallId,
  CUE,
  FRAME_END_REASONS,
  type FrameState,
  footSpot,
  legalTargets,
  newFrame,
  OBJECT_BALLS,
  opponent,
  parseState,
  spotBalls,
  TABLE_DIMENSIONS,
  TABLE_SIZES,
  type TableBall,
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

/** The state parses, and parses back to exactly itself (its `previous` with it). */
function expectParses(state: FrameState, what: string): void {
  const json = JSON.stringify(state);
  const parsed = parseState(JSON.parse(json));
  if (!parsed.ok) throw new Error(`${what}: ${parsed.error.message}`);
  expect(JSON.stringify(parsed.value)).toBe(json);
}

/** Known balls overlap no other known ball (the re-spotted included). */
function expectNoOverlap(balls: readonly TableBall[], what: string): void {
  const known = balls.filter((b) => b.x !== null && b.y !== null) as {
    id: BallId;
    x: number;
    y: number;
  }[];
  for (const p of known)
    for (const q of known)
      if (p.id < q.id && Math.hypot(p.x - q.x, p.y - q.y) < 2 * BALL_RADIUS - 1e-9)
        throw new Error(`${what}: balls ${p.id} and ${q.id} overlap`);
}

describe('every state the referee emits is one it reads back', () => {
  it('random play with every decision on offer tried, fouls before the stroke and corrections: each state parses to itself', () => {
    fc.assert(
      fc.property(fc.integer(), preset, stream, (seed, rules, choices) => {
        let state = newFrame({ seed, breaker: (seed & 1) as 0 | 1, rules });
        const c = new Choices(choices);
        for (let step = 0; step < 80 && state.phase !== 'over'; step++) {
          const t = legalTargets(state);
          if (t.action === 'decide') {
            for (const option of t.options) {
              const r = apply(state, { type: 'decide', option });
              if (!r.ok) {
                // Only spotting onto a table whose positions are unknown may be refused.
                expect(r.error.code, r.error.message).toBe('E_SPOT_POSITIONS_UNKNOWN');
                continue;
              }
              expectParses(r.value.state, `decide ${option}`);
            }
          }
          const action = randomAction(state, c, true);
          const res = apply(state, action);
          if (!res.ok)
            throw new Error(
              `${res.error.code}: ${res.error.message} for ${JSON.stringify(action)}`,
            );
          expectParses(res.value.state, action.type);
          state = res.value.state;
        }
      }),
      { numRuns: 120 },
    );
  });

  it('regression: a pending spotEight choice with the 8 not pocketed is refused, never a second 8 on the table', () => {
    const s = newFrame({ seed: 4 });
    const odd: FrameState = {
      ...s,
      phase: 'play',
      pending: { player: 0, options: ['spotEightAcceptTable'], rules: ['R9'] },
    };
    const r = apply(odd, { type: 'decide', option: 'spotEightAcceptTable' });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe('E_BAD_STATE');
  });
});

describe('protests (R20 note): a correction changes the last shot and nothing else', () => {
  it('correcting the last shot leaves the history before it as it was, and equals that shot reported so; any earlier shot is refused', () => {
    fc.assert(
      fc.property(fc.integer(), preset, stream, fc.nat(40), (seed, rules, choices, at) => {
        let state = newFrame({ seed, rules });
        const c = new Choices(choices);
        for (let step = 0; step < 80 && state.phase !== 'over'; step++) {
          if (step >= at && state.previous !== null) break;
          const res = apply(state, randomAction(state, c));
          if (!res.ok) throw new Error(res.error.message);
          state = res.value.state;
        }
        if (state.previous === null) return;
        const before = state.previous as FrameState;
        const redo = randomAction(before, c);
        if (redo.type !== 'shot') return;
        const n = state.shotCount;
        const frozen = JSON.stringify(state);
        const corrected = apply(state, { ...redo, type: 'correct', shot: n });
        expect(JSON.stringify(state)).toBe(frozen);
        if (!corrected.ok) throw new Error(corrected.error.message);
        // The record before the last shot is untouched, the count of shots too.
        expect(corrected.value.state.previous).toEqual(state.previous);
        expect(corrected.value.state.shotCount).toBe(n);
        // …and the outcome is the last shot as if it had been reported so.
        const direct = apply(before, redo);
        expect(direct.ok && direct.value).toEqual(corrected.value);
        // A correction naming any earlier shot is refused, and changes nothing.
        for (let k = 1; k < n; k++) {
          const late = apply(state, { ...redo, type: 'correct', shot: k } as Action);
          expect(late.ok).toBe(false);
          if (!late.ok) expect(late.error.code).toBe('E_PROTEST_TOO_LATE');
        }
        const early = apply(state, { ...redo, type: 'correct', shot: n + 1 } as Action);
        expect(!early.ok && early.error.code).toBe('E_NO_SUCH_SHOT');
        expect(JSON.stringify(state)).toBe(frozen);
      }),
      { numRuns: 120 },
    );
  });
});

describe('re-spotting (R9, R18) never overlaps a ball', () => {
  it('in random play: every re-spotted ball is clear of every ball whose place is known', () => {
    fc.assert(
      fc.property(fc.integer(), stream, (seed, choices) => {
        play(seed, 'pl-bca', choices, (_b, after, v) => {
          if (v.respotted.length > 0) expectNoOverlap(after.balls, v.kind);
        });
      }),
      { numRuns: 100 },
    );
  });

  it('on any known table: on the long string, inside the cushions, clear of every ball and of each other, in numerical order', () => {
    const table = fc.constantFrom(...TABLE_SIZES);
    fc.assert(
      fc.property(
        table,
        fc.array(
          fc.tuple(
            fc.double({ min: 0, max: 1, noNaN: true }),
            fc.double({ min: 0, max: 1, noNaN: true }),
          ),
          {
            maxLength: 14,
          },
        ),
        fc.integer({ min: 1, max: 4 }),
        fc.boolean(),
        (size, points, spotCount, crowdSpot) => {
          const { length: L, width: W } = TABLE_DIMENSIONS[size];
          const R = BALL_RADIUS;
          // Balls on the table, none overlapping: drawn points, kept when clear of the others.
          const balls: TableBall[] = [];
          const place = (id: BallId, x: number, y: number) => {
            if (balls.every((b) => Math.hypot(b.x! - x, b.y! - y) >= 2 * R))
              balls.push({ id, x, y });
          };
          if (crowdSpot) {
            // Crowd the foot spot and the string behind it, some just off the line.
            const s = footSpot(size);
            for (let k = 0; k < 4; k++)
              place((k + 1) as BallId, s.x + k * 2.05 * R, s.y + (k % 2) * 0.6 * R);
          }
          points.forEach(([u, v], k) => {
            const id = (k + 5) as BallId;
            if (id <= 15) place(id, R + u * (L - 2 * R), R + v * (W - 2 * R));
          });
          const onTable = new Set(balls.map((b) => b.id));
          const spot = OBJECT_BALLS.filter((id) => !onTable.has(id)).slice(0, spotCount);
          const placed = spotBalls(size, balls, spot);
          expect(placed.map((b) => b.id)).toEqual([...spot].sort((a, b) => a - b));
          for (const p of placed) {
            expect(p.y).toBe(W / 2);
            expect(p.x!).toBeGreaterThanOrEqual(R - 1e-9);
            expect(p.x!).toBeLessThanOrEqual(L - R + 1e-9);
          }
          expectNoOverlap([...balls, ...placed], 'spotBalls');
          expect(placed.every((b) => b.id !== CUE)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});
