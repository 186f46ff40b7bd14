/**
 * The method map the desktop app serves to its windows, tray and hotkeys: the engine's, except
 * where only the shell knows the answer — jump (it brings the terminal forward) and the hotkey
 * registration status and the log file inside the settings answers.
 */
import type { ApiMethods } from '../../../preload/contract/api.ts';
import { ok } from '../../../preload/contract/envelope.ts';
import type { ActionOutcomeDto } from '../../../preload/contract/queue-item.ts';
import type { HotkeyStatusDto } from '../../../preload/contract/settings.ts';
import { withHotkeyStatus } from '../hotkeys/hotkey-status.ts';

/** What the shell adds. */
export interface ShellOverrides {
  jump(itemId: string, client?: string): Promise<ActionOutcomeDto>;
  hotkeyStatuses(): readonly HotkeyStatusDto[];
  /** The app's log file, shown in settings. */
  readonly logFile?: string | null;
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
    'settings:set': async (args) => {
      const r = await engine['settings:set'](args);
      return r.ok ? ok({ ...withHotkeyStatus(r.value, shell.hotkeyStatuses()), logFile: shell.logFile ?? null }) : r;
    },
  };
}
