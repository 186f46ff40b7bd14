/**
 * OS notifications through Electron: performs the policy's show/close operations. One live
 * Notification per tag (kept referenced: a collected Notification loses its click handlers).
 * Linux cannot replace by id, so "replace" closes the old one and shows the new one.
 */
import { Notification } from 'electron';
import type { NotificationOp } from '../../engine/notify/notification-policy.ts';
import type { NotificationText } from '../../engine/notify/notification-text.ts';
import type { NotificationAction } from '../../engine/notify/notification-text.ts';
import type { NotifierPort } from '../app/shell-ports.ts';

type Callbacks = Parameters<NotifierPort['apply']>[1];

const MAX_NOTICES = 20;

/** The notifier. `icon` is a PNG path or image for the notification (optional). */
export class ElectronNotifier implements NotifierPort {
  private readonly live = new Map<string, Notification>();
  /** One-off notices, held until closed: a collected Notification may never show, or lose its handlers. */
  private readonly notices = new Set<Notification>();
  /** Tags we are closing ourselves: their `close` event is not the user dismissing them. */
  private readonly closing = new WeakSet<Notification>();
  private readonly supported: boolean;

  constructor(
    private readonly platform: NodeJS.Platform,
    private readonly log: (event: string, fields: Record<string, unknown>) => void,
  ) {
    this.supported = Notification.isSupported();
    if (!this.supported) log('notifications.unsupported', { platform });
  }

  apply(op: NotificationOp, callbacks: Callbacks): void {
    if (!this.supported) return;
    switch (op.op) {
      case 'close':
        this.close(op.tag);
        return;
      case 'show':
        this.show(op, callbacks);
        return;
    }
  }

  notice(text: NotificationText): void {
    if (!this.supported) return;
    const n = new Notification({ title: text.title, body: text.body, silent: true, urgency: 'low' });
    this.notices.add(n);
    // Some desktops never report a close: keep at most a handful, dropping the oldest.
    if (this.notices.size > MAX_NOTICES) this.notices.delete(this.notices.values().next().value as Notification);
    const release = (): void => void this.notices.delete(n);
    n.on('close', release);
    n.on('failed', (_event, error) => {
      release();
      this.log('notifications.failed', { notice: text.title, error });
    });
    n.show();
  }

  /** Closes every notification of ours (on quit). */
  closeAll(): void {
    for (const tag of [...this.live.keys()]) this.close(tag);
    this.notices.clear();
  }

  private show(op: Extract<NotificationOp, { op: 'show' }>, callbacks: Callbacks): void {
    this.close(op.tag);
    const buttons = op.buttons;
    const n = new Notification({
      // macOS and Windows replace a delivered notification with the same id.
      id: op.tag,
      title: op.text.title,
      body: op.text.body,
      silent: op.silent,
      urgency: op.urgency,
      // Stay until answered where the platform allows: a waiting agent does not stop waiting.
      timeoutType: 'never',
      actions: buttons.map((b) => ({ type: 'button' as const, text: b.text })),
    });
    const open: NotificationAction = { kind: 'open-queue', itemId: op.itemId };
    n.on('click', () => callbacks.onAction(open));
    n.on('action', (details) => {
      const button = buttons[details.actionIndex];
      if (button !== undefined) callbacks.onAction(button.action);
    });
    n.on('close', () => {
      if (this.live.get(op.tag) === n) this.live.delete(op.tag);
      if (!this.closing.has(n)) callbacks.onDismissed(op.tag);
    });
    n.on('failed', (_event, error) => this.log('notifications.failed', { tag: op.tag, error }));
    this.live.set(op.tag, n);
    n.show();
  }

  private close(tag: string): void {
    const n = this.live.get(tag);
    this.live.delete(tag);
    if (n !== undefined) {
      this.closing.add(n);
      n.close();
    }
    // A notification delivered before a restart has no object here; macOS can still remove it by id.
    if (this.platform === 'darwin') Notification.remove(tag);
  }
}
