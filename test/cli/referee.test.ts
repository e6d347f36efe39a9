/**
 * `pool8 referee` and `pool8 new-frame` as a user runs them: every documented
 * example in examples/ gives the outcome its `expect` names, errors come out
 * as coded JSON with exit code 1, bad usage exits 2.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root, pool8 as run } from './pool8.js';

// The referee's examples are those that state the outcome they expect; suggest-*.json are planner inputs.
const examples = readdirSync(join(root, 'examples')).filter(
  (f) => f.endsWith('.json') && !f.startsWith('suggest-'),
);

describe('pool8 referee on examples/', () => {
  it('has examples', () => expect(examples.length).toBeGreaterThanOrEqual(8));
  it.each(examples)('%s', (file) => {
    const doc = JSON.parse(readFileSync(join(root, 'examples', file), 'utf8'));
    expect(typeof doc.about).toBe('string');
    const r = run(['referee', '--in', join('examples', file)]);
    const out = JSON.parse(r.out);
    if (doc.expect.error) {
      expect(r.code).toBe(1);
      expect(out.error.code).toBe(doc.expect.error);
      expect(r.err).toContain(doc.expect.error);
    } else {
      expect(r.code).toBe(0);
      expect(out.verdict.kind).toBe(doc.expect.kind);
      expect(out.state.format).toBe('pool8/1');
    }
  });

  it('reads stdin, and --rules wpa switches the preset (R10: the 8 first on an open table is a foul)', () => {
    const text = readFileSync(join(root, 'examples/open-table-8-first.json'), 'utf8');
    const pl = JSON.parse(run(['referee'], text).out);
    const wpa = JSON.parse(run(['referee', '--rules', 'wpa'], text).out);
    expect(pl.verdict.fouls).toEqual([]);
    expect(wpa.verdict.fouls).toEqual(['EIGHT_FIRST_OPEN_TABLE']);
    expect(wpa.state.rules.preset).toBe('wpa');
  });

  it('--targets adds what the next player may do', () => {
    const out = JSON.parse(run(['referee', '--targets', '--in', 'examples/called-pot.json']).out);
    expect(out.targets.action).toBe('shot');
    expect(out.targets.callable).toEqual([1, 2, 4, 6, 7]);
  });

  it('bad usage and bad input exit 2 with a coded message', () => {
    expect(run(['referee', '--rules', 'snooker', '--in', 'examples/called-pot.json']).code).toBe(2);
    const notJson = run(['referee'], '{ nope');
    expect(notJson.code).toBe(2);
    expect(notJson.err).toContain('E_INPUT_NOT_JSON');
    const missing = run(['referee', '--in', 'no/such/file.json']);
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('E_INPUT_UNREADABLE');
  });

  it('a bad state is refused with the field named', () => {
    const r = run(['referee'], JSON.stringify({ state: { table: '9ft' }, events: [] }));
    expect(r.code).toBe(1);
    expect(JSON.parse(r.out).error.code).toBe('E_BAD_STATE');
  });
});

describe('pool8 new-frame', () => {
  it('prints a frame the referee accepts, the same for the same seed', () => {
    const args = ['new-frame', '--seed', '11', '--breaker', '1', '--table', '7ft'];
    const first = run(args);
    const second = run(args);
    expect(first.code).toBe(0);
    expect(second.code).toBe(0);
    const a = first.out;
    expect(a).toBe(second.out);
    const s = JSON.parse(a);
    expect(s.turn).toBe(1);
    expect(s.table).toBe('7ft');
    const r = run(
      ['referee'],
      JSON.stringify({
        state: s,
        events: [
          { type: 'strike', ball: 0 },
          { type: 'contact', a: 0, b: 1 },
          { type: 'pocket', ball: 2, pocket: 'HL' },
        ],
      }),
    );
    expect(JSON.parse(r.out).verdict.kind).toBe('continue');
  });
  it('rejects a bad seed', () => {
    expect(run(['new-frame', '--seed', 'abc']).code).toBe(2);
  });
});

describe('what one command prints, the next reads', () => {
  const fresh = run(['new-frame', '--seed', '7']).out;

  it('new-frame | referee: a bare state, no action, says what the breaker may do', () => {
    const r = run(['referee'], fresh);
    expect(r.code, r.err).toBe(0);
    const out = JSON.parse(r.out);
    expect(out.state).toEqual(JSON.parse(fresh));
    expect(out.targets).toBeDefined();
    expect(out.verdict).toBeUndefined();
  });

  it('referee | referee: { state, verdict } is read past its verdict', () => {
    const once = run(['referee', '--in', 'examples/break-legal.json']);
    expect(once.code).toBe(0);
    const twice = run(['referee'], once.out);
    expect(twice.code, twice.err).toBe(0);
    expect(JSON.parse(twice.out).state).toEqual(JSON.parse(once.out).state);
  });

  it('new-frame | suggest --json: the break, in the published shape', () => {
    const r = run(['suggest', '--json', '--threads', '1', '--level', 'beginner'], fresh);
    expect(r.code, r.err).toBe(0);
    const out = JSON.parse(r.out);
    expect(out.format).toBe('pool8/suggestions/1');
    expect(out.decision.type).toBe('stroke');
    expect(out.decision.call).toBeNull();
  });

  it('an unknown field is refused by name, at any depth', () => {
    const doc = JSON.parse(fresh);
    const top = run(['referee'], JSON.stringify({ state: doc, stalemat: true }));
    expect(top.code).toBe(2);
    expect(top.err).toBe('pool8: E_INPUT_UNKNOWN_FIELD: stalemat: unknown field\n');
    doc.balls[3].z = 0;
    const deep = run(['referee'], JSON.stringify(doc));
    expect(deep.code).toBe(1);
    expect(deep.err).toBe(
      'pool8: E_BAD_STATE: the game state is not a valid pool8 state: state.balls[3].z: unknown field\n',
    );
  });

  it('two actions in one document are refused', () => {
    const r = run(
      ['referee'],
      JSON.stringify({ state: JSON.parse(fresh), stalemate: true, decide: 'acceptTable' }),
    );
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^pool8: E_INPUT_TWO_ACTIONS: /);
  });
});
