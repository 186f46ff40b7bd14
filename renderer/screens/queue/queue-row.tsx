/** One waiting agent: who, how long, why, what it wants, its last lines, and the actions. */
import { memo, useEffect, useRef } from 'react';
import type { QueueItemDto } from '../../../preload/contract/index.ts';
import { useNow, useQueue } from '../../../client/react/context.tsx';
import { focusKind } from '../../keyboard/focus-kind.ts';
import { reasonLabel, runtimeName } from '../../../client/format/labels.ts';
import { isSnoozed } from '../../../client/store/queue-state.ts';
import { ActionBar } from './action-bar.tsx';
import { Age } from './age.tsx';
import { OutcomeLine } from './outcome-line.tsx';
import { PaneTail } from './pane-tail.tsx';
import { ReplyBox } from './reply-box.tsx';
import { SnoozeMenu } from './snooze-menu.tsx';

/** A queue row; takes focus when it becomes the selection (unless the user is typing somewhere). */
export const QueueRow = memo(function QueueRow({ item, position }: { item: QueueItemDto; position: number }) {
  const selected = useQueue((s) => s.selectedId === item.id);
  const outcome = useQueue((s) => s.outcomes[item.id]);
  const replying = useQueue((s) => s.replyFor === item.id);
  const denyingWithMessage = useQueue((s) => s.denyMessageFor === item.id);
  const snoozing = useQueue((s) => s.snoozeFor === item.id);
  const select = useQueue((s) => s.itemSelected);
  const ref = useRef<HTMLElement>(null);

  useEffect(() => {
    if (!selected || ref.current === null) return;
    if (ref.current.contains(document.activeElement)) return;
    if (focusKind(document.activeElement) === 'text') return;
    ref.current.focus({ preventScroll: true });
    ref.current.scrollIntoView({ block: 'nearest' });
  }, [selected]);

  return (
    <article
      ref={ref}
      className={`item${selected ? ' selected' : ''}${item.stuck ? ' stuck' : ''}`}
      tabIndex={-1}
      aria-current={selected ? 'true' : undefined}
      aria-label={`${position}. ${runtimeName(item.runtime)} in ${item.host === null ? item.target : `${item.target} on host ${item.host}`}: ${reasonLabel(item.reason)}`}
      data-item-id={item.id}
      onFocus={() => {
        if (!selected) select(item.id);
      }}
    >
      <header className="item-head">
        <span
          className={`runtime runtime-${item.runtime}`}
          title={item.runtimeVerified ? undefined : 'Built from public docs, not yet verified on real captures'}
        >
          {runtimeName(item.runtime)}
          {item.runtimeVerified ? '' : ' (unverified)'}
        </span>
        <span className="target">{item.host === null ? item.target : `${item.host}: ${item.target}`}</span>
        {item.unreachable ? (
          <span className="unreachable" title={item.unreachable}>
            host unreachable
          </span>
        ) : null}
        <span className={`reason reason-${item.reason}`}>{reasonLabel(item.reason)}</span>
        <span className="age" title={`Waiting since ${new Date(item.firstSeen).toLocaleString()}`}>
          <Age since={item.firstSeen} />
        </span>
        {item.stuck ? <span className="badge stuck-badge">stuck</span> : null}
        {item.reminderStep > 0 ? <span className="badge">reminded ×{item.reminderStep}</span> : null}
        <SnoozedBadge item={item} />
      </header>
      <p className="subject">
        {item.tool !== null ? <span className="tool">{item.tool}: </span> : null}
        <code>{item.subject}</code>
      </p>
      {item.question !== null ? <p className="question">{item.question}</p> : null}
      <Choices item={item} />
      {item.context !== null ? <p className="context">{item.context}</p> : null}
      <PaneTail lines={item.tail} label={`Last lines of ${item.target}`} />
      <ActionBar item={item} />
      {replying ? <ReplyBox itemId={item.id} target={item.target} /> : null}
      {denyingWithMessage ? <ReplyBox itemId={item.id} target={item.target} purpose="deny-message" /> : null}
      {snoozing ? <SnoozeMenu itemId={item.id} /> : null}
      {outcome !== undefined ? <OutcomeLine note={outcome} /> : null}
    </article>
  );
});

/** The options waiting at the pane, for a dialog or a prompt approve cannot answer: what Jump leads to. */
function Choices({ item }: { item: QueueItemDto }) {
  const ask = item.reason === 'dialog' || (item.reason === 'permission' && item.approveLabel === null);
  if (!ask || item.options.length === 0) return null;
  return (
    <ol className="choices" aria-label="Options at the pane">
      {item.options.map((option, i) => (
        <li key={i}>{option.label}</li>
      ))}
    </ol>
  );
}

function SnoozedBadge({ item }: { item: QueueItemDto }) {
  const now = useNow();
  if (!isSnoozed(item, now) || item.snoozedUntil === null) return null;
  return (
    <span className="badge">
      snoozed until {new Date(item.snoozedUntil).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}
    </span>
  );
}
