import { err, ok, type Result } from '../engine/result.js';
import { variants } from './candidates.js';
import type { Budget, EndgameLookahead, Lookahead } from './levels.js';

/**
 * Overrides of a level's thinking budget, as a user sets them (`pool8 suggest
 * --budget`, `play` and `match --budget`, `--budget-a`, `--budget-b`: options
 * for samples, candidates and a time limit). Each field is a whole
 * number within a range that keeps a decision finite; `lookahead` is null
 * (depth 1) or some of its fields over the base's depth 2. The failure names
 * the field, so the CLI can say what to fix.
 */
export const BUDGET_FIELDS = [
  'candidates',
  'samples',
  'finalists',
  'finalSamples',
  'potSamples',
  'lookahead',
] as const satisfies readonly (keyof Budget)[];

const LOOKAHEAD_FIELDS = [
  'pots',
  'variants',
  'samples',
  'allVariantsToGo',
  'closeOutToGo',
  'closeOutSamples',
  'endgame',
] as const;
const ENDGAME_FIELDS = ['pots', 'variants', 'samples', 'maxToGo'] as const;

// The bounds say what a decision can hold, not what is sensible: 1 000
// candidates × 10 000 samples is already days of work on two cores.
const RANGES: Readonly<Record<string, readonly [number, number]>> = {
  candidates: [1, 1000],
  samples: [1, 10_000],
  finalists: [0, 1000],
  finalSamples: [0, 10_000],
  potSamples: [0, 10_000],
  pots: [1, 100],
  variants: [1, 100],
  maxToGo: [1, 8],
  allVariantsToGo: [1, 8],
  closeOutToGo: [1, 8],
  closeOutSamples: [1, 10_000],
};

type Fields = Record<string, unknown>;

const isObject = (x: unknown): x is Fields =>
  typeof x === 'object' && x !== null && !Array.isArray(x);

function whole(name: string, v: unknown, range: readonly [number, number]): Result<number, string> {
  if (typeof v === 'number' && Number.isInteger(v) && v >= range[0] && v <= range[1]) return ok(v);
  return err(
    `${name} must be a whole number from ${range[0]} to ${range[1]}, not ${JSON.stringify(v)}`,
  );
}

/** Copies the known whole-number fields of `o` over `base`, checking each; unknown fields are refused. */
function numbers<T extends object>(
  where: string,
  base: T,
  o: Fields,
  fields: readonly string[],
  nested: readonly string[] = [],
): Result<T, string> {
  const out: Fields = { ...(base as Fields) };
  for (const [k, v] of Object.entries(o)) {
    if (!fields.includes(k))
      return err(`${where} has no field ${JSON.stringify(k)}; it has ${fields.join(', ')}`);
    if (nested.includes(k)) continue;
    const range = RANGES[k] ?? [1, 10_000];
    const n = whole(`${where}.${k}`, v, range);
    if (!n.ok) return n;
    out[k] = n.value;
  }
  return ok(out as T);
}

function overrideLookahead(base: Lookahead | null, o: unknown): Result<Lookahead | null, string> {
  if (o === null) return ok(null);
  if (!isObject(o))
    return err(
      `budget.lookahead must be null (depth 1) or an object of ${LOOKAHEAD_FIELDS.join(', ')}`,
    );
  if (base === null && !['pots', 'variants', 'samples'].every((k) => k in o))
    return err(
      'budget.lookahead needs pots, variants and samples: the level has no depth 2 to start from',
    );
  const start: Lookahead = base ?? { pots: 1, variants: 1, samples: 1 };
  const look = numbers('budget.lookahead', start, o, LOOKAHEAD_FIELDS, ['endgame']);
  if (!look.ok) return look;
  if ((look.value.closeOutToGo === undefined) !== (look.value.closeOutSamples === undefined))
    return err('budget.lookahead needs closeOutToGo and closeOutSamples together');
  if (!('endgame' in o)) return look;
  const { endgame: _, ...rest } = look.value;
  if (o.endgame === null) return ok(rest);
  if (!isObject(o.endgame) || !ENDGAME_FIELDS.every((k) => k in (o.endgame as Fields)))
    return err(
      'budget.lookahead.endgame must be null or an object of pots, variants, samples, maxToGo',
    );
  const end = numbers<EndgameLookahead>(
    'budget.lookahead.endgame',
    { pots: 1, variants: 1, samples: 1, maxToGo: 1 },
    o.endgame,
    ENDGAME_FIELDS,
  );
  if (!end.ok) return end;
  return ok({ ...rest, endgame: end.value });
}

/** The base budget with the overrides applied, or why they cannot be. */
export function overrideBudget(base: Budget, overrides: unknown): Result<Budget, string> {
  if (!isObject(overrides))
    return err(`the budget must be a JSON object of ${BUDGET_FIELDS.join(', ')}`);
  const flat = numbers('budget', base, overrides, BUDGET_FIELDS, ['lookahead']);
  if (!flat.ok || !('lookahead' in overrides)) return flat;
  const look = overrideLookahead(base.lookahead, overrides.lookahead);
  if (!look.ok) return look;
  return ok({ ...flat.value, lookahead: look.value });
}

/** "6 candidates × 12 samples; 16 finalists × 16 samples at depth 2 (4 pots × 3 variants × 3 samples) + 48 plain": a budget in words. */
export function describeBudget(b: Budget): string {
  const look = b.lookahead;
  const depth = look
    ? ` at depth 2 (${look.pots} pots × ${look.variants} variants × ${look.samples} samples${
        look.allVariantsToGo !== undefined
          ? `, all ${variants(1).length} variants with ≤ ${look.allVariantsToGo} to go`
          : ''
      }${
        look.closeOutToGo !== undefined
          ? `, ${look.closeOutSamples} samples with ≤ ${look.closeOutToGo} to go`
          : ''
      }${
        look.endgame
          ? `; depth 3 with ≤ ${look.endgame.maxToGo} to go: ${look.endgame.pots} × ${look.endgame.variants} × ${look.endgame.samples}`
          : ''
      })`
    : '';
  const pot = look && b.potSamples ? ` + ${b.potSamples} plain` : '';
  return `${b.candidates} candidates × ${b.samples} samples; ${b.finalists} finalists × ${b.finalSamples} samples${depth}${pot}`;
}
