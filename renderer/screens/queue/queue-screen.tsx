/** The queue: every waiting agent, oldest first, driven by the keyboard (j/k a d r s z Enter). */
import { useEffect, useMemo } from 'react';
import { useController, useNow, useQueue } from '../../../client/react/context.tsx';
import { commandForKey, KEY_HELP } from '../../../client/keyboard/keymap.ts';
import { focusKind } from '../../keyboard/focus-kind.ts';
import { displayOrder, isSnoozed } from '../../../client/store/queue-state.ts';
import type { QueueFilter } from '../../../client/store/queue-filter.ts';
import { OutcomeLine } from './outcome-line.tsx';
import { QueueRow } from './queue-row.tsx';

/** The queue screen. */
export function QueueScreen() {
  const controller = useController();
  const items = useQueue((s) => s.items);
  const status = useQueue((s) => s.status);
  const problem = useQueue((s) => s.problem);
  const recent = useQueue((s) => s.recent);
  const filter = useQueue((s) => s.filter);
  const filterChosen = useQueue((s) => s.filterChosen);
  const now = useNow();
  const order = useMemo(() => displayOrder(items, now, filter), [items, now, filter]);
  const waiting = items.filter((i) => !isSnoozed(i, now)).length;
  const hidden = items.length - order.length;
  // Outcomes of items that already left the queue: their row is gone, so say it here.
  const departed = recent.filter((n) => !items.some((i) => i.id === n.itemId)).slice(0, 3);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const command = commandForKey({
        key: e.key,
        ctrlKey: e.ctrlKey,
        metaKey: e.metaKey,
        altKey: e.altKey,
        repeat: e.repeat,
        focus: focusKind(document.activeElement),
      });
      if (command !== null && controller.key(command)) e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [controller]);

  return (
    <section className="queue" aria-labelledby="queue-title">
      <header className="screen-head">
        <h1 id="queue-title">
          Queue <span className="count">{waiting === 0 ? 'nothing waits' : `${waiting} waiting`}</span>
        </h1>
        <div className="filter" role="radiogroup" aria-label="Show">
          {(
            [
              ['all', 'All'],
              ['prompts', 'Prompts only'],
            ] as const satisfies readonly (readonly [QueueFilter, string])[]
          ).map(([value, label]) => (
            <button
              key={value}
              type="button"
              role="radio"
              aria-checked={filter === value}
              data-filter={value}
              onClick={() => filterChosen(value, now)}
            >
              {label}
            </button>
          ))}
          {hidden > 0 ? (
            <span className="hint" data-testid="filter-hidden">
              {hidden === 1 ? '1 other hidden' : `${hidden} others hidden`}
            </span>
          ) : null}
        </div>
        <p className="keys" aria-label="Keyboard shortcuts">
          {KEY_HELP.map(([key, what]) => (
            <span key={key}>
              <kbd>{key}</kbd> {what}
            </span>
          ))}
        </p>
      </header>
      {problem !== null ? (
        <p className="problem" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="recent" aria-live="polite">
        {departed.map((n) => (
          <OutcomeLine key={`${n.itemId}-${n.at}-${n.action}`} note={n} withTarget />
        ))}
      </div>
      {status === 'loading' ? <p className="empty">Loading the queue…</p> : null}
      {status !== 'loading' && order.length === 0 && hidden > 0 ? (
        <div className="empty" data-testid="empty-filtered">
          <p className="empty-title">No agent waits at a prompt.</p>
          <p>{hidden === 1 ? 'One idle agent is' : `${hidden} idle agents are`} hidden by the filter.</p>
        </div>
      ) : null}
      {status !== 'loading' && items.length === 0 ? (
        <div className="empty" data-testid="empty-queue">
          <p className="empty-title">No agent is waiting for you.</p>
          <p>When one hits a permission prompt, asks a question or goes idle, it shows up here, oldest first.</p>
        </div>
      ) : null}
      <div className="items" role="list" aria-label="Waiting agents">
        {order.map((item, i) => (
          <div role="listitem" key={item.id}>
            <QueueRow item={item} position={i + 1} />
          </div>
        ))}
      </div>
    </section>
  );
}
