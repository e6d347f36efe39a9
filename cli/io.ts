import {
  closeSync,
  fstatSync,
  fsyncSync,
  ftruncateSync,
  openSync,
  readFileSync,
  writeSync,
} from 'node:fs';

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

/**
 * An output file opened before the work starts, so an unwritable `--out` or
 * `--svg` is refused at once instead of after an hour of games. Text goes out
 * in whole lines: each line is one write, synced; a write that fails part
 * way (a full disk) is cut back to the last whole line, so the file never
 * ends in a torn record.
 */
export class OutputFile {
  private readonly fd: number;
  private size = 0;

  constructor(
    readonly path: string,
    flags: 'w' | 'a' = 'w',
  ) {
    try {
      this.fd = openSync(path, flags);
      this.size = fstatSync(this.fd).size;
    } catch (e) {
      throw new CliError('E_OUTPUT_UNWRITABLE', `cannot write ${path}: ${(e as Error).message}`);
    }
  }

  /** Appends `text` (a newline is added when it lacks one), whole or not at all. */
  line(text: string): void {
    const bytes = Buffer.from(text.endsWith('\n') ? text : `${text}\n`);
    try {
      let done = 0;
      while (done < bytes.length) done += writeSync(this.fd, bytes, done, bytes.length - done);
      fsyncSync(this.fd);
      this.size += bytes.length;
    } catch (e) {
      try {
        ftruncateSync(this.fd, this.size);
      } catch {}
      throw new CliError('E_OUTPUT_FAILED', `writing ${this.path}: ${(e as Error).message}`);
    }
  }

  close(): void {
    closeSync(this.fd);
  }
}
