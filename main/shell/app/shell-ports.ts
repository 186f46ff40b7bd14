/** The Electron-facing ports the shell controller drives; tray.ts, notifications.ts, hotkey-registrar.ts and windows.ts implement them. */
import type { EventName, EventPayload } from '../../../preload/contract/events.ts';
import type { HotkeyStatusDto } from '../../../preload/contract/settings.ts';
import type { HotkeyName } from '../hotkeys/hotkeys.ts';
import type { HotkeyPlan } from '../hotkeys/hotkey-status.ts';
import type { NotificationSink } from '../../engine/notify/notification-driver.ts';
import type { ShellAction } from './shell-action.ts';
import type { TransientAppLocation } from './app-location.ts';
import type { TrayIconSpec } from '../tray/tray-icon.ts';
import type { TrayMenuModel } from '../tray/tray-menu.ts';

/** The tray icon and its menu. Menu entries call back with their action. */
export interface TrayPort {
  render(menu: TrayMenuModel, icon: TrayIconSpec, onAction: (action: ShellAction) => void): void;
  /** Calls `listener` on a left click that shows no menu (Electron's `click`). */
  onClick(listener: () => void): void;
}

/**
 * Whether a left click on the tray icon opens the queue: on Windows and Linux a left click that shows
 * no menu arrives as `click` (KDE Plasma's StatusNotifierItem "Activate"; GNOME's AppIndicator opens
 * the menu instead); on macOS a click opens the menu.
 */
export function trayClickOpensQueue(platform: NodeJS.Platform): boolean {
  return platform === 'win32' || platform === 'linux';
}

/** OS notifications: the policy's operations and one-off notices. */
export interface NotifierPort extends NotificationSink {
  /**
   * Whether the notifications can carry Approve/Deny/Jump buttons now (the freedesktop server may
   * lack them, or come and go). Absent: only on macOS and Windows.
   */
  hasButtons?(): boolean;
}

/** Global hotkeys: registers the plans (replacing earlier ones) and says what the OS allowed. */
export interface HotkeyPort {
  apply(plans: readonly HotkeyPlan[], onPressed: (name: HotkeyName) => void): HotkeyStatusDto[];
}

/** The app's windows. */
export interface WindowPort {
  openQueue(itemId: string | null): void;
  openSettings(): void;
  /** Pushes an engine event to every window of ours. */
  broadcast<E extends EventName>(event: E, payload: EventPayload<E>): void;
}

/** Where the packaged app runs from (macOS: the dmg or a translocated copy do not last), and moving it. */
export interface AppLocationPort {
  /** The transient location the app runs from now, or null. */
  transient(): TransientAppLocation | null;
  /** Asks the user, then moves the app to Applications (it relaunches from there); throws when the move fails. */
  offerMove(location: TransientAppLocation): Promise<'moved' | 'declined'>;
}
