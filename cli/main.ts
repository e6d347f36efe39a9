#!/usr/bin/env node
import { CommanderError } from 'commander';
import { CliError, EXIT } from './io.js';
import { buildProgram } from './program.js';

// A reader that stops early (`pool8 play | head`) closes the pipe: the output
// is no longer wanted, so stop quietly, as Unix tools do, instead of throwing
// EPIPE from the next write. The worker pool must not keep the process alive.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(EXIT.ok);
  throw e;
});

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
