/**
 * Budget overrides (ai/budget.ts): what `--budget` accepts, what it refuses
 * and by which field, and that an accepted override lands exactly where it
 * was asked and nowhere else (options for samples, candidates and a time
 * limit).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describeBudget, overrideBudget } from '../../ai/budget.js';
import { LEVELS } from '../../ai/levels.js';

const olympiad = LEVELS.olympiad.budget;
const amateur = LEVELS.amateur.budget; // depth 1: no lookahead to start from

describe('overrideBudget', () => {
  it('applies the fields given over the base, and only those', () => {
    expect(overrideBudget(olympiad, {})).toEqual({ ok: true, value: olympiad });
    expect(overrideBudget(olympiad, { samples: 24, finalists: 0 })).toEqual({
      ok: true,
      value: { ...olympiad, samples: 24, finalists: 0 },
    });
    // Some lookahead fields over the base's depth 2.
    expect(overrideBudget(olympiad, { lookahead: { pots: 6 } })).toEqual({
      ok: true,
      value: { ...olympiad, lookahead: { ...olympiad.lookahead!, pots: 6 } },
    });
    // null: depth 1.
    expect(overrideBudget(olympiad, { lookahead: null })).toEqual({
      ok: true,
      value: { ...olympiad, lookahead: null },
    });
    // A level at depth 1 takes a whole lookahead.
    expect(overrideBudget(amateur, { lookahead: { pots: 2, variants: 3, samples: 4 } })).toEqual({
      ok: true,
      value: { ...amateur, lookahead: { pots: 2, variants: 3, samples: 4 } },
    });
    const end = { pots: 2, variants: 2, samples: 2, maxToGo: 3 };
    expect(overrideBudget(olympiad, { lookahead: { endgame: end } })).toEqual({
      ok: true,
      value: { ...olympiad, lookahead: { ...olympiad.lookahead!, endgame: end } },
    });
    const closeOut = { closeOutToGo: 2, closeOutSamples: 8 };
    const pro = LEVELS.pro.budget;
    expect(overrideBudget(pro, { lookahead: closeOut })).toEqual({
      ok: true,
      value: { ...pro, lookahead: { ...pro.lookahead!, ...closeOut } },
    });
    const withEnd = { ...olympiad, lookahead: { ...olympiad.lookahead!, endgame: end } };
    expect(overrideBudget(withEnd, { lookahead: { endgame: null } })).toEqual({
      ok: true,
      value: olympiad,
    });
  });

  // Each refusal names the field and what it must be.
  const refused: [string, Budget0, unknown, string][] = [
    ['not an object', olympiad, [1], 'the budget must be a JSON object'],
    ['null', olympiad, null, 'the budget must be a JSON object'],
    ['unknown field', olympiad, { sample: 3 }, 'budget has no field "sample"'],
    [
      'zero samples',
      olympiad,
      { samples: 0 },
      'budget.samples must be a whole number from 1 to 10000, not 0',
    ],
    [
      'fraction',
      olympiad,
      { candidates: 2.5 },
      'budget.candidates must be a whole number from 1 to 1000, not 2.5',
    ],
    [
      'string',
      olympiad,
      { finalists: '4' },
      'budget.finalists must be a whole number from 0 to 1000, not "4"',
    ],
    [
      'negative',
      olympiad,
      { potSamples: -1 },
      'budget.potSamples must be a whole number from 0 to 10000, not -1',
    ],
    [
      'too many',
      olympiad,
      { finalSamples: 10_001 },
      'budget.finalSamples must be a whole number from 0 to 10000',
    ],
    [
      'lookahead array',
      olympiad,
      { lookahead: [] },
      'budget.lookahead must be null (depth 1) or an object',
    ],
    [
      'lookahead field',
      olympiad,
      { lookahead: { depth: 3 } },
      'budget.lookahead has no field "depth"',
    ],
    [
      'lookahead zero',
      olympiad,
      { lookahead: { pots: 0 } },
      'budget.lookahead.pots must be a whole number from 1 to 100',
    ],
    ['partial on depth 1', amateur, { lookahead: { pots: 2 } }, 'needs pots, variants and samples'],
    [
      'partial endgame',
      olympiad,
      { lookahead: { endgame: { pots: 2 } } },
      'endgame must be null or an object of pots, variants, samples, maxToGo',
    ],
    [
      'allVariantsToGo zero',
      olympiad,
      { lookahead: { allVariantsToGo: 0 } },
      'budget.lookahead.allVariantsToGo must be a whole number from 1 to 8, not 0',
    ],
    [
      'closeOutToGo without closeOutSamples',
      LEVELS.pro.budget,
      { lookahead: { closeOutToGo: 2 } },
      'budget.lookahead needs closeOutToGo and closeOutSamples together',
    ],
    [
      'closeOutSamples zero',
      olympiad,
      { lookahead: { closeOutToGo: 2, closeOutSamples: 0 } },
      'budget.lookahead.closeOutSamples must be a whole number from 1 to 10000, not 0',
    ],
    [
      'endgame range',
      olympiad,
      { lookahead: { endgame: { pots: 2, variants: 2, samples: 2, maxToGo: 9 } } },
      'budget.lookahead.endgame.maxToGo must be a whole number from 1 to 8',
    ],
  ];
  for (const [name, base, o, message] of refused)
    it(`refuses ${name}, saying why`, () => {
      const r = overrideBudget(base, o);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error).toContain(message);
    });

  it('keeps every accepted field and the rest of the base (property)', () => {
    const field = fc.constantFrom(
      'candidates',
      'samples',
      'finalists',
      'finalSamples',
      'potSamples',
    );
    fc.assert(
      fc.property(fc.dictionary(field, fc.integer({ min: 1, max: 1000 })), (o) => {
        const r = overrideBudget(olympiad, o);
        expect(r.ok).toBe(true);
        if (r.ok) expect(r.value).toEqual({ ...olympiad, ...o });
      }),
    );
  });
});

type Budget0 = typeof olympiad;

describe('describeBudget', () => {
  it('says the olympiad budget in words', () => {
    expect(describeBudget(olympiad)).toBe(
      '6 candidates × 12 samples; 16 finalists × 16 samples at depth 2 (4 pots × 3 variants × 3 samples, all 5 variants with ≤ 3 to go) + 48 plain',
    );
    expect(describeBudget(amateur)).toBe('4 candidates × 10 samples; 4 finalists × 12 samples');
    const pro = LEVELS.pro.budget;
    expect(
      describeBudget({
        ...pro,
        lookahead: { ...pro.lookahead!, closeOutToGo: 2, closeOutSamples: 8 },
      }),
    ).toBe(
      '5 candidates × 12 samples; 5 finalists × 16 samples at depth 2 (2 pots × 3 variants × 4 samples, 8 samples with ≤ 2 to go)',
    );
  });
});
