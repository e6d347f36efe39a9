import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import { CliError } from '../io.js';
import { PUBLISHED_SCHEMAS, schemaDocument } from '../publishedSchemas.js';

/** `pool8 schemas`: the wire schemas as JSON Schema files, or one of them on stdout. */
export function registerSchemas(program: Command): void {
  program
    .command('schemas')
    .description('write the JSON Schemas of the wire types (schemas/*.json), or print one')
    .argument('[name]', `one schema to print: ${Object.keys(PUBLISHED_SCHEMAS).join(', ')}`)
    .option('--out <dir>', 'write every schema to DIR/<Name>.json')
    .action((name: string | undefined, opts: { out?: string }) => {
      if (name !== undefined) {
        const schema = PUBLISHED_SCHEMAS[name];
        if (schema === undefined)
          throw new CliError(
            'E_INPUT_UNKNOWN_SCHEMA',
            `no schema ${JSON.stringify(name)}; one of ${Object.keys(PUBLISHED_SCHEMAS).join(', ')}`,
          );
        process.stdout.write(schemaDocument(name, schema));
        return;
      }
      if (opts.out === undefined)
        throw new CliError('E_INPUT_NO_OUT', 'give a schema name, or --out DIR to write them all');
      mkdirSync(opts.out, { recursive: true });
      for (const [n, s] of Object.entries(PUBLISHED_SCHEMAS))
        writeFileSync(join(opts.out, `${n}.json`), schemaDocument(n, s));
      process.stdout.write(
        `wrote ${Object.keys(PUBLISHED_SCHEMAS).length} schemas to ${opts.out}\n`,
      );
    });
}
