import { readFileSync } from 'node:fs';

/** Stable CLI exit codes (a commander-style thin shell, docs/design.md). */
export const EXIT = {
  ok: 0,
  /** The input was read but rejected by the core (a coded error). */
  rejected: 1,
  /** Bad usage or unreadable / unparsable input. */
  usage: 2,
} as const;

export class CliError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly exitCode: number = EXIT.usage,
  ) {
    super(message);
  }
}

/** Reads the whole input document from `--in FILE` or from stdin. */
export function readInput(file: string | undefined): string {
  try {
    return file === undefined || file === '-'
      ? readFileSync(0, 'utf8')
      : readFileSync(file, 'utf8');
  } catch (e) {
    throw new CliError(
      'E_INPUT_UNREADABLE',
      `cannot read ${file ?? 'stdin'}: ${(e as Error).message}`,
    );
  }
}

export function parseJsonInput(text: string, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new CliError('E_INPUT_NOT_JSON', `${what} is not valid JSON: ${(e as Error).message}`);
  }
}

export function printJson(value: unknown, pretty = true): void {
  process.stdout.write(`${JSON.stringify(value, null, pretty ? 2 : undefined)}\n`);
}
