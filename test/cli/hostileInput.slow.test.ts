/**
 * The long pass of the hostile-input fuzz (hostile.ts): 10,000 malformed
 * documents per JSON-reading command, from a fresh seed each run, printed so
 * a failure can be replayed (`fc.assert` prints it too, with the shrunk case).
 */
import { describe, expect, it } from 'vitest';
import { assertRefusesMalformed, commands } from './hostile.js';

const seed = Number(process.env.POOL8_FUZZ_SEED ?? Date.now() % 2 ** 31);

describe(`hostile input, long pass (seed ${seed}; POOL8_FUZZ_SEED=${seed} replays it)`, () => {
  it.each(commands.map((c) => [c.name, c] as const))('%s: 10,000 malformed documents', (_n, c) => {
    console.log(`hostile input ${c.name}: seed ${seed}`);
    const seen = assertRefusesMalformed(c, 10_000, seed);
    const total = [...seen.values()].reduce((a, b) => a + b, 0);
    expect(total).toBe(10_000);
    console.log(
      `hostile input ${c.name}: ${total} refused, by code ${JSON.stringify(Object.fromEntries(seen))}`,
    );
  });
});
