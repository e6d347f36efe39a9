import { Command } from 'commander';
import { registerMatch } from './commands/match.js';
import { registerPlay } from './commands/play.js';
import { registerReferee } from './commands/referee.js';
import { registerReplay } from './commands/replay.js';
import { registerReport } from './commands/report.js';
import { registerSchemas } from './commands/schemas.js';
import { registerSearchBreak } from './commands/searchBreak.js';
import { registerServe } from './commands/serve.js';
import { registerSim } from './commands/sim.js';
import { registerSuggest } from './commands/suggest.js';
import { registerWorker } from './commands/worker.js';

/** The whole CLI, apart from process.argv, so tests can drive it with exitOverride(). */
export function buildProgram(): Command {
  const program = new Command('pool8')
    .description('pool8: an eight-ball referee, shot simulator and Monte Carlo opponent')
    .version('0.1.0')
    // Throw instead of exiting, in every subcommand too (set before they are added),
    // so main.ts maps usage errors to exit code 2 and tests can catch them.
    .exitOverride();
  registerPlay(program);
  registerSuggest(program);
  registerMatch(program);
  registerReplay(program);
  registerReport(program);
  registerReferee(program);
  registerSim(program);
  registerWorker(program);
  registerSearchBreak(program);
  registerSchemas(program);
  registerServe(program);
  return program;
}
