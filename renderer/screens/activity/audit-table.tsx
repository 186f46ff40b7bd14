/** The audit log: every key or text the app sent into a pane, newest first. */
import type { AuditEntryDto } from '../../../preload/contract/index.ts';
import { outcomeLabel } from '../../../client/format/labels.ts';

/** What was sent, as shown in the table: key names, or the literal text in quotes. */
export function sentText(entry: AuditEntryDto): string {
  return entry.text !== null ? `“${entry.text}”` : entry.keys.join(' ');
}

/** The audit table. */
export function AuditTable({ entries }: { entries: readonly AuditEntryDto[] }) {
  if (entries.length === 0) return <p className="empty">Nothing has been sent to any pane yet.</p>;
  return (
    <table className="audit">
      <thead>
        <tr>
          <th scope="col">When</th>
          <th scope="col">Pane</th>
          <th scope="col">Sent</th>
          <th scope="col">Why</th>
          <th scope="col">From</th>
          <th scope="col">Outcome</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((e) => (
          <tr key={e.id}>
            <td>
              <time dateTime={new Date(e.at).toISOString()}>{new Date(e.at).toLocaleString()}</time>
            </td>
            <td>{e.target}</td>
            <td>
              <code>{sentText(e)}</code>
            </td>
            <td>{e.why}</td>
            <td>{e.origin}</td>
            <td>{e.outcome === null ? '—' : outcomeLabel(e.outcome)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
