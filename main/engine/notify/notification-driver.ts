/** Feeds events through the notification policy and performs its operations, keeping a short log of them. */
import type { NotificationContext, NotificationEvent, NotificationOp, NotificationState } from './notification-policy.ts';
import { INITIAL_NOTIFICATION_STATE, notificationStep } from './notification-policy.ts';
import type { NotificationAction, NotificationText } from './notification-text.ts';

/** What a sink reports back: a button or click (click on an item → its default action), or the user closing one. */
export interface NotificationCallbacks {
  onAction(action: NotificationAction): void;
  onDismissed(tag: string): void;
}

/** Whatever shows the notifications (Electron's, the freedesktop service over D-Bus). */
export interface NotificationSink {
  /** Performs one operation; clicks and buttons call back. */
  apply(op: NotificationOp, callbacks: NotificationCallbacks): void;
  /** A one-off notice (an action that did not simply succeed). */
  notice(text: NotificationText): void;
}

/** Operations kept for the e2e hook and logs; older ones are dropped. */
const LOG_LIMIT = 100;

/** Drives one NotificationSink. */
export class NotificationDriver {
  private state: NotificationState = INITIAL_NOTIFICATION_STATE;
  private readonly ops: NotificationOp[] = [];

  constructor(
    private readonly notifier: NotificationSink,
    private readonly context: () => NotificationContext,
    private readonly onAction: (action: NotificationAction) => void,
  ) {}

  /** Applies one event under the settings of this moment. */
  handle(event: NotificationEvent): void {
    const step = notificationStep(this.state, event, this.context());
    this.state = step.state;
    for (const op of step.ops) {
      this.ops.push(op);
      if (this.ops.length > LOG_LIMIT) this.ops.shift();
      this.notifier.apply(op, { onAction: this.onAction, onDismissed: (tag) => this.handle({ kind: 'dismissed', tag }) });
    }
  }

  /** The latest operations, oldest first. */
  log(): readonly NotificationOp[] {
    return [...this.ops];
  }
}
