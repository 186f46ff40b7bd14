// Playwright projects. No browser is ever downloaded: Chromium projects use the system Chromium
// (`use: { launchOptions: { executablePath: '/usr/bin/chromium' } }`), and the Electron project
// launches the Electron binary the electron package installed — and skips, saying so, where there is none.
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS } from './test/e2e/support/browser.ts';

export default defineConfig({
  testDir: 'test/e2e',
  outputDir: 'test-results/e2e',
  // A flaky test is a bug to fix, not to hide.
  retries: 0,
  // Every Electron test owns a tray, global hotkeys and a private tmux server: one at a time.
  workers: 1,
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  projects: [
    {
      name: 'electron',
      testDir: 'test/e2e/electron',
      testMatch: '**/*.spec.ts',
      timeout: 90_000,
    },
    {
      // The real UI in the system Chromium against a real `trailboss daemon` and scripted agents on a private tmux server.
      name: 'browser',
      testDir: 'test/e2e/browser',
      testMatch: '**/*.spec.ts',
      timeout: 60_000,
      // The engine notices a prompt within a tick or two, but this machine is shared and slow.
      expect: { timeout: 15_000 },
      use: {
        browserName: 'chromium',
        launchOptions: { executablePath: '/usr/bin/chromium', args: [...CHROMIUM_ARGS] },
        viewport: { width: 1100, height: 900 },
        trace: 'retain-on-failure',
      },
    },
  ],
});
