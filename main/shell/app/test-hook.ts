/**
 * A hook for the Playwright `_electron` tests, installed only with `--test-hook`: the e2e test reads
 * the tray menu model and the notifications raised, and presses a hotkey, through
 * `electronApp.evaluate(() => globalThis.__trailbossTest…)`. Main-process only; no page can reach it.
 */
import type { DispatchResult } from './dispatch-action.ts';
import type { HotkeyName } from '../hotkeys/hotkeys.ts';
import type { JumpReport } from '../../engine/jump/jump-executor.ts';
import type { ShellAction } from './shell-action.ts';
import type { ShellSnapshot } from './shell-controller.ts';

/** What the e2e tests can call. */
export interface TrailbossTestHook {
  snapshot(): ShellSnapshot;
  pressHotkey(name: HotkeyName): Promise<DispatchResult>;
  act(action: ShellAction): Promise<DispatchResult>;
  jumpReports(): readonly { readonly itemId: string; readonly report: JumpReport }[];
  /** URL of the open window, or null when none is open. */
  windowUrl(): string | null;
}

/** The global name the hook lives under. */
export const TEST_HOOK_NAME = '__trailbossTest';

/** Installs the hook on the main process's globalThis. */
export function installTestHook(hook: TrailbossTestHook): void {
  (globalThis as Record<string, unknown>)[TEST_HOOK_NAME] = hook;
}
