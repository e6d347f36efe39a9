/**
 * Hostile input through every JSON-reading command: 1,000 generated
 * malformed documents each (an unknown field, a wrong type, a non-finite
 * number, a missing field), derived from real documents (examples/, a
 * new-frame state, a game record). Every one must be refused with a coded
 * error whose message is one line — never accepted, never a stack trace.
 *
 * Most mutations are malformed by construction (every object of these
 * documents is closed, no field takes both a number and a string). A
 * deleted field is malformed only when it was required: for those the
 * published schema decides, and the runs where it says "still valid" are
 * skipped, not counted.
 */
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assertRefusesMalformed, commands, examples, mutate, mutation } from './hostile.js';
import { pool8 } from './pool8.js';

describe('hostile input: every JSON-reading command refuses malformed documents by code', () => {
  it.each(commands.map((c) => [c.name, c] as const))('%s: 1,000 malformed documents', (_n, c) => {
    const seen = assertRefusesMalformed(c, 1000, 20261203);
    // The refusals are not all one catch-all code: each part keeps its own.
    expect(seen.size, [...seen.keys()].join(' ')).toBeGreaterThanOrEqual(c.codes);
  });
});

describe('hostile input through the real pool8 bin', () => {
  const argsOf: Record<string, (text: string) => { args: string[]; input: string }> = {
    sim: (t) => ({ args: ['sim'], input: t }),
    referee: (t) => ({ args: ['referee'], input: t }),
    suggest: (t) => ({ args: ['suggest', '--threads', '1'], input: t }),
    replay: (t) => ({ args: ['replay', '-'], input: t }),
    '--noise': (t) => ({
      args: [
        'suggest',
        '--threads',
        '1',
        '--noise',
        t,
        '--in',
        join(examples, 'suggest-open-table.json'),
      ],
      input: '',
    }),
    '--budget': (t) => ({
      args: [
        'suggest',
        '--threads',
        '1',
        '--budget',
        t,
        '--in',
        join(examples, 'suggest-open-table.json'),
      ],
      input: '',
    }),
  };

  it.each(commands.map((c) => [c.name, c] as const))(
    '%s: five malformed documents, one line on stderr each, no stack trace',
    (_n, c) => {
      const texts = fc
        .sample(fc.tuple(fc.nat(), mutation), { numRuns: 200, seed: 7 })
        .map(([b, m]) => mutate(c.bases[b % c.bases.length]!, m))
        .filter((x): x is { text: string; certain: boolean } => x?.certain === true)
        .slice(0, 5)
        .map((x) => x.text);
      expect(texts).toHaveLength(5);
      for (const t of texts) {
        const { args, input } = argsOf[c.name]!(t);
        const r = pool8(args, input);
        expect([1, 2], r.err).toContain(r.code);
        expect(r.err).toMatch(/^pool8: E_[A-Z0-9_]+: [^\n]+\n$/);
        expect(r.err).not.toMatch(/\n\s+at /);
      }
    },
  );
});
