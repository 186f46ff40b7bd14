/** The snooze choices for one item. */
import { useEffect, useRef } from 'react';
import { useController, useQueue } from '../../../client/react/context.tsx';
import { SNOOZE_CHOICES } from '../../../client/controller/queue-actions.ts';

/** A row of snooze durations; the first takes focus so Enter picks it. */
export function SnoozeMenu({ itemId }: { itemId: string }) {
  const controller = useController();
  const closed = useQueue((s) => s.popupsClosed);
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => first.current?.focus(), []);
  return (
    <div className="snooze" role="group" aria-label="Snooze for">
      <span>Snooze for</span>
      {SNOOZE_CHOICES.map((c, i) => (
        <button key={c.ms} ref={i === 0 ? first : undefined} type="button" onClick={() => void controller.snooze(itemId, c.ms)}>
          {c.label}
        </button>
      ))}
      <button type="button" onClick={closed}>
        Cancel
      </button>
    </div>
  );
}
