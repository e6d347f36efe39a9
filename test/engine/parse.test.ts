/** Untrusted states are parsed once at the edge; every rejection names the field. */
import { describe, expect, it } from 'vitest';
import { adjudicateShot, apply, legalTargets, newFrame, parseState } from '../../engine/index.js';

const fresh = () => JSON.parse(JSON.stringify(newFrame({ seed: 5 })));

describe('parseState', () => {
  it('accepts a fresh frame and returns it unchanged', () => {
    const s = fresh();
    const r = parseState(s);
    expect(r.ok && r.value).toEqual(s);
  });

  it.each([
    ['not an object', () => 3, 'state'],
    ['bad table', (s: any) => ({ ...s, table: '10ft' }), 'state.table'],
    ['bad turn', (s: any) => ({ ...s, turn: 2 }), 'state.turn'],
    ['bad phase', (s: any) => ({ ...s, phase: 'warmup' }), 'state.phase'],
    [
      'unknown rules option',
      (s: any) => ({ ...s, rules: { ...s.rules, threeFoul: true } }),
      'state.rules.threeFoul',
    ],
    [
      'ball listed twice',
      (s: any) => ({ ...s, balls: [...s.balls, s.balls[3]].sort((a: any, b: any) => a.id - b.id) }),
      'state.balls[4].id',
    ],
    ['ball in two places', (s: any) => ({ ...s, pocketed: [3] }), 'state'],
    [
      'ball missing',
      (s: any) => ({ ...s, balls: s.balls.filter((b: any) => b.id !== 7) }),
      'state',
    ],
    [
      'groups not complementary',
      (s: any) => ({ ...s, groups: ['solids', 'solids'] }),
      'state.groups',
    ],
    [
      'result without phase over',
      (s: any) => ({ ...s, result: { winner: 0, loser: 1, reason: 'R1' } }),
      'state.result',
    ],
  ])('rejects %s with E_BAD_STATE at %s', (_name, mutate, field) => {
    const r = parseState(mutate(fresh()));
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('E_BAD_STATE');
      expect(r.error.field).toBe(field);
    }
  });

  it('rejects an unknown ball id with E_UNKNOWN_BALL', () => {
    const s = fresh();
    s.balls[15].id = 16;
    const r = parseState(s);
    expect(!r.ok && r.error.code).toBe('E_UNKNOWN_BALL');
  });

  it('takes a preset name for the rules', () => {
    const r = parseState({ ...fresh(), rules: 'wpa' });
    expect(r.ok && r.value.rules.preset).toBe('wpa');
  });
});

describe('bad input never throws', () => {
  it.each([
    null,
    3,
    'x',
    [],
    {},
    { events: 'no' },
    { events: [null] },
    { events: [{ type: 'strike' }] },
  ])('shot report %j gives a coded error', (report) => {
    const r = adjudicateShot(newFrame({ seed: 1 }), report as never);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toMatch(/^E_/);
  });
  it('an unknown action type gives E_BAD_ACTION', () => {
    const r = apply(newFrame({ seed: 1 }), { type: 'dance' } as never);
    expect(!r.ok && r.error.code).toBe('E_BAD_ACTION');
  });
});

describe('legalTargets', () => {
  it('on the break: break, nothing callable, no safety', () => {
    const t = legalTargets(newFrame({ seed: 1 }));
    expect(t.action).toBe('break');
    expect(t.callable).toEqual([]);
    expect(t.safetyAllowed).toBe(false);
    expect(t.ballInHand).toEqual({ region: 'kitchen', restricted: false });
  });
});
