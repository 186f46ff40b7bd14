import { defineConfig } from 'vitest/config';

// The live suite: real agent CLIs (installed by test/live/install.ts) under the real engine. One file per
// CLI, run one at a time: each CLI is heavy to start and the scenarios wait on real screens.
export default defineConfig({
  test: {
    include: ['test/live/**/*.live.test.ts'],
    testTimeout: 300_000,
    hookTimeout: 300_000,
    retry: 0,
    reporters: ['default', ['json', { outputFile: 'test-results/vitest-live.json' }]],
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
  },
});
