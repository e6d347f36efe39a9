import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * `npm run test:slow`: only the *.slow.test.ts files, the long end-to-end and
 * statistical runs that `npm test` (vitest.config.ts) leaves out.
 */
export default defineConfig({
  test: {
    include: ['test/**/*.slow.test.ts'],
    exclude: [...configDefaults.exclude],
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // CPU-bound runs of many racks on a shared 2-core machine.
    testTimeout: 600_000,
  },
});
