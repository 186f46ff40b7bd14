/** Launches the system Chromium (Debian package `chromium`); never downloads a browser. */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from '@playwright/test';

/** Where the system Chromium lives (override with TRAILBOSS_CHROMIUM). */
export function chromiumPath(env: NodeJS.ProcessEnv = process.env): string | null {
  const path = env.TRAILBOSS_CHROMIUM ?? '/usr/bin/chromium';
  return existsSync(path) ? path : null;
}

/** Launches headless Chromium, or throws saying what is missing. */
export async function launchChromium(): Promise<Browser> {
  const executablePath = chromiumPath();
  if (executablePath === null) throw new Error('No system Chromium at /usr/bin/chromium (apt-get install chromium, or set TRAILBOSS_CHROMIUM)');
  return chromium.launch({ executablePath, headless: true });
}
