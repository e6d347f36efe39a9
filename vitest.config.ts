import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The simulator and planner tests are CPU-bound; the machine has 2 cores.
    testTimeout: 120_000,
  },
});
