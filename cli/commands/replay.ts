import type { Command } from 'commander';
import { firstProblem, problemText } from '../../engine/validator.js';
import { type GameRecord, GameRecordSchema, replay } from '../../play/record.js';
import { checkParams } from '../../sim/validate.js';
import { CliError, EXIT, parseJsonInput, readInput } from '../io.js';

/**
 * Replays game records (a record, or JSON lines of records) and says whether
 * each reproduces bit for bit. A record is checked against GameRecordSchema
 * first: a malformed one is refused by field, never replayed half-way.
 */
export function replayRecords(text: string): string {
  const trimmed = text.trim();
  const lines =
    trimmed.startsWith('{') && trimmed.includes('\n{')
      ? trimmed.split('\n').filter(Boolean)
      : [trimmed];
  // A file cut short (a full disk, a killed writer) ends in a torn line: the
  // complete records before it are replayed, then the torn one is reported.
  const torn = lines.length > 1 && !text.endsWith('\n') && !parses(lines[lines.length - 1]!);
  const docs = torn ? lines.slice(0, -1) : lines;
  let actions = 0;
  for (const [i, line] of docs.entries()) {
    const doc = parseJsonInput(line, `record ${i + 1}`);
    const problem = firstProblem(GameRecordSchema, doc, `record ${i + 1}`);
    if (problem !== null) {
      const code =
        problem.field.endsWith('.format') || problem.field === `record ${i + 1}`
          ? 'E_INPUT_NOT_RECORD'
          : 'E_INPUT_BAD_RECORD';
      throw new CliError(code, problemText(problem));
    }
    const rec = doc as GameRecord;
    const bad = checkParams(rec.params);
    if (bad) throw new CliError('E_INPUT_BAD_RECORD', `record ${i + 1}: ${bad.message}`);
    const r = replay(rec);
    actions += r.actions;
    if (!r.ok) {
      process.stdout.write(`record ${i + 1}: MISMATCH after ${r.actions} actions: ${r.mismatch}\n`);
      throw new CliError('E_REPLAY_MISMATCH', `record ${i + 1}: ${r.mismatch}`, EXIT.rejected);
    }
  }
  const summary = `replayed ${docs.length} record(s), ${actions} actions: identical\n`;
  if (torn) {
    process.stdout.write(summary);
    throw new CliError(
      'E_INPUT_TORN_RECORD',
      `record ${lines.length} is cut short (the file ends inside it); the ${docs.length} before it replay identically`,
      EXIT.rejected,
    );
  }
  return summary;
}

function parses(line: string): boolean {
  try {
    JSON.parse(line);
    return true;
  } catch {
    return false;
  }
}

export function registerReplay(program: Command): void {
  program
    .command('replay')
    .description(
      'replay a game record (from pool8 play --out or match --out) and check it reproduces bit for bit',
    )
    .argument('<file>', 'a game record (JSON), or JSON lines of records')
    .action((file: string) => {
      process.stdout.write(replayRecords(readInput(file)));
    });
}
