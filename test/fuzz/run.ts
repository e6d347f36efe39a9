/**
 * A fuzz pass as a fast-check property over case seeds (test/fuzz/harness.ts),
 * shared by the short pass in `npm test` and the long one in `npm run
 * test:slow`. Each case's seed is a uint32 drawn by fast-check from the run
 * seed, which is printed (and may be set with POOL8_FUZZ_SEED), so a failure
 * is replayed with `randomCase(<case seed>)` or the whole run with its seed.
 */
import fc from 'fast-check';
import {
  type Band,
  examine,
  type FuzzCase,
  newTally,
  randomCase,
  record,
  type Tally,
} from './harness.js';

/** The run seed: POOL8_FUZZ_SEED, or the given default. */
export function runSeed(fallback: number): number {
  const env = process.env.POOL8_FUZZ_SEED;
  return env !== undefined && env !== '' ? Number(env) >>> 0 : fallback;
}

/**
 * Runs `numRuns` random cases over the band through `examine` and returns
 * the tally; throws (fast-check's report: the run seed and the failing case
 * seed) at the first case that breaks the contract.
 */
export function fuzz(label: string, numRuns: number, seed: number, band: Band = {}): Tally {
  const tally = newTally();
  const started = performance.now();
  console.log(`fuzz ${label}: ${numRuns} cases, run seed ${seed} (POOL8_FUZZ_SEED=${seed})`);
  let last: FuzzCase | null = null;
  try {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffffff }), (caseSeed) => {
        const c = randomCase(caseSeed, band);
        last = c;
        const e = examine(c);
        record(tally, c, e);
        if (e.failures.length > 0) {
          throw new Error(
            `case seed ${caseSeed}: ${e.failures.join(', ')}${e.code ? ` (${e.code})` : ''}${e.detail ? `: ${e.detail}` : ''}\n${JSON.stringify({ layout: c.layout, shot: c.shot })}`,
          );
        }
      }),
      { numRuns, seed, endOnFailure: true },
    );
  } catch (e) {
    if (last !== null) console.log(`fuzz ${label}: failed on ${JSON.stringify(last)}`);
    throw e;
  }
  const ms = Math.round(performance.now() - started);
  console.log(
    `fuzz ${label}: ${tally.calls} simulate calls, ${tally.events} events, ${ms} ms; failures ${JSON.stringify(tally.failures)}`,
  );
  return tally;
}
