import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * `npm test`: every test/**\/*.test.ts but the slow ones. The long end-to-end
 * and statistical runs are named *.slow.test.ts and run by `npm run test:slow`
 * (vitest.slow.config.ts); every test is in exactly one of the two suites.
 */
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: [...configDefaults.exclude, '**/*.slow.test.ts'],
    // The simulator and planner tests are CPU-bound; the machine has 2 cores.
    // Vitest's default (one worker fewer than the cores) would run one file at
    // a time there; two workers took the suite from 66 s to 42 s.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 120_000,
  },
});
