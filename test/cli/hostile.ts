/**
 * The hostile-input generators: real documents of each JSON-reading command
 * (examples/, a new-frame state, a game record) and mutations that make them
 * malformed. Shared by the fast pass (hostileInput.test.ts, 1,000 per
 * command) and the long one (hostileInput.slow.test.ts, 10,000).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TSchema } from '@sinclair/typebox';
import fc from 'fast-check';
import { expect, vi } from 'vitest';
import { referee } from '../../cli/commands/referee.js';
import { replayRecords } from '../../cli/commands/replay.js';
import { runSim } from '../../cli/commands/sim.js';
import { stateFromInput } from '../../cli/commands/suggest.js';
import { RefereeInputSchema, SimInputSchema, SuggestInputSchema } from '../../cli/documents.js';
import { CliError, parseJsonInput } from '../../cli/io.js';
import { budgetOption, noiseOption, withBudget } from '../../cli/options.js';
import { newFrame } from '../../engine/state.js';
import { firstProblem } from '../../engine/validator.js';
import { GameRecordSchema } from '../../play/record.js';
import { root } from './pool8.js';

export const examples = join(root, 'examples');
const json = (file: string) => JSON.parse(readFileSync(file, 'utf8'));
/** The examples' notes (`about`, `expect`) are left out: they take any value. */
const bare = (doc: Record<string, unknown>) => {
  const { about: _a, expect: _e, ...rest } = doc;
  return rest;
};
const exampleFiles = readdirSync(examples).filter((f) => f.endsWith('.json'));

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type Path = (string | number)[];

/** Every node of a document, by path (the root included). */
function nodes(doc: Json, path: Path = [], out: Path[] = []): Path[] {
  out.push(path);
  if (Array.isArray(doc)) for (const [i, v] of doc.entries()) nodes(v, [...path, i], out);
  else if (doc !== null && typeof doc === 'object')
    for (const [k, v] of Object.entries(doc)) nodes(v, [...path, k], out);
  return out;
}

const get = (doc: Json, path: Path): Json =>
  path.reduce<Json>((v, k) => (v as Record<string | number, Json>)[k]!, doc);

/** A marker replaced in the text by a literal JSON cannot carry through stringify. */
const INFINITE = '__pool8_infinite__';

type Mutation =
  | { kind: 'unknownField'; node: number; key: string }
  | { kind: 'wrongType'; node: number; value: number }
  | { kind: 'nonFinite'; node: number; literal: string }
  | { kind: 'missing'; node: number };

export const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({
    kind: fc.constant('unknownField' as const),
    node: fc.nat(),
    key: fc.constantFrom('zz', 'teta', 'Balls', 'type2', '__proto__', 'constructor', ''),
  }),
  fc.record({ kind: fc.constant('wrongType' as const), node: fc.nat(), value: fc.nat(5) }),
  fc.record({
    kind: fc.constant('nonFinite' as const),
    node: fc.nat(),
    literal: fc.constantFrom('1e999', '-1e999'),
  }),
  fc.record({ kind: fc.constant('missing' as const), node: fc.nat() }),
);

/** A value of another JSON kind than `v`, so no field can take both. */
function otherKind(v: Json, pick: number): Json {
  if (typeof v === 'number') return ['7', true, [], {}, 'NaN', null][pick % 5]!;
  if (typeof v === 'string') return [12345, true, [], {}, 0][pick % 5]!;
  if (typeof v === 'boolean') return ['true', 1, [], {}, 0][pick % 5]!;
  if (v === null) return ['null', true, [], {}, 'x'][pick % 5]!;
  if (Array.isArray(v)) return [{}, 'list', 3, true, {}][pick % 5]!;
  return [[], 'object', 3, true, []][pick % 5]!;
}

/**
 * The mutated document as text, and whether it is malformed by construction
 * (false: only the schema can tell). Null when the mutation does not apply.
 */
export function mutate(doc: Json, m: Mutation): { text: string; certain: boolean } | null {
  const copy = structuredClone(doc);
  const all = nodes(copy);
  const candidates =
    m.kind === 'unknownField'
      ? all.filter((p) => {
          const v = get(copy, p);
          return v !== null && typeof v === 'object' && !Array.isArray(v);
        })
      : m.kind === 'nonFinite'
        ? all.filter((p) => typeof get(copy, p) === 'number')
        : m.kind === 'missing'
          ? all.filter((p) => p.length > 0 && typeof p[p.length - 1] === 'string')
          : all.filter((p) => p.length > 0);
  if (candidates.length === 0) return null;
  const path = candidates[m.node % candidates.length]!;
  const parent = path.length > 0 ? (get(copy, path.slice(0, -1)) as Record<string, Json>) : null;
  const last = path[path.length - 1]!;
  switch (m.kind) {
    case 'unknownField': {
      const target = get(copy, path) as Record<string, Json>;
      if (Object.hasOwn(target, m.key)) return null;
      // defineProperty: `__proto__` as an own key, the way JSON.parse makes it.
      Object.defineProperty(target, m.key, {
        value: 1,
        enumerable: true,
        writable: true,
        configurable: true,
      });
      return { text: JSON.stringify(copy), certain: true };
    }
    case 'wrongType':
      (parent as Record<string | number, Json>)[last] = otherKind(get(copy, path), m.value);
      return { text: JSON.stringify(copy), certain: true };
    case 'nonFinite':
      (parent as Record<string | number, Json>)[last] = INFINITE;
      return { text: JSON.stringify(copy).replace(`"${INFINITE}"`, m.literal), certain: true };
    case 'missing':
      delete (parent as Record<string, Json>)[last as string];
      return { text: JSON.stringify(copy), certain: false };
  }
}

export interface Command {
  readonly name: string;
  readonly bases: readonly Json[];
  /** The published schema of the document; null where no field is optional-by-deletion. */
  readonly schema: TSchema | null;
  readonly run: (text: string) => unknown;
  /** Distinct codes the refusals must show at least (the options have one code, by design). */
  readonly codes: number;
}

const shot = { phi: 10, V: 2, a: 0.1, b: -0.2, theta: 5 };
export const commands: Command[] = [
  {
    name: 'sim',
    bases: [
      {
        layout: {
          table: '9ft',
          balls: [
            { id: 0, x: 0.6, y: 0.635 },
            { id: 1, x: 1.9, y: 0.635 },
          ],
        },
        shot,
      },
    ],
    schema: SimInputSchema,
    run: (t) => runSim(t, false),
    codes: 4,
  },
  {
    name: 'referee',
    bases: [
      ...exampleFiles
        .filter((f) => !f.startsWith('suggest'))
        .map((f) => bare(json(join(examples, f)))),
      newFrame({ seed: 7 }) as unknown as Json,
    ] as Json[],
    schema: RefereeInputSchema,
    run: (t) => referee(t),
    codes: 4,
  },
  {
    name: 'suggest',
    bases: [
      ...exampleFiles
        .filter((f) => f.startsWith('suggest'))
        .map((f) => bare(json(join(examples, f)))),
      newFrame({ seed: 7 }) as unknown as Json,
    ] as Json[],
    schema: SuggestInputSchema,
    // The input stage only: a refused document never reaches the planner.
    run: (t) => stateFromInput(parseJsonInput(t, 'the input'), 'pl-bca'),
    codes: 3,
  },
  {
    name: 'replay',
    bases: [json(join(import.meta.dirname, 'fixtures/record-greedy-random.json'))],
    schema: GameRecordSchema,
    run: (t) => replayRecords(t),
    codes: 2,
  },
  {
    name: '--noise',
    bases: [{ phi: 0.1, V: 0.05, a: 0.01, b: 0.01, theta: 0.1 }],
    schema: null,
    run: (t) => noiseOption(t),
    codes: 1,
  },
  {
    name: '--budget',
    bases: [{ candidates: 6, samples: 24, finalists: 3, finalSamples: 32 }],
    schema: null,
    run: (t) =>
      withBudget(
        { strategy: 'planner', level: 'olympiad' },
        budgetOption('--budget')(t),
        '--budget',
        true,
      ),
    codes: 1,
  },
];

/** What a refusal must look like: a CliError with a stable code and a one-line message. */
export function refusal(run: () => unknown): { code: string; message: string } | string {
  try {
    run();
  } catch (e) {
    if (!(e instanceof CliError)) return `threw ${(e as Error)?.constructor?.name}: ${String(e)}`;
    return { code: e.code, message: e.message };
  }
  return 'accepted';
}

/**
 * Runs `runs` malformed documents through a command and asserts each is
 * refused by code in one line; returns how many of each code were seen.
 */
export function assertRefusesMalformed(
  c: Command,
  runs: number,
  seed: number,
): Map<string, number> {
  let writes: string[] = [];
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: unknown) => {
    writes.push(String(chunk));
    return true;
  });
  const seen = new Map<string, number>();
  try {
    for (const base of c.bases) {
      if (c.schema !== null) expect(firstProblem(c.schema, base, '')).toBeNull();
    }
    fc.assert(
      fc.property(fc.nat(), mutation, (b, m) => {
        const base = c.bases[b % c.bases.length]!;
        const mutated = mutate(base, m);
        fc.pre(mutated !== null);
        if (!mutated!.certain) {
          // A deleted optional field leaves a valid document: not a malformed input.
          fc.pre(
            c.schema !== null && firstProblem(c.schema, JSON.parse(mutated!.text), '') !== null,
          );
        }
        writes = [];
        const r = refusal(() => c.run(mutated!.text));
        if (typeof r === 'string') throw new Error(`${r}: ${mutated!.text.slice(0, 300)}`);
        expect(r.code).toMatch(/^E_[A-Z0-9_]+$/);
        expect(r.message).not.toContain('\n');
        expect(r.message).not.toMatch(/\bat .+:\d+:\d+/);
        // Whatever reached stdout is the { error } document, nothing else.
        for (const w of writes) expect(JSON.parse(w)).toHaveProperty('error.code', r.code);
        seen.set(r.code, (seen.get(r.code) ?? 0) + 1);
      }),
      { numRuns: runs, seed, maxSkipsPerRun: 100 },
    );
  } finally {
    spy.mockRestore();
  }
  return seen;
}
