/**
 * Linux: the freedesktop service over D-Bus (with Approve/Deny/Jump buttons) instead of Electron's
 * action-less notifications, by the `notifications.dbus` setting and what the server can do. Each
 * notification stays with the notifier that showed it, so a later close or replace reaches it even
 * when the choice changed meanwhile (a server restarted without actions).
 */
import type { NotificationCallbacks } from '../../engine/notify/notification-driver.ts';
import type { NotificationOp } from '../../engine/notify/notification-policy.ts';
import type { NotificationText } from '../../engine/notify/notification-text.ts';
import type { DbusNotifierMode } from '../../engine/notify/dbus/dbus-notifier.ts';
import type { NotifierPort } from '../app/shell-ports.ts';

/** Which notifier shows the next notification. */
export type LinuxChoice = 'dbus' | 'electron';

/**
 * `auto`: D-Bus while the server has actions (the point of it), else Electron's; `true`: D-Bus
 * whenever a bus is there (plain where the server has no actions); `false`: Electron's. Without a
 * session bus, always Electron's (the plain fallback).
 */
export function linuxChoice(setting: boolean | 'auto', mode: DbusNotifierMode): LinuxChoice {
  if (setting === false || mode === 'unavailable') return 'electron';
  if (setting === true) return 'dbus';
  return mode === 'actions' ? 'dbus' : 'electron';
}

/** What the D-Bus side offers (DbusNotifier has it). */
export interface DbusSide {
  mode(): DbusNotifierMode;
  hasButtons(): boolean;
  apply(op: NotificationOp, callbacks: NotificationCallbacks): void;
  notice(text: NotificationText): void;
  close(): Promise<void>;
}

/** The shell's notifier on Linux. */
export class LinuxNotifier implements NotifierPort {
  private readonly owner = new Map<string, LinuxChoice>();

  constructor(
    private readonly dbus: DbusSide,
    private readonly electron: NotifierPort & { closeAll(): void },
    private readonly setting: () => boolean | 'auto',
  ) {}

  apply(op: NotificationOp, callbacks: NotificationCallbacks): void {
    const showedBy = this.owner.get(op.tag);
    const choice = this.choice();
    if (op.op === 'close') {
      this.owner.delete(op.tag);
      this.sink(showedBy ?? choice).apply(op, callbacks);
      return;
    }
    if (showedBy !== undefined && showedBy !== choice) this.sink(showedBy).apply({ op: 'close', tag: op.tag }, callbacks);
    this.owner.set(op.tag, choice);
    this.sink(choice).apply(op, callbacks);
  }

  notice(text: NotificationText): void {
    this.sink(this.choice()).notice(text);
  }

  /** D-Bus sends buttons only while its server has actions, and shows them again when one starts. */
  hasButtons(): boolean {
    return this.choice() === 'dbus';
  }

  /** Closes every notification of ours and the bus connection (on quit). */
  async closeAll(): Promise<void> {
    this.electron.closeAll();
    await this.dbus.close();
  }

  private choice(): LinuxChoice {
    return linuxChoice(this.setting(), this.dbus.mode());
  }

  private sink(choice: LinuxChoice): NotifierPort {
    return choice === 'dbus' ? this.dbus : this.electron;
  }
}
