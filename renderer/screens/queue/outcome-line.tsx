/** What the last action on an item did, said plainly (confirmed / unconfirmed / changed / gone / refused / failed). */
import { actionLabel, outcomeLabel } from '../../../client/format/labels.ts';
import type { OutcomeNote } from '../../../client/store/queue-state.ts';

/** One outcome note. */
export function OutcomeLine({ note, withTarget = false }: { note: OutcomeNote; withTarget?: boolean }) {
  return (
    <p className={`outcome outcome-${note.outcome}`} role="status">
      <strong>
        {actionLabel(note.action)}
        {withTarget ? ` · ${note.target}` : ''}: {outcomeLabel(note.outcome)}
      </strong>
      {note.message !== '' ? <span className="outcome-message"> — {note.message}</span> : null}
    </p>
  );
}
