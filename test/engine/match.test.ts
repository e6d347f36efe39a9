/**
 * R4 and R21 across frames (engine/match.ts): the lag winner's choice breaks
 * the first frame, breaks alternate by frame, a stalemate re-racks the frame
 * for its breaker and counts for nobody, and every match the referee hands
 * out parses back to itself.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyMatch,
  breakerOfFrame,
  firstBreaker,
  type MatchAction,
  type MatchState,
  newMatch,
  opponent,
  type PlayerId,
  parseMatch,
  type ShotEvent,
} from '../../engine/index.js';

const ev = {
  strike: { type: 'strike', ball: 0 } as const,
  hit: (b: number) => ({ type: 'contact', a: 0, b }) as ShotEvent,
  rail: (b: number) => ({ type: 'cushion', ball: b }) as ShotEvent,
  pot: (b: number) => ({ type: 'pocket', ball: b, pocket: 'FL' }) as ShotEvent,
  rest: { type: 'rest' } as const,
};

/** A legal break that pockets nothing (four balls to a cushion, R6): the table passes. */
const dryBreak: MatchAction = {
  type: 'shot',
  events: [ev.strike, ev.hit(1), ev.rail(1), ev.rail(2), ev.rail(3), ev.rail(4), ev.rest],
};
/** A break that pockets the 2: the breaker shoots on (R2). */
const potBreak: MatchAction = {
  type: 'shot',
  events: [ev.strike, ev.hit(1), ev.pot(2), ev.rest],
};
/** The 8 pocketed on an open table after the break: the shooter loses (R20E). */
const eightEarly: MatchAction = {
  type: 'shot',
  call: { kind: 'pocket', ball: 1, pocket: 'SL' },
  events: [ev.strike, ev.hit(8), ev.pot(8), ev.rest],
};
/** A declared safety that is a legal shot (R13): no attempt to win (R21). */
const safety: MatchAction = {
  type: 'shot',
  call: { kind: 'safety' },
  events: [ev.strike, ev.hit(1), ev.rail(1), ev.rest],
};

function act(m: MatchState, a: MatchAction): MatchState {
  const r = applyMatch(m, a);
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message} for ${a.type}`);
  const back = parseMatch(JSON.parse(JSON.stringify(r.value.match)));
  if (!back.ok) throw new Error(`emitted match does not parse: ${back.error.message}`);
  expect(back.value).toEqual(r.value.match);
  return r.value.match;
}

/** Plays the frame in play to its end: `breakerWins` or not, after `stalemates` R21 replays. */
function playFrame(m: MatchState, breakerWins: boolean, stalemates = 0): MatchState {
  for (let k = 0; k < stalemates; k++) {
    m = act(m, dryBreak);
    for (let i = 0; i < m.frame.rules.stalemateShots; i++) m = act(m, safety);
    const breaker = m.frame.breaker;
    const r = applyMatch(m, { type: 'stalemate' });
    if (!r.ok) throw new Error(r.error.message);
    // R21: re-racked, broken by the player who broke the interrupted frame; counted for nobody.
    expect(r.value.verdict.kind).toBe('stalemate');
    expect(r.value.verdict.nextPlayer).toBe(breaker);
    expect(r.value.match.frame.breaker).toBe(breaker);
    expect(r.value.match.frame.phase).toBe('break');
    expect(r.value.match.won).toEqual(m.won);
    m = r.value.match;
  }
  // The breaker wins when the other player pockets the 8 early, and loses when he does.
  m = act(m, breakerWins ? dryBreak : potBreak);
  return act(m, eightEarly);
}

describe('R4: who breaks', () => {
  it.each([
    [0, true, 0],
    [0, false, 1],
    [1, true, 1],
    [1, false, 0],
  ] as const)(
    'lag won by %i, who chose to break: %s — player %i breaks the first frame',
    (winner, winnerBreaks, first) => {
      const m = newMatch({ framesToWin: 2, lag: { winner, winnerBreaks }, seed: 3 });
      expect(m.frame.breaker).toBe(first);
      expect(m.frame.turn).toBe(first);
      expect(m.nextBreaker).toBe(opponent(first));
      expect(firstBreaker(winner, winnerBreaks)).toBe(first);
    },
  );

  it('the break alternates by frame, and the frames won are counted', () => {
    let m = newMatch({ framesToWin: 3, lag: { winner: 1, winnerBreaks: true }, seed: 9 });
    m = playFrame(m, true);
    expect(m.won).toEqual([0, 1]);
    expect(m.result).toBeNull();
    const next = applyMatch(m, { type: 'nextFrame' });
    expect(next.ok).toBe(true);
    if (!next.ok) return;
    expect(next.value.verdict).toMatchObject({
      kind: 'newFrame',
      nextPlayer: 0,
      rules: ['R4', 'R3'],
    });
    m = next.value.match;
    expect(m.frame.breaker).toBe(0);
    expect(m.frame.phase).toBe('break');
    expect(m.frame.shotCount).toBe(0);
    expect(m.nextBreaker).toBe(1);
    expect(m.frames).toEqual([{ breaker: 1, winner: 1, reason: 'R20E', stalemates: 0, shots: 2 }]);
  });
});

describe('R21 across frames: a stalemate is re-racked and does not count', () => {
  it('the replay is broken by the same player, counts for nobody, and the break alternates after it as scheduled', () => {
    let m = newMatch({ framesToWin: 2, lag: { winner: 0, winnerBreaks: true }, seed: 5 });
    m = playFrame(m, false, 1);
    expect(m.won).toEqual([0, 1]);
    expect(m.stalemates).toBe(1);
    m = act(m, { type: 'nextFrame' });
    expect(m.frames[0]).toMatchObject({ breaker: 0, winner: 1, stalemates: 1 });
    expect(m.stalemates).toBe(0);
    expect(m.frame.breaker).toBe(1);
  });
});

describe('the end of a match', () => {
  const won = () => {
    const m = newMatch({ framesToWin: 1, lag: { winner: 0, winnerBreaks: true }, seed: 2 });
    return playFrame(m, true);
  };

  it('a race to one: the first frame won wins the match; then only the last shot may be protested', () => {
    const m = won();
    expect(m.result).toEqual({ winner: 0, loser: 1 });
    const more = applyMatch(m, { type: 'nextFrame' });
    expect(!more.ok && more.error.code).toBe('E_MATCH_OVER');
    const shot = applyMatch(m, safety);
    expect(!shot.ok && shot.error.code).toBe('E_MATCH_OVER');
    // The protest of the frame's last shot (R20 note) undoes the frame's result and the match's.
    const fixed = applyMatch(m, {
      type: 'correct',
      shot: m.frame.shotCount,
      call: { kind: 'pocket', ball: 1, pocket: 'SL' },
      events: [ev.strike, ev.hit(1), ev.rail(1), ev.rest],
    });
    expect(fixed.ok).toBe(true);
    if (!fixed.ok) return;
    expect(fixed.value.match.won).toEqual([0, 0]);
    expect(fixed.value.match.result).toBeNull();
    expect(fixed.value.match.frame.phase).toBe('play');
  });

  it('the next frame waits for the frame in play to end', () => {
    const m = newMatch({ framesToWin: 2, lag: { winner: 0, winnerBreaks: false }, seed: 2 });
    const r = applyMatch(m, { type: 'nextFrame' });
    expect(!r.ok && r.error.code).toBe('E_FRAME_NOT_OVER');
  });
});

describe('parseMatch', () => {
  const m = newMatch({ framesToWin: 2, lag: { winner: 1, winnerBreaks: false }, seed: 4 });

  it('reads what it prints, with `format` left out', () => {
    const { format: _f, ...bare } = JSON.parse(JSON.stringify(m));
    const r = parseMatch(bare);
    expect(r.ok && r.value).toEqual(m);
  });

  it.each([
    ['frames won that the frames do not say', { won: [1, 0] }, 'E_BAD_MATCH', 'match.won'],
    ['a next breaker against R4', { nextBreaker: 0 }, 'E_BAD_MATCH', 'match.nextBreaker'],
    [
      'a result with no frame won',
      { result: { winner: 0, loser: 1 } },
      'E_BAD_MATCH',
      'match.result',
    ],
    ['a race to nothing', { framesToWin: 0 }, 'E_BAD_MATCH', 'match.framesToWin'],
    ['an unknown field', { lags: 1 }, 'E_BAD_MATCH', 'match.lags'],
    ['a bad frame', { frame: { ...m.frame, turn: 2 } }, 'E_BAD_STATE', 'match.frame.turn'],
  ])('refuses %s', (_what, change, code, field) => {
    const r = parseMatch({ ...JSON.parse(JSON.stringify(m)), ...change });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe(code);
      expect(r.error.field).toBe(field);
    }
  });
});

describe('matches over random frame outcomes', () => {
  it('breaks alternate from the lag whatever the results and stalemates; frames won are the frames counted; the first to the race wins', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 3 }),
        fc.record({ winner: fc.constantFrom<PlayerId>(0, 1), winnerBreaks: fc.boolean() }),
        fc.array(fc.tuple(fc.boolean(), fc.nat(1)), { minLength: 6, maxLength: 6 }),
        (race, lag, outcomes) => {
          let m = newMatch({ framesToWin: race, lag, seed: 11 });
          const first = firstBreaker(lag.winner, lag.winnerBreaks);
          for (let k = 0; m.result === null; k++) {
            expect(m.frame.breaker).toBe(breakerOfFrame(first, k));
            const [breakerWins, stalemates] = outcomes[k % outcomes.length]!;
            const breaker = m.frame.breaker;
            m = playFrame(m, breakerWins, stalemates);
            expect(m.frame.result!.winner).toBe(breakerWins ? breaker : opponent(breaker));
            const counted = [0, 0];
            for (const f of m.frames) counted[f.winner]! += 1;
            counted[m.frame.result!.winner]! += 1;
            expect(m.won).toEqual(counted);
            if (m.result === null) m = act(m, { type: 'nextFrame' });
          }
          expect(m.won[m.result.winner]).toBe(race);
          expect(m.won[m.result.loser]).toBeLessThan(race);
        },
      ),
      { numRuns: 25 },
    );
  });
});
