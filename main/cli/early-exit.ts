/**
 * `trailboss app` waits a moment after spawning Electron: a build that aborts at start (a development
 * Electron without a setuid `chrome-sandbox`, a missing library) is reported with its exit code and
 * its last words, not as "started". Pure.
 */
import { cleanExternalText } from '../engine/text/clean-text.ts';

/** How long a start is watched for an early exit. */
export const EARLY_EXIT_MS = 2_000;

/** How Electron ended within the watch. */
export interface EarlyExit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
}

/** The line to print, and whether the start failed. */
export function earlyExitReport(exit: EarlyExit, stderr: string): { readonly failed: boolean; readonly message: string } {
  // Exit 0 at once is the single-instance hand-over: the app already running shows its queue.
  if (exit.code === 0)
    return { failed: false, message: 'and handed over to the Trail Boss already running (its queue window comes forward)' };
  const how = exit.signal !== null ? `was killed by ${exit.signal}` : `exited at once with code ${exit.code ?? 'unknown'}`;
  // Electron's own words are outside text: cleaned before they reach the terminal.
  const lines = stderr
    .split('\n')
    .map((line) => cleanExternalText(line).trim())
    .filter((line) => line !== '');
  const last = lines.slice(-3).join(' | ');
  const sandbox = /chrome-sandbox|setuid_sandbox|SUID sandbox|No usable sandbox/i.test(stderr)
    ? ' (Chromium’s sandbox: make chrome-sandbox setuid root, see the README, "The desktop app")'
    : '';
  return { failed: true, message: `Electron ${how}${last === '' ? '' : `: ${last}`}${sandbox}` };
}
