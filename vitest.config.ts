import { defineConfig } from 'vitest/config';

// No retries: a flaky test is a bug to fix, not to hide.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    exclude: ['test/e2e/**', 'node_modules/**'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    retry: 0,
    pool: 'forks',
    maxWorkers: 2,
  },
});
