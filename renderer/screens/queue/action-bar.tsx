/** The buttons of one item. Approve names the exact option it will choose, or on a prompt says why it cannot. */
import { useState } from 'react';
import type { QueueItemDto } from '../../../preload/contract/index.ts';
import { assertNever } from '../../../preload/contract/assert-never.ts';
import { useController, useQueue } from '../../../client/react/context.tsx';
import { rowActions, type RowAction } from './row-actions.ts';

/** The actions that can be done for one item (row-actions.ts decides which, and their order). */
export function ActionBar({ item }: { item: QueueItemDto }) {
  const controller = useController();
  const pending = useQueue((s) => s.pending[item.id]);
  const replyOpened = useQueue((s) => s.replyOpened);
  const snoozeOpened = useQueue((s) => s.snoozeOpened);
  const denyMessageOpened = useQueue((s) => s.denyMessageOpened);
  const [confirmRestart, setConfirmRestart] = useState(false);
  const busy = pending !== undefined;
  const blockedId = `approve-blocked-${item.id}`;

  const actions = rowActions(item);
  const first = actions[0];
  const button = (action: RowAction) => {
    switch (action) {
      case 'approve':
        return (
          <button
            key={action}
            type="button"
            className={first === action ? 'primary' : undefined}
            data-action="approve"
            disabled={busy || item.approveLabel === null}
            aria-describedby={item.approveLabel === null ? blockedId : undefined}
            onClick={() => void controller.approve(item.id)}
          >
            {item.approveLabel === null ? 'Approve' : `Approve: “${item.approveLabel}”`}
          </button>
        );
      case 'deny':
        return (
          <button key={action} type="button" data-action="deny" disabled={busy} onClick={() => void controller.deny(item.id)}>
            {`Deny: “${item.denyLabel ?? ''}”`}
          </button>
        );
      case 'deny-message':
        return (
          <button key={action} type="button" data-action="deny-message" disabled={busy} onClick={() => denyMessageOpened(item.id)}>
            Deny and tell the agent…
          </button>
        );
      case 'reply':
        return (
          <button
            key={action}
            type="button"
            className={first === action ? 'primary' : undefined}
            data-action="reply"
            disabled={busy}
            onClick={() => replyOpened(item.id)}
          >
            Reply…
          </button>
        );
      case 'jump':
        return (
          <button
            key={action}
            type="button"
            className={first === action ? 'primary' : undefined}
            data-action="jump"
            disabled={busy}
            onClick={() => void controller.jump(item.id)}
          >
            Jump
          </button>
        );
      case 'skip':
        return (
          <button key={action} type="button" data-action="skip" disabled={busy} onClick={() => void controller.skip(item.id)}>
            Skip
          </button>
        );
      case 'snooze':
        return (
          <button key={action} type="button" data-action="snooze" disabled={busy} onClick={() => snoozeOpened(item.id)}>
            Snooze…
          </button>
        );
      case 'restart':
        return confirmRestart ? (
          <span key={action} className="confirm">
            <button
              type="button"
              className="danger"
              data-action="restart-confirm"
              disabled={busy}
              onClick={() => {
                setConfirmRestart(false);
                void controller.restart(item.id, null);
              }}
            >
              Restart with snapshot
            </button>
            <button type="button" onClick={() => setConfirmRestart(false)}>
              Keep it
            </button>
          </span>
        ) : (
          <button key={action} type="button" data-action="restart" disabled={busy} onClick={() => setConfirmRestart(true)}>
            Restart…
          </button>
        );
      default:
        return assertNever(action);
    }
  };

  return (
    <div className="row-actions" role="group" aria-label={`Actions for ${item.target}`}>
      {actions.map(button)}
      {busy ? (
        <span className="busy" aria-live="polite">
          {pending}…
        </span>
      ) : null}
      {actions.includes('approve') && item.approveLabel === null && item.approveBlockedReason !== null ? (
        <span id={blockedId} className="hint">
          Approve unavailable: {item.approveBlockedReason}
        </span>
      ) : null}
    </div>
  );
}
