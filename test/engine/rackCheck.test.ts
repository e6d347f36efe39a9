/**
 * R3 racks made by people (engine/rackCheck.ts): the check names each
 * requirement that fails, with its figures in millimetres, and agrees with
 * the rack the engine makes itself.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkRack,
  checkRackInput,
  EIGHT,
  groupOf,
  newFrame,
  RACK_TOLERANCES_MM,
  type RackRequirement,
  rack,
  seedState,
  TABLE_SIZES,
} from '../../engine/index.js';
import { type RackSpec, rackOf } from './scenario.js';

const base = newFrame({ seed: 1 });
/** The requirements a rack fails. */
const failing = (spec: RackSpec, state = base): RackRequirement[] =>
  checkRack(state.table, rackOf(state, spec)).failures.map((f) => f.requirement);

describe('checkRack (R3)', () => {
  it('every rack the engine makes is legal, on every table', () => {
    fc.assert(
      fc.property(fc.integer(), fc.constantFrom(...TABLE_SIZES), (seed, table) => {
        const [balls] = rack(table, seedState(seed));
        const check = checkRack(table, balls);
        expect(check.failures).toEqual([]);
        expect(check.legal).toBe(true);
        expect(check.tolerancesMm).toEqual(RACK_TOLERANCES_MM);
      }),
      { numRuns: 200 },
    );
  });

  it('any order of the fifteen in a frozen triangle: illegal exactly when the 8 is off the centre or the corners are not a solid and a stripe', () => {
    fc.assert(
      fc.property(
        fc.shuffledSubarray([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15], {
          minLength: 15,
          maxLength: 15,
        }),
        (order) => {
          const want: RackRequirement[] = [];
          if (order[4] !== EIGHT) want.push('EIGHT_IN_CENTRE');
          const corners = new Set([groupOf(order[10] as 1), groupOf(order[14] as 1)]);
          if (!(corners.has('solids') && corners.has('stripes')))
            want.push('SOLID_AND_STRIPE_IN_CORNERS');
          expect(failing({ order })).toEqual(want);
        },
      ),
      { numRuns: 300 },
    );
  });

  it(`the apex ball on the foot spot within ${RACK_TOLERANCES_MM.footSpot} mm`, () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }), fc.boolean(), (a, far) => {
        const r = far ? 3.2 + Math.abs(Math.sin(a)) * 20 : 2.8 * Math.abs(Math.cos(a));
        const f = failing({ shiftMm: [r * Math.cos(a), r * Math.sin(a)] });
        expect(f.includes('APEX_ON_FOOT_SPOT')).toBe(far);
        // A whole rack moved stays frozen and square.
        expect(f.filter((x) => x !== 'APEX_ON_FOOT_SPOT')).toEqual([]);
      }),
      { numRuns: 100 },
    );
  });

  it('turned about its apex: square within the place tolerance (a back corner moves 4 mm per degree)', () => {
    expect(failing({ turnDeg: 0.7 })).toEqual([]);
    expect(failing({ turnDeg: -0.7 })).toEqual([]);
    expect(failing({ turnDeg: 0.8 })).toEqual(['ALIGNMENT']);
    expect(failing({ turnDeg: -5 })).toEqual(['ALIGNMENT']);
    const detail = checkRack('9ft', rackOf(base, { turnDeg: 3 })).failures[0]!;
    expect(detail.detail).toContain('turned 3.0°');
    expect(detail.mm).toBeGreaterThan(RACK_TOLERANCES_MM.place);
  });

  it(`frozen: neighbours within ${RACK_TOLERANCES_MM.gap} mm`, () => {
    expect(failing({ gapMm: 0.45 })).toEqual([]);
    expect(failing({ gapMm: 0.6 })).toEqual(['FROZEN']);
    expect(failing({ gapMm: 2 })).toEqual(['FROZEN', 'ALIGNMENT']);
    const f = checkRack('9ft', rackOf(base, { gapMm: 0.6 })).failures[0]!;
    expect(f.mm).toBeCloseTo(0.6, 3);
    expect(f.balls.length).toBe(15);
  });

  it('one ball out of its place is named, with how far', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 15 }),
        fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }),
        fc.double({ min: 4, max: 15, noNaN: true }),
        (id, a, r) => {
          const balls = rackOf(base, { move: { [id]: [r * Math.cos(a), r * Math.sin(a)] } });
          const check = checkRack('9ft', balls);
          expect(check.legal).toBe(false);
          const align = check.failures.find((x) => x.requirement === 'ALIGNMENT');
          const apex = check.failures.find((x) => x.requirement === 'APEX_ON_FOOT_SPOT');
          // The apex ball moved is off the spot; any other ball is out of its place.
          expect(
            (align?.balls ?? []).includes(id as 1) || (apex?.balls ?? []).includes(id as 1),
          ).toBe(true);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('not the fifteen: only FIFTEEN_BALLS is judged, the balls named', () => {
    const missing = checkRack('9ft', rackOf(base, { drop: [3, 12] }));
    expect(missing.failures).toHaveLength(1);
    expect(missing.failures[0]).toMatchObject({
      requirement: 'FIFTEEN_BALLS',
      rule: 'R1',
      balls: [3, 12],
    });
    const twice = checkRack('9ft', rackOf(base, { twice: [7] }));
    expect(twice.failures[0]!.detail).toContain('listed twice 7');
  });

  it('several failures at once are each named', () => {
    expect(
      failing({
        swap: [
          [8, 3],
          [15, 5],
        ],
        shiftMm: [10, 0],
      }),
    ).toEqual(['APEX_ON_FOOT_SPOT', 'EIGHT_IN_CENTRE', 'SOLID_AND_STRIPE_IN_CORNERS']);
  });

  it('checkRackInput: malformed input is refused by code, the table defaults to 9ft', () => {
    const balls = rackOf(base, {});
    const good = checkRackInput({ balls });
    expect(good.ok && good.value.table).toBe('9ft');
    expect(good.ok && good.value.legal).toBe(true);
    const bad = checkRackInput({ balls: [{ id: 1, x: 'a', y: 0 }] });
    expect(!bad.ok && bad.error.code).toBe('E_BAD_RACK');
    expect(!bad.ok && bad.error.field).toBe('rack.balls[0].x');
    const cue = checkRackInput({ balls: [{ id: 0, x: 1, y: 1 }] });
    expect(!cue.ok && cue.error.code).toBe('E_UNKNOWN_BALL');
    const extra = checkRackInput({ balls, tabel: '9ft' });
    expect(!extra.ok && extra.error.field).toBe('rack.tabel');
    // The rack check is geometry: on a smaller table the same balls are off its foot spot.
    const small = checkRackInput({ table: '7ft', balls });
    expect(small.ok && small.value.failures.map((f) => f.requirement)).toEqual([
      'APEX_ON_FOOT_SPOT',
    ]);
  });
});
