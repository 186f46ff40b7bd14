/** Feeds events through the notification policy and performs its operations, keeping a short log of them. */
import type { NotificationContext, NotificationEvent, NotificationOp, NotificationState } from './notification-policy.ts';
import { INITIAL_NOTIFICATION_STATE, notificationStep } from './notification-policy.ts';
import type { ShellAction } from '../app/shell-action.ts';
import type { NotifierPort } from '../app/shell-ports.ts';

/** Operations kept for the e2e hook and logs; older ones are dropped. */
const LOG_LIMIT = 100;

/** Drives one NotifierPort. */
export class NotificationDriver {
  private state: NotificationState = INITIAL_NOTIFICATION_STATE;
  private readonly ops: NotificationOp[] = [];

  constructor(
    private readonly notifier: NotifierPort,
    private readonly context: () => NotificationContext,
    private readonly onAction: (action: ShellAction) => void,
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
