/**
 * The JSON Schemas in schemas/ are the wire schemas the validator checks
 * with, written out (`npm run schemas`): a schema changed in the code and
 * not republished fails here, and so does a file left behind. The examples
 * are documents of the published kinds and must conform.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RefereeInputSchema, SuggestInputSchema } from '../../cli/documents.js';
import { PUBLISHED_SCHEMAS, schemaDocument } from '../../cli/publishedSchemas.js';
import { firstProblem } from '../../engine/validator.js';

const root = join(import.meta.dirname, '../..');
const dir = join(root, 'schemas');

describe('schemas/*.json', () => {
  it('are exactly the published wire schemas, one file each', () => {
    const files = readdirSync(dir).filter((f) => f.endsWith('.json'));
    expect(files.sort()).toEqual(
      Object.keys(PUBLISHED_SCHEMAS)
        .map((n) => `${n}.json`)
        .sort(),
    );
    for (const [name, schema] of Object.entries(PUBLISHED_SCHEMAS)) {
      expect(readFileSync(join(dir, `${name}.json`), 'utf8'), name).toBe(
        schemaDocument(name, schema),
      );
    }
  });

  it('carry no embedded $id (several files load into one validator)', () => {
    for (const f of readdirSync(dir)) {
      const text = readFileSync(join(dir, f), 'utf8');
      expect(text.match(/"\$id"/g), f).toHaveLength(1);
    }
  });

  it.each(readdirSync(join(root, 'examples')).filter((f) => f.endsWith('.json')))(
    'examples/%s conforms to its command schema',
    (f) => {
      const doc = JSON.parse(readFileSync(join(root, 'examples', f), 'utf8'));
      const schema = f.startsWith('suggest') ? SuggestInputSchema : RefereeInputSchema;
      expect(firstProblem(schema, doc, '')).toBeNull();
    },
  );
});
