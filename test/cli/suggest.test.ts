/**
 * `pool8 suggest` as a user runs it (the built CLI, real worker threads).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SuggestionsSchema } from '../../ai/suggestion.js';
import { firstProblem } from '../../engine/validator.js';
import { pool8 as run } from './pool8.js';

const dir = mkdtempSync(join(tmpdir(), 'pool8-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** `pool8 suggest --json` on the open-table example, one thread, the top k. */
const suggestOpenTable = (top: string, ...extra: string[]) =>
  run([
    'suggest',
    '--in',
    'examples/suggest-open-table.json',
    '--json',
    '--top',
    top,
    '--threads',
    '1',
    ...extra,
  ]);

describe('pool8 suggest', () => {
  it('ranks shots with their chances and a reason, and draws them', () => {
    const svg = join(dir, 'shots.svg');
    const r = run([
      'suggest',
      '--in',
      'examples/suggest-open-table.json',
      '--json',
      '--top',
      '3',
      '--threads',
      '1',
      '--svg',
      svg,
    ]);
    expect(r.code).toBe(0);
    const s = JSON.parse(r.out);
    // One published shape, each estimate with its ± (1.96 · stderr) and samples.
    expect(firstProblem(SuggestionsSchema, s, 'suggestions')).toBeNull();
    expect(s.decision.type).toBe('stroke');
    expect(s.decision.shot).toEqual(s.suggestions[0].shot);
    expect(s.suggestions).toHaveLength(3);
    for (const x of s.suggestions) {
      expect(x.margin95).toBeCloseTo(1.96 * x.stderr, 12);
      expect(x.samples).toBeGreaterThan(0);
      expect(x.call.kind === 'safety' || [1, 3, 6].includes(x.call.ball)).toBe(true);
      expect(x.pPot).toBeGreaterThanOrEqual(0);
      expect(x.pPot).toBeLessThanOrEqual(1);
      expect(typeof x.reason).toBe('string');
    }
    expect(s.suggestions[0].value).toBeGreaterThanOrEqual(s.suggestions[2].value);
    expect(existsSync(svg) && readFileSync(svg, 'utf8')).toMatch(/^<svg/);
  });

  it('places the cue ball in hand', () => {
    const r = run([
      'suggest',
      '--in',
      'examples/suggest-ball-in-hand.json',
      '--json',
      '--top',
      '1',
      '--threads',
      '1',
    ]);
    const s = JSON.parse(r.out);
    expect(s.suggestions[0].placement).not.toBeNull();
    expect([9, 11]).toContain(s.suggestions[0].call.ball);
  });

  it('--noise reaches the sampling: with no noise every sample of a shot is the same', () => {
    const zero = '{"phi":0,"V":0,"a":0,"b":0,"theta":0}';
    const top5 = (...extra: string[]) => suggestOpenTable('5', ...extra);
    const r = top5('--noise', zero);
    expect(r.code).toBe(0);
    const s = JSON.parse(r.out);
    expect(s.noise).toEqual(JSON.parse(zero));
    // Identical samples: each shot pots in all of them or in none.
    for (const x of s.suggestions) expect([0, 1]).toContain(x.pPot);
    // Without --noise some of the top five pot in only part of their samples (0.97 and 0.98).
    const noisy = JSON.parse(top5().out);
    expect(noisy.noise.phi).toBe(0.125);
    expect(noisy.suggestions.some((x: { pPot: number }) => x.pPot > 0 && x.pPot < 1)).toBe(true);
    const bad = run(['suggest', '--in', 'examples/suggest-open-table.json', '--noise', '{"V":-1}']);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('E_INPUT_BAD_OPTION');
  });

  it('--budget and --time-limit reach the planner: samples per shot, and the second level', () => {
    const top = (...extra: string[]) => suggestOpenTable('50', ...extra);
    // The olympiad level samples its 16 finalists 48 + 16 times (ai/levels.ts): the rest 12.
    const base = JSON.parse(top().out);
    expect(base.suggestions.filter((x: { samples: number }) => x.samples > 12)).toHaveLength(16);
    // No second level, 5 samples each.
    const small = top('--budget', '{"samples":5,"finalists":0}');
    expect(small.code).toBe(0);
    const s = JSON.parse(small.out);
    expect(s.budget).toMatchObject({ samples: 5, finalists: 0, candidates: 6 });
    expect(s.suggestions.length).toBeGreaterThan(5);
    for (const x of s.suggestions) expect(x.samples).toBe(5);
    // 1 ms is over before the first level ends: the second level is skipped.
    const quick = JSON.parse(top('--time-limit', '1').out);
    expect(quick.timeLimitMs).toBe(1);
    for (const x of quick.suggestions) expect(x.samples).toBe(12);
    const bad = run([
      'suggest',
      '--in',
      'examples/suggest-open-table.json',
      '--budget',
      '{"samples":0}',
    ]);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain(
      '--budget: budget.samples must be a whole number from 1 to 10000, not 0',
    );
  });

  it('a bad layout is refused naming the ball', () => {
    const r = run(
      ['suggest'],
      JSON.stringify({
        layout: {
          table: '9ft',
          balls: [
            { id: 0, x: 1, y: 0.5 },
            { id: 3, x: 1.01, y: 0.5 },
          ],
        },
      }),
    );
    expect(r.code).toBe(1);
    expect(JSON.parse(r.out).error.ball).toBeDefined();
  });
});
