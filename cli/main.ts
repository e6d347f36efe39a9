#!/usr/bin/env node
import { CommanderError } from 'commander';
import { CliError, EXIT } from './io.js';
import { buildProgram } from './program.js';

// Stable exit codes (cli/io.ts EXIT): 0 ok, 1 rejected by the core, 2 usage or input.
try {
  await buildProgram().parseAsync(process.argv);
} catch (e) {
  if (e instanceof CliError) {
    process.stderr.write(`pool8: ${e.code}: ${e.message}\n`);
    process.exitCode = e.exitCode;
  } else if (e instanceof CommanderError) {
    // commander already printed its message; help and version are not errors.
    process.exitCode = e.exitCode === 0 ? EXIT.ok : EXIT.usage;
  } else {
    throw e;
  }
}
