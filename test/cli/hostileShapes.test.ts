/**
 * Hostile shapes the mutation fuzzer does not make: nesting thousands deep,
 * a 20,000-deep `previous` chain, megabyte keys and strings. Each is refused
 * by code with a short message — no stack overflow, no echo of the value.
 * Checks are schema-driven and iterate, so depth costs nothing but parsing.
 */
import { describe, expect, it, vi } from 'vitest';
import { referee } from '../../cli/commands/referee.js';
import { replayRecords } from '../../cli/commands/replay.js';
import { runSim } from '../../cli/commands/sim.js';
import { stateFromInput } from '../../cli/commands/suggest.js';
import { CliError, parseJsonInput } from '../../cli/io.js';
import { newFrame } from '../../engine/state.js';

const deep = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
const state = JSON.stringify(newFrame({ seed: 7 }));
const chain = (n: number) => {
  let s = '{"previous":null}';
  for (let i = 0; i < n; i++) s = `{"previous":${s}}`;
  return s;
};

const cases: [string, () => unknown, string][] = [
  [
    'state.balls 5,000 deep',
    () => referee(state.replace(/"balls":\[.*?\],"pocketed"/, `"balls":${deep(5000)},"pocketed"`)),
    'E_BAD_STATE',
  ],
  ['events 5,000 deep', () => referee(`{"state":${state},"events":${deep(5000)}}`), 'E_BAD_EVENT'],
  ['a document 200,000 deep', () => referee(deep(200_000)), 'E_INPUT_NOT_OBJECT'],
  ['previous 20,000 deep', () => referee(`{"state":${chain(20_000)}}`), 'E_BAD_STATE'],
  [
    'a state for suggest with previous 20,000 deep',
    () => stateFromInput(parseJsonInput(chain(20_000), 'the input'), 'pl-bca'),
    'E_BAD_STATE',
  ],
  [
    'a megabyte key',
    () => referee(`{"state":${state},"${'k'.repeat(1e6)}":1}`),
    'E_INPUT_UNKNOWN_FIELD',
  ],
  [
    'a megabyte string',
    () =>
      runSim(`{"layout":{"table":"${'x'.repeat(1e6)}","balls":[]},"shot":{"phi":0,"V":1}}`, false),
    'E_SIM_BAD_TABLE',
  ],
  [
    'a record with frames 5,000 deep',
    () => replayRecords(`{"format":"pool8/game/1","frames":${deep(5000)}}`),
    'E_INPUT_BAD_RECORD',
  ],
];

describe('hostile shapes', () => {
  it.each(cases)('%s is refused by code, in a short message', (_name, run, code) => {
    const quiet = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    let thrown: unknown;
    try {
      run();
    } catch (e) {
      thrown = e;
    } finally {
      quiet.mockRestore();
    }
    expect(thrown).toBeInstanceOf(CliError);
    expect((thrown as CliError).code).toBe(code);
    expect((thrown as CliError).message.length).toBeLessThan(200);
  });
});
