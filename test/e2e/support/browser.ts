/** Launches the system Chromium (Debian package `chromium`); never downloads a browser. */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from '@playwright/test';

/** Flags for a quiet headless Chromium on a shared machine (the `browser` project in playwright.config.ts uses them too). */
export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Where the system Chromium lives (override with TRAILBOSS_CHROMIUM). */
export function chromiumPath(env: NodeJS.ProcessEnv = process.env): string | null {
  const path = env.TRAILBOSS_CHROMIUM ?? '/usr/bin/chromium';
  return existsSync(path) ? path : null;
}

/** Launches headless Chromium, or throws saying what is missing. */
export async function launchChromium(opts: { args?: readonly string[] } = {}): Promise<Browser> {
  const executablePath = chromiumPath();
  if (executablePath === null)
    throw new Error('No system Chromium at /usr/bin/chromium (apt-get install chromium, or set TRAILBOSS_CHROMIUM)');
  return chromium.launch({ executablePath, headless: true, ...(opts.args ? { args: [...opts.args] } : {}) });
}
