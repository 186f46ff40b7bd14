/** The last line: the action in flight, or what the newest action ended in (ours or another surface's). */
import { Text } from 'ink';
import { actionLabel, outcomeLabel } from '../../../client/format/labels.ts';
import { useQueue } from '../../../client/react/context.tsx';
import type { OutcomeNote } from '../../../client/store/queue-state.ts';
import { safeLine } from './safe-text.ts';

/** "Approve work:1.0: Confirmed — sent 1". Pure. */
export function noteText(note: OutcomeNote): string {
  return safeLine(`${actionLabel(note.action)} ${note.target}: ${outcomeLabel(note.outcome)}${note.message ? ` — ${note.message}` : ''}`);
}

/** The status line. */
export function StatusLine() {
  const pending = Object.values(useQueue((s) => s.pending))[0];
  const latest = useQueue((s) => s.recent[0]);
  if (pending !== undefined) return <Text wrap="truncate-end">{actionLabel(pending)}…</Text>;
  return <Text wrap="truncate-end">{latest === undefined ? ' ' : noteText(latest)}</Text>;
}
