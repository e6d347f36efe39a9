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
  applyMatch,
  EIGHT,
  type EngineError,
  type FrameState,
  type MatchAction,
  type MatchState,
  newFrame,
  newMatch,
  parseMatch,
  parseState,
  rackSlots,
  type Verdict,
} from '../../engine/index.js';
import {
  buildState,
  events,
  layoutOf,
  type RackSpec,
  rackOf,
  type ScenarioState,
} from './scenario.js';

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
  /** The fouls counted this frame by player 0 and 1 (state.fouls). */
  foulCount?: [number, number];
  shotCount?: number;
  /** Checks on the match after the action (match rows). */
  matchWon?: [number, number];
  nextBreaker?: number;
  matchResult?: { winner: number } | null;
  stalemates?: number;
  framesClosed?: number;
}

interface Step {
  shot?: { call?: unknown; events: string[]; layout?: unknown };
  decide?: string;
  stalemate?: boolean;
  correct?: { shot: number; call?: unknown; events: string[]; layout?: unknown };
  /** A foul before the stroke: its events (place, confirm, touch) and, optionally, a layout. */
  foul?: { events: string[]; layout?: unknown };
  /** Balls racked by people (scenario.ts rackOf). */
  rack?: RackSpec;
  expect?: Expect;
  error?: string;
  errorField?: string;
  /** Words the error's message must contain (e.g. the rack requirements that fail). */
  errorIncludes?: string[];
  /** Match rows: rack the next frame. */
  nextFrame?: boolean;
  /** Play the step this many times (the expectations are checked after the last). */
  times?: number;
}

interface Row extends Step {
  rule: string;
  also?: string[];
  reading?: string;
  name: string;
  presets?: ('pl-bca' | 'wpa')[];
  state?: Omit<ScenarioState, 'preset'>;
  /** A match row: the steps are played on a new match (seed 1) by applyMatch. */
  match?: { framesToWin: number; lag: { winner: 0 | 1; winnerBreaks: boolean } };
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
const actionOf = (state: FrameState, step: Step, row?: Row): Action =>
  rawAction(state, step, row) as unknown as Action;

/** A report's events and layout, the layout shorthand ("unmoved", "scattered") expanded. */
function report(state: FrameState, spec: string[], layout: unknown) {
  const log = events(spec);
  return { events: log, ...(layout === undefined ? {} : { layout: layoutOf(state, log, layout) }) };
}

function rawAction(state: FrameState, step: Step, row?: Row): Record<string, unknown> {
  if (step.decide !== undefined) return { type: 'decide', option: step.decide };
  if (step.stalemate) return { type: 'stalemate' };
  if (step.rack) return { type: 'rack', balls: rackOf(state, step.rack) };
  if (step.foul) {
    const log = events([...step.foul.events, '!nostrike']);
    return {
      type: 'foul',
      events: log,
      ...(step.foul.layout === undefined ? {} : { layout: layoutOf(state, log, step.foul.layout) }),
    };
  }
  if (step.correct) {
    // The correction is of the last shot: its report is read against the state before it.
    const before = state.previous ?? state;
    return {
      type: 'correct',
      shot: step.correct.shot,
      call: step.correct.call,
      ...report(before, step.correct.events, step.correct.layout),
    };
  }
  if (step.shot)
    return {
      type: 'shot',
      call: step.shot.call,
      ...report(state, step.shot.events, step.shot.layout),
    };
  return { type: 'shot', call: row?.call, ...report(state, row?.events ?? [], row?.layout) };
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
  if (e.foulCount !== undefined) expect(state.fouls).toEqual(e.foulCount);
  if (e.shotCount !== undefined) expect(state.shotCount).toBe(e.shotCount);
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

function expectError(res: { ok: boolean; error?: EngineError }, step: Step, label: string): void {
  expect(res.ok, `${label}: expected ${step.error}`).toBe(false);
  if (res.ok || res.error === undefined) return;
  expect(res.error.code, res.error.message).toBe(step.error);
  if (step.errorField) expect(res.error.field).toBe(step.errorField);
  for (const w of step.errorIncludes ?? []) expect(res.error.message).toContain(w);
}

/** A step of a match row: the action on the match (its frame in play), or the next frame. */
function runMatchStep(match: MatchState, step: Step, row: Row, label: string): MatchState {
  for (let k = 1; k < (step.times ?? 1); k++)
    match = runMatchStep(match, { ...step, times: 1, expect: undefined }, row, label);
  const action: MatchAction = step.nextFrame
    ? { type: 'nextFrame' }
    : (rawAction(match.frame, step, row) as unknown as MatchAction);
  const res = applyMatch(match, action);
  if (step.error !== undefined) {
    expectError(res, step, label);
    return match;
  }
  if (!res.ok) throw new Error(`${label}: unexpected ${res.error.code}: ${res.error.message}`);
  const m = res.value.match;
  const e = step.expect;
  if (e) {
    check(res.value.verdict, m.frame, e);
    if (e.matchWon !== undefined) expect(m.won).toEqual(e.matchWon);
    if (e.nextBreaker !== undefined) expect(m.nextBreaker).toBe(e.nextBreaker);
    if (e.matchResult !== undefined)
      expect(m.result === null ? null : { winner: m.result.winner }).toEqual(e.matchResult);
    if (e.stalemates !== undefined) expect(m.stalemates).toBe(e.stalemates);
    if (e.framesClosed !== undefined) expect(m.frames.length).toBe(e.framesClosed);
  }
  const round = parseMatch(JSON.parse(JSON.stringify(m)));
  expect(round.ok && round.value).toEqual(m);
  return m;
}

function runStep(state: FrameState, step: Step, row: Row, label: string): FrameState {
  for (let k = 1; k < (step.times ?? 1); k++)
    state = runStep(state, { ...step, times: 1, expect: undefined }, row, label);
  const res = apply(state, actionOf(state, step, row));
  if (step.error !== undefined) {
    expectError(res, step, label);
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
          if (row.match) {
            let m = newMatch({ ...row.match, seed: 1, rules: preset });
            m = runMatchStep(m, row, row, row.name);
            for (const [i, step] of (row.then ?? []).entries())
              m = runMatchStep(m, step, row, `${row.name} then[${i}]`);
            return;
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
