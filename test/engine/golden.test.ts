/**
 * Golden tables for the referee: every row is (state, call, events) →
 * expected verdict fields, kept as data in golden/*.json with the rule it
 * rests on (R1–R21) and, where it tests one, the reading of docs/rules.md
 * it exercises.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  type Action,
  apply,
  EIGHT,
  type FrameState,
  newFrame,
  parseState,
  rackSlots,
  type Verdict,
} from '../../engine/index.js';
import { buildState, events, type ScenarioState } from './scenario.js';

const here = dirname(fileURLToPath(import.meta.url));

interface Expect {
  kind?: string;
  fouls?: string[];
  credited?: number[];
  stayDown?: number[];
  nextPlayer?: number | null;
  ballInHand?: unknown;
  groups?: unknown;
  groupsDecided?: boolean;
  pendingPlayer?: number;
  pendingOptions?: string[];
  frame?: { reason: string; winner: number } | null;
  /** Rules that must appear in verdict.rules. */
  rules?: string[];
  respotted?: [number, number, number][];
  /** Checks on the state after the action. */
  phase?: string;
  turn?: number;
  breaker?: number;
  onTable?: number[];
  offTable?: number[];
  rack?: boolean;
}

interface Step {
  shot?: { call?: unknown; events: string[]; layout?: unknown };
  decide?: string;
  stalemate?: boolean;
  correct?: { call?: unknown; events: string[] };
  expect?: Expect;
  error?: string;
  errorField?: string;
}

interface Row extends Step {
  rule: string;
  also?: string[];
  reading?: string;
  name: string;
  presets?: ('pl-bca' | 'wpa')[];
  state?: Omit<ScenarioState, 'preset'>;
  call?: unknown;
  events?: string[];
  layout?: unknown;
  then?: Step[];
}

interface Table {
  source: string;
  rows: Row[];
}

const tables: { file: string; table: Table }[] = readdirSync(join(here, 'golden'))
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((file) => ({
    file,
    table: JSON.parse(readFileSync(join(here, 'golden', file), 'utf8')) as Table,
  }));

/** The golden tables are JSON, read as untrusted input: `apply` checks them against ActionSchema. */
const actionOf = (step: Step, row?: Row): Action => rawAction(step, row) as unknown as Action;

function rawAction(step: Step, row?: Row): Record<string, unknown> {
  if (step.decide !== undefined) return { type: 'decide', option: step.decide };
  if (step.stalemate) return { type: 'stalemate' };
  if (step.correct)
    return { type: 'correct', call: step.correct.call, events: events(step.correct.events) };
  if (step.shot)
    return {
      type: 'shot',
      call: step.shot.call,
      events: events(step.shot.events),
      layout: step.shot.layout,
    };
  return { type: 'shot', call: row?.call, events: events(row?.events ?? []), layout: row?.layout };
}

function check(verdict: Verdict, state: FrameState, e: Expect): void {
  if (e.kind !== undefined) expect(verdict.kind).toBe(e.kind);
  if (e.fouls !== undefined) expect([...verdict.fouls].sort()).toEqual([...e.fouls].sort());
  if (e.credited !== undefined) expect(verdict.credited).toEqual(e.credited);
  if (e.stayDown !== undefined) expect(verdict.stayDown).toEqual(e.stayDown);
  if (e.nextPlayer !== undefined) expect(verdict.nextPlayer).toBe(e.nextPlayer);
  if (e.ballInHand !== undefined) expect(verdict.ballInHand).toEqual(e.ballInHand);
  if (e.groups !== undefined) expect(verdict.groups).toEqual(e.groups);
  if (e.groupsDecided !== undefined) expect(verdict.groupsDecided).toBe(e.groupsDecided);
  if (e.pendingPlayer !== undefined) expect(verdict.pending?.player).toBe(e.pendingPlayer);
  if (e.pendingOptions !== undefined)
    expect(verdict.pending?.options ?? []).toEqual(e.pendingOptions);
  if (e.frame !== undefined) {
    expect(
      verdict.frame === null
        ? null
        : { reason: verdict.frame.reason, winner: verdict.frame.winner },
    ).toEqual(e.frame);
  }
  for (const r of e.rules ?? []) expect(verdict.rules).toContain(r);
  if (e.respotted !== undefined) {
    expect(verdict.respotted.length).toBe(e.respotted.length);
    e.respotted.forEach(([id, x, y], i) => {
      expect(verdict.respotted[i]!.id).toBe(id);
      expect(verdict.respotted[i]!.x).toBeCloseTo(x, 6);
      expect(verdict.respotted[i]!.y).toBeCloseTo(y, 6);
    });
  }
  if (e.phase !== undefined) expect(state.phase).toBe(e.phase);
  if (e.turn !== undefined) expect(state.turn).toBe(e.turn);
  if (e.breaker !== undefined) expect(state.breaker).toBe(e.breaker);
  if (e.onTable !== undefined) expect(state.balls.map((b) => b.id)).toEqual(e.onTable);
  if (e.offTable !== undefined) expect(state.offTable).toEqual(e.offTable);
  if (e.rack) {
    // R3: 8 in the centre, one solid and one stripe in the back corners.
    const slots = rackSlots(state.table);
    const at = (i: number) =>
      state.balls.find((b) => b.x === slots[i]!.x && b.y === slots[i]!.y)?.id;
    expect(at(4)).toBe(EIGHT);
    const corners = [at(10)!, at(14)!].map((id) => (id < 8 ? 'solid' : 'stripe')).sort();
    expect(corners).toEqual(['solid', 'stripe']);
    expect(state.balls.length).toBe(16);
  }
}

function runStep(state: FrameState, step: Step, row: Row, label: string): FrameState {
  const res = apply(state, actionOf(step, row));
  if (step.error !== undefined) {
    expect(res.ok, `${label}: expected ${step.error}`).toBe(false);
    if (!res.ok) {
      expect(res.error.code).toBe(step.error);
      if (step.errorField) expect(res.error.field).toBe(step.errorField);
    }
    return state;
  }
  if (!res.ok) throw new Error(`${label}: unexpected ${res.error.code}: ${res.error.message}`);
  if (step.expect) check(res.value.verdict, res.value.state, step.expect);
  // Every state the referee returns parses back to itself (docs/wire.md: round trip exactly).
  const round = parseState(JSON.parse(JSON.stringify(res.value.state)));
  expect(round.ok && round.value).toEqual(res.value.state);
  return res.value.state;
}

for (const { file, table } of tables) {
  describe(`${file} (${table.source})`, () => {
    for (const row of table.rows) {
      for (const preset of row.presets ?? ['pl-bca']) {
        it(`${row.rule}${row.reading ? ` [${row.reading}]` : ''} ${preset}: ${row.name}`, () => {
          expect(
            row.error !== undefined || row.expect !== undefined,
            'a row asserts something',
          ).toBe(true);
          if (row.expect) {
            expect(row.expect.kind, 'every outcome row names the verdict kind').toBeDefined();
            expect(row.expect.fouls, 'every outcome row names its fouls').toBeDefined();
          }
          let state = buildState({ ...row.state, preset });
          state = runStep(state, row, row, row.name);
          for (const [i, step] of (row.then ?? []).entries())
            state = runStep(state, step, row, `${row.name} then[${i}]`);
        });
      }
    }
  });
}

describe('golden coverage', () => {
  const rows = tables.flatMap((t) => t.table.rows);
  const cited = new Set(rows.flatMap((r) => [r.rule, ...(r.also ?? [])]));
  it('has at least 80 rows', () => {
    expect(rows.length).toBeGreaterThanOrEqual(80);
  });
  it.each(Array.from({ length: 21 }, (_, i) => `R${i + 1}`))('%s is cited by a row', (rule) => {
    expect(cited.has(rule)).toBe(true);
  });
  // The readings we adopt are the bold names under "Readings we adopt", up to
  // the next section of docs/rules.md.
  const en = readFileSync(join(here, '../../docs/rules.md'), 'utf8');
  const section = en.split('## Readings we adopt')[1]!.split(/^## /m)[0]!;
  const readings = [...section.matchAll(/^- \*\*(.+?)\*\*/gm)].map((m) =>
    m[1]!.replace(/\s*\(.*\)\.?$/, '').replace(/\.$/, ''),
  );
  it('finds the readings in the rules file', () => {
    expect(readings.length).toBeGreaterThanOrEqual(15);
  });
  it.each(readings)('reading "%s" is exercised by a row', (reading) => {
    expect(rows.some((r) => r.reading === reading)).toBe(true);
  });
  it('covers both presets where they differ', () => {
    const wpaRows = rows.filter((r) => r.presets?.includes('wpa') && !r.presets.includes('pl-bca'));
    expect(wpaRows.length).toBeGreaterThanOrEqual(6);
  });
  it('R4: the chosen breaker breaks', () => {
    expect(newFrame({ seed: 3, breaker: 1 }).turn).toBe(1);
  });
});
