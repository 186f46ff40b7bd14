import { defineConfig } from 'vitest/config';

// No retries: a flaky test is a bug to fix, not to hide.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    exclude: ['test/e2e/**', 'node_modules/**', 'test/live/**/*.live.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    retry: 0,
    // The JSON report lets .ci/run print one plain "N passed, N failed" line for the whole check.
    reporters: ['default', ['json', { outputFile: 'test-results/vitest.json' }]],
    pool: 'forks',
    maxWorkers: 4,
  },
});
