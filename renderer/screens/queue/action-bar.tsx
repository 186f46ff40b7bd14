/** The buttons of one item. Approve names the exact option it will choose, or says why it cannot. */
import { useState } from 'react';
import type { QueueItemDto } from '../../../preload/contract/index.ts';
import { useController, useQueue } from '../../app/context.tsx';

/** Approve · Deny · Reply · Jump · Skip · Snooze · Restart for one item. */
export function ActionBar({ item }: { item: QueueItemDto }) {
  const controller = useController();
  const pending = useQueue((s) => s.pending[item.id]);
  const replyOpened = useQueue((s) => s.replyOpened);
  const snoozeOpened = useQueue((s) => s.snoozeOpened);
  const [confirmRestart, setConfirmRestart] = useState(false);
  const busy = pending !== undefined;
  const blockedId = `approve-blocked-${item.id}`;

  return (
    <div className="row-actions" role="group" aria-label={`Actions for ${item.target}`}>
      <button
        type="button"
        className="primary"
        data-action="approve"
        disabled={busy || item.approveLabel === null}
        aria-describedby={item.approveLabel === null ? blockedId : undefined}
        onClick={() => void controller.approve(item.id)}
      >
        {item.approveLabel === null ? 'Approve' : `Approve: “${item.approveLabel}”`}
      </button>
      <button type="button" data-action="deny" disabled={busy || item.denyLabel === null} onClick={() => void controller.deny(item.id)}>
        {item.denyLabel === null ? 'Deny' : `Deny: “${item.denyLabel}”`}
      </button>
      <button type="button" data-action="reply" disabled={busy || !item.canReply} onClick={() => replyOpened(item.id)}>
        Reply…
      </button>
      <button type="button" data-action="jump" disabled={busy} onClick={() => void controller.jump(item.id)}>
        Jump
      </button>
      <button type="button" data-action="skip" disabled={busy} onClick={() => void controller.skip(item.id)}>
        Skip
      </button>
      <button type="button" data-action="snooze" disabled={busy} onClick={() => snoozeOpened(item.id)}>
        Snooze…
      </button>
      {confirmRestart ? (
        <>
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
        </>
      ) : (
        <button type="button" data-action="restart" disabled={busy} onClick={() => setConfirmRestart(true)}>
          Restart…
        </button>
      )}
      {busy ? <span className="busy" aria-live="polite">{pending}…</span> : null}
      {item.approveLabel === null && item.approveBlockedReason !== null ? (
        <span id={blockedId} className="hint">
          Approve unavailable: {item.approveBlockedReason}
        </span>
      ) : null}
    </div>
  );
}
