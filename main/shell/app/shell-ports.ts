/** The Electron-facing ports the shell controller drives; tray.ts, notifications.ts, hotkey-registrar.ts and windows.ts implement them. */
import type { EventName, EventPayload } from '../../../preload/contract/events.ts';
import type { HotkeyStatusDto } from '../../../preload/contract/settings.ts';
import type { HotkeyName } from '../hotkeys/hotkeys.ts';
import type { HotkeyPlan } from '../hotkeys/hotkey-status.ts';
import type { NotificationOp } from '../notifications/notification-policy.ts';
import type { NotificationText } from '../notifications/notification-text.ts';
import type { ShellAction } from './shell-action.ts';
import type { TrayIconSpec } from '../tray/tray-icon.ts';
import type { TrayMenuModel } from '../tray/tray-menu.ts';

/** The tray icon and its menu. Menu entries call back with their action. */
export interface TrayPort {
  render(menu: TrayMenuModel, icon: TrayIconSpec, onAction: (action: ShellAction) => void): void;
}

/** OS notifications. */
export interface NotifierPort {
  /** Performs one operation; clicks and buttons call back (click on an item → open the queue on it). */
  apply(op: NotificationOp, callbacks: { onAction(action: ShellAction): void; onDismissed(tag: string): void }): void;
  /** A one-off notice (an action from the tray that did not simply succeed). */
  notice(text: NotificationText): void;
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
