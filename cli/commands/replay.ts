import type { Command } from 'commander';
import { type GameRecord, replay } from '../../play/record.js';
import { CliError, EXIT, parseJsonInput, readInput } from '../io.js';

export function registerReplay(program: Command): void {
  program
    .command('replay')
    .description(
      'replay a game record (from pool8 play --out or match --out) and check it reproduces bit for bit',
    )
    .argument('<file>', 'a game record (JSON), or JSON lines of records')
    .action((file: string) => {
      const text = readInput(file).trim();
      const docs =
        text.startsWith('{') && text.includes('\n{') ? text.split('\n').filter(Boolean) : [text];
      let actions = 0;
      for (const [i, line] of docs.entries()) {
        const rec = parseJsonInput(line, `record ${i + 1}`) as GameRecord;
        if (rec?.format !== 'pool8/game/1')
          throw new CliError('E_INPUT_NOT_RECORD', `record ${i + 1} is not a pool8/game/1 record`);
        const r = replay(rec);
        actions += r.actions;
        if (!r.ok) {
          process.stdout.write(
            `record ${i + 1}: MISMATCH after ${r.actions} actions: ${r.mismatch}\n`,
          );
          throw new CliError('E_REPLAY_MISMATCH', r.mismatch ?? 'mismatch', EXIT.rejected);
        }
      }
      process.stdout.write(`replayed ${docs.length} record(s), ${actions} actions: identical\n`);
    });
}
