/**
 * The method map the desktop app serves to its windows, tray and hotkeys: the engine's, except
 * where only the shell knows the answer — jump (it brings the terminal forward), the hotkey
 * registration status and the log file inside the settings answers, and, on macOS, moving the app
 * out of a dmg or translocated copy before hooks are installed from it.
 */
import type { ApiMethods } from '../../../preload/contract/api.ts';
import { fail, ok } from '../../../preload/contract/envelope.ts';
import type { ActionOutcomeDto } from '../../../preload/contract/queue-item.ts';
import type { HotkeyStatusDto } from '../../../preload/contract/settings.ts';
import { withHotkeyStatus } from '../hotkeys/hotkey-status.ts';
import { notMovedMessage } from './app-location.ts';
import type { AppLocationPort } from './shell-ports.ts';

/** What the shell adds. */
export interface ShellOverrides {
  jump(itemId: string, client?: string): Promise<ActionOutcomeDto>;
  hotkeyStatuses(): readonly HotkeyStatusDto[];
  /** The app's log file, shown in settings. */
  readonly logFile?: string | null;
  /** macOS: offers to move the app to Applications before hooks are installed from a dmg or translocated copy. */
  readonly appLocation?: AppLocationPort;
}

/** The engine's methods with the shell's jump and hotkey statuses. */
export function shellApiMethods(engine: ApiMethods, shell: ShellOverrides): ApiMethods {
  return {
    ...engine,
    'item:jump': async (args) => ok(await shell.jump(args.id, args.client)),
    'settings:get': async (args) => {
      const r = await engine['settings:get'](args);
      return r.ok ? ok({ ...withHotkeyStatus(r.value, shell.hotkeyStatuses()), logFile: shell.logFile ?? null }) : r;
    },
    'hooks:install': async (args) => {
      const location = shell.appLocation?.transient() ?? null;
      if (location === null || shell.appLocation === undefined) return engine['hooks:install'](args);
      let answer: 'moved' | 'declined' | { failed: string };
      try {
        answer = await shell.appLocation.offerMove(location);
      } catch (error) {
        answer = { failed: error instanceof Error ? error.message : String(error) };
      }
      // Nothing is installed from here either way: after a move the app restarts from Applications.
      if (answer === 'moved')
        return fail('refused', 'Trail Boss is moving to Applications and restarts from there: install the hooks again then');
      return fail('refused', notMovedMessage(location, answer === 'declined' ? null : answer.failed));
    },
    'settings:set': async (args) => {
      const r = await engine['settings:set'](args);
      return r.ok ? ok({ ...withHotkeyStatus(r.value, shell.hotkeyStatuses()), logFile: shell.logFile ?? null }) : r;
    },
  };
}
