import type { Command } from 'commander';
import type { Result } from '../../engine/result.js';
import {
  parseLayout,
  parseShot,
  type SimError,
  type SimOutcome,
  simulate,
} from '../../sim/index.js';
import { checkSimInput } from '../documents.js';
import { CliError, EXIT, parseJsonInput, printJson, readInput } from '../io.js';

/**
 * `pool8 sim`: { "layout": L, "shot": S } → { "events": [...], "layout": L' }
 * (docs/wire.md), with `--trace` adding per-ball samples [t, x, y, vx, vy] at every
 * event and at least every 10 ms. Bad input is a coded error naming the
 * field or ball (sim/errors.ts), printed as { "error": … } with exit code 1.
 */
function rejected(error: SimError): never {
  printJson({ error });
  throw new CliError(error.code, error.message, EXIT.rejected);
}

/** A sim document (its shape already checked): layout and shot parsed, then simulated; `pool8 sim` and POST /v1/simulate. */
export function simulateDocument(
  d: { readonly layout?: unknown; readonly shot?: unknown },
  trace: boolean,
): Result<SimOutcome, SimError> {
  const layout = parseLayout(d.layout);
  if (!layout.ok) return layout;
  const shot = parseShot(d.shot);
  if (!shot.ok) return shot;
  return simulate(layout.value, shot.value, undefined, { trace });
}

export function runSim(text: string, trace: boolean): SimOutcome {
  const result = simulateDocument(checkSimInput(parseJsonInput(text, 'the input')), trace);
  if (!result.ok) rejected(result.error);
  return result.value;
}

export function registerSim(program: Command): void {
  program
    .command('sim')
    .description(
      'simulate one shot: reads { "layout": …, "shot": … }, prints { "events": […], "layout": … }',
    )
    .option('--in <file>', 'input file (default: stdin)')
    .option('--trace', 'add per-ball samples [t, x, y, vx, vy] at every event and every 10 ms')
    .addHelpText(
      'after',
      `
Examples:
  echo '{"layout":{"table":"9ft","balls":[{"id":0,"x":0.6,"y":0.635},{"id":1,"x":1.9,"y":0.635}]},"shot":{"phi":0,"V":2}}' | pool8 sim
  pool8 sim --in shot.json --trace`,
    )
    .action((opts: { in?: string; trace?: boolean }) => {
      printJson(runSim(readInput(opts.in), opts.trace === true));
    });
}
