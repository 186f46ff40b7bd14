/** Pure parser for `list-clients -F CLIENT_FORMAT` output. */
import { CLIENT_FIELDS, FIELD_SEPARATOR } from './formats.ts';
import { intField } from './parse-panes.ts';
import type { ClientInfo } from './types.ts';

/** A client as listed, with whether it is a control-mode client (ours, or an iTerm2-style integration). */
export interface ListedClient extends ClientInfo {
  readonly controlMode: boolean;
}

/** One record, or null when malformed. */
export function parseClientLine(line: string): ListedClient | null {
  const f = line.split(FIELD_SEPARATOR);
  if (f.length !== CLIENT_FIELDS.length) return null;
  const [pid, activity, control, tty, sessionName, termName] = f as [string, string, string, string, string, string];
  const p = intField(pid);
  const a = intField(activity);
  if (p === null || a === null) return null;
  return { tty, pid: p, sessionName, activity: a, termName, controlMode: control === '1' };
}

/** Every well-formed record of the output. */
export function parseClientList(output: string): ListedClient[] {
  const clients: ListedClient[] = [];
  for (const line of output.split('\n')) {
    if (line === '') continue;
    const client = parseClientLine(line);
    if (client) clients.push(client);
  }
  return clients;
}
