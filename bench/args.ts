import { isLevelName, LEVEL_NAMES, LEVELS, type Level } from '../ai/levels.js';

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
  return { usage, whole, level };
}
