/** Pure formatting of `trailboss queue` and of action outcomes. */
import type { ActionOutcomeDto, QueueItemDto } from '../../preload/contract/queue-item.ts';
import { choicesToShow } from '../engine/notify/item-words.ts';

/** The WHAT cell: the subject, and what approve picks or else the choices waiting at the pane. */
function whatCell(i: QueueItemDto): string {
  if (i.approveLabel) return `${i.subject} — approve: "${i.approveLabel}"`;
  const choices = choicesToShow(i);
  return choices === '' ? i.subject : `${i.subject} — ${choices}`;
}
import { escapeForTerminal, terminalCell } from '../engine/text/clean-text.ts';

function age(ms: number): string {
  const s = Math.floor(ms / 1000);
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m`;
  return `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
}

/** Human table of the queue, oldest first. */
export function formatQueueTable(items: readonly QueueItemDto[], now: number): string {
  if (items.length === 0) return 'Nothing waits. \n'.trimEnd() + '\n';
  const rows = [
    ['ITEM', 'TARGET', 'RUNTIME', 'WAITING', 'REASON', 'WHAT'],
    ...items.map((i) => [
      i.id,
      // Another machine's agent carries its host: `gpu:worker:1.0`, and `(unreachable)` while it is out of sight.
      (i.host === null ? i.target : `${i.host}:${i.target}`) + (i.unreachable ? ' (unreachable)' : ''),
      i.runtime,
      age(now - i.firstSeen) + (i.stuck ? ' STUCK' : ''),
      i.reason,
      terminalCell(whatCell(i), 160),
    ]),
  ].map((row) => row.map((cell) => terminalCell(cell)));
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => (r[c] ?? '').length)));
  return (
    rows
      .map((r) =>
        r
          .map((cell, c) => (c === r.length - 1 ? cell : cell.padEnd(widths[c] ?? 0)))
          .join('  ')
          .trimEnd(),
      )
      .join('\n') + '\n'
  );
}

/** One line per outcome; an item of another machine names its host. */
export function formatOutcome(o: ActionOutcomeDto, host: string | null = null): string {
  return (
    escapeForTerminal(`${o.action} ${o.itemId}${host === null ? '' : ` on host ${host}`}: ${o.outcome} — ${o.message}`, { oneLine: true }) +
    '\n'
  );
}
