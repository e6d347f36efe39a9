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
  const docs =
    trimmed.startsWith('{') && trimmed.includes('\n{')
      ? trimmed.split('\n').filter(Boolean)
      : [trimmed];
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
      throw new CliError('E_REPLAY_MISMATCH', r.mismatch ?? 'mismatch', EXIT.rejected);
    }
  }
  return `replayed ${docs.length} record(s), ${actions} actions: identical\n`;
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
