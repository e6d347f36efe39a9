import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BALL_IDS, type BallId, CUE } from '../../engine/ball.js';
import { newFrame } from '../../engine/state.js';
import { TABLE_DIMENSIONS, TABLE_SIZES } from '../../engine/table.js';
import {
  checkState,
  freeSpot,
  placeBall,
  removeBall,
  setBallInHand,
  setGroups,
  setTable,
  setTurn,
} from '../../web/src/position.js';
import { decodePosition, encodePosition } from '../../web/src/positionCode.js';

/**
 * The editor's edits (web/src/position.ts) only ever make positions the
 * service accepts: a random sequence of drags, removals, put-backs and
 * setting changes from a rack always passes the referee's parse and the
 * simulator's geometry check, and survives the URL round trip.
 */
const edit = fc.oneof(
  fc.record({
    op: fc.constant('place' as const),
    id: fc.constantFrom(...BALL_IDS),
    x: fc.double({ min: -0.2, max: 2.8, noNaN: true }),
    y: fc.double({ min: -0.2, max: 1.5, noNaN: true }),
  }),
  fc.record({ op: fc.constant('remove' as const), id: fc.constantFrom(...BALL_IDS) }),
  fc.record({ op: fc.constant('back' as const), id: fc.constantFrom(...BALL_IDS) }),
  fc.record({ op: fc.constant('turn' as const), p: fc.constantFrom(0 as const, 1 as const) }),
  fc.record({
    op: fc.constant('groups' as const),
    g: fc.constantFrom(null, 'solids' as const, 'stripes' as const),
  }),
  fc.record({
    op: fc.constant('hand' as const),
    r: fc.constantFrom(null, 'anywhere' as const, 'kitchen' as const),
  }),
  fc.record({ op: fc.constant('table' as const), t: fc.constantFrom(...TABLE_SIZES) }),
);

describe('position editing', () => {
  it('every edit sequence keeps a position the service accepts, and the link round-trips', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1000 }),
        fc.array(edit, { maxLength: 25 }),
        (seed, edits) => {
          let s = newFrame({ seed });
          for (const e of edits) {
            const next =
              e.op === 'place'
                ? placeBall(s, e.id as BallId, { x: e.x, y: e.y })
                : e.op === 'remove'
                  ? removeBall(s, e.id as BallId)
                  : e.op === 'back'
                    ? s.balls.some((b) => b.id === e.id)
                      ? s
                      : freeSpot(s, e.id as BallId)
                    : e.op === 'turn'
                      ? setTurn(s, e.p)
                      : e.op === 'groups'
                        ? setGroups(s, e.g)
                        : e.op === 'hand'
                          ? setBallInHand(s, e.r)
                          : setTable(s, e.t);
            if (next === null) continue; // refused: the editor keeps the old position
            s = next;
            const c = checkState(s);
            expect(c.ok ? null : c.problem).toBeNull();
            // The cue ball is off the table only while it is in hand.
            if (!s.balls.some((b) => b.id === CUE)) expect(s.ballInHand).not.toBeNull();
          }
          const back = decodePosition(encodePosition(s));
          expect(back.ok && back.state).toEqual({ ...s, previous: null });
        },
      ),
      { numRuns: 150, seed: 20261203 },
    );
  });

  it('a ball dropped on another is slid clear of it, not stacked', () => {
    const s = newFrame({ seed: 1 });
    const one = s.balls.find((b) => b.id === 1)!;
    const moved = placeBall(s, 0, { x: one.x!, y: one.y! + 0.001 })!;
    const cue = moved.balls.find((b) => b.id === 0)!;
    const d = Math.hypot(cue.x! - one.x!, cue.y! - one.y!);
    expect(d).toBeGreaterThanOrEqual(2 * 0.028575);
    expect(checkState(moved).ok).toBe(true);
  });

  it('a drop past the cushion is clamped to the slate, into the corner too', () => {
    const s = newFrame({ seed: 1 });
    const { length: L, width: W } = TABLE_DIMENSIONS['9ft'];
    const clamped = placeBall(s, 0, { x: L / 2, y: W + 1 })!;
    expect(clamped.balls.find((b) => b.id === 0)!.y).toBeLessThan(W - 0.028575);
    const corner = placeBall(s, 0, { x: -0.05, y: -0.05 })!;
    expect(corner.balls.find((b) => b.id === 0)!.x).toBeGreaterThan(0.028575);
    expect(checkState(corner).ok).toBe(true);
  });

  it('a removed object ball is pocketed; put back it is not', () => {
    const s = removeBall(newFrame({ seed: 1 }), 5);
    expect(s.pocketed).toEqual([5]);
    expect(freeSpot(s, 5)!.pocketed).toEqual([]);
  });

  it('hostile links are refused by name, never half-loaded', () => {
    const good = encodePosition(newFrame({ seed: 3 }));
    for (const bad of [
      '%%%',
      good.slice(0, good.length - 7),
      'e30',
      'bnVsbA',
      good.replace(/A/g, 'B'),
    ]) {
      const d = decodePosition(bad);
      expect(d.ok).toBe(false);
    }
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (x) => {
        const d = decodePosition(x);
        if (d.ok) expect(checkState(d.state).ok).toBe(true);
      }),
      { numRuns: 300, seed: 7 },
    );
  });
});
