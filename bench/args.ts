import { type ParseArgsConfig, parseArgs } from 'node:util';
import { isLevelName, LEVEL_NAMES, LEVELS, type Level, type Noise } from '../ai/levels.js';
import { NOISE_FIELDS, overrideNoise } from '../ai/noise.js';

/**
 * Option checks shared by the diagnosis scripts (runout.ts, potModel.ts):
 * bad usage prints `<script>: <message>` and exits 2, as the CLI does.
 */
export function argChecks(script: string) {
  const usage = (message: string): never => {
    process.stderr.write(`${script}: ${message}\n`);
    process.exit(2);
  };
  /** A whole number, at least `min` when given. */
  const whole = (flag: string, value: string | undefined, min?: number): number => {
    const n = Number(value);
    if (!Number.isInteger(n) || (min !== undefined && n < min))
      usage(`${flag} must be a whole number${min !== undefined ? ` ≥ ${min}` : ''}`);
    return n;
  };
  const level = (value: string | undefined): Level => {
    if (!isLevelName(value)) usage(`--level must be one of ${LEVEL_NAMES.join(', ')}`);
    return LEVELS[value as keyof typeof LEVELS];
  };
  /** Noise overrides as JSON: known fields only, each a finite number ≥ 0. */
  const noise = (value: string | undefined, base: Noise): Noise => {
    const bad = (): never =>
      usage(
        `--noise must be a JSON object of ${NOISE_FIELDS.join(', ')}, each a number ≥ 0, e.g. '{"phi":0.0625}'`,
      );
    let o: unknown;
    try {
      o = JSON.parse(value ?? '{}');
    } catch {
      bad();
    }
    return overrideNoise(base, o) ?? bad();
  };
  return { usage, whole, level, noise };
}

/**
 * parseArgs for a diagnosis script: `--help` prints `help` and exits 0; an
 * unknown option or a missing value prints `<script>: <message>` and exits 2
 * (node's parseArgs would throw a stack trace).
 */
export function parseOptions<O extends NonNullable<ParseArgsConfig['options']>>(
  script: string,
  options: O,
  help: string,
) {
  return parseWithPositionals(script, options, help, false).values;
}

/** parseOptions that also returns the positional arguments (file and directory names). */
export function parseWithPositionals<O extends NonNullable<ParseArgsConfig['options']>>(
  script: string,
  options: O,
  help: string,
  allowPositionals = true,
) {
  if (process.argv.slice(2).some((a) => a === '--help' || a === '-h')) {
    process.stdout.write(`${help.trim()}\n`);
    process.exit(0);
  }
  try {
    return parseArgs({ options, strict: true, allowPositionals });
  } catch (e) {
    process.stderr.write(`${script}: ${(e as Error).message.split('\n')[0]}\n`);
    return process.exit(2);
  }
}
