/** Reading a pane key (`<serverKey>|<paneId>`, e.g. `S:/tmp/sock|%3`) back into its tmux server and pane id. */
import { isPaneId } from '../../engine/tmux/server-args.ts';
import type { TmuxServer } from '../../engine/tmux/types.ts';

/** Where a pane lives. */
export interface PaneAddress {
  readonly server: TmuxServer;
  readonly paneId: string;
}

/** The server and pane of a pane key, or null when it is not one. The last `|` splits: a socket path may contain `|`. */
export function parsePaneKey(paneKey: string): PaneAddress | null {
  const bar = paneKey.lastIndexOf('|');
  if (bar < 0) return null;
  const key = paneKey.slice(0, bar);
  const paneId = paneKey.slice(bar + 1);
  if (!isPaneId(paneId)) return null;
  if (key === 'default') return { server: { kind: 'default' }, paneId };
  if (key.startsWith('S:') && key.length > 2) return { server: { kind: 'socket', path: key.slice(2) }, paneId };
  if (key.startsWith('L:') && key.length > 2) return { server: { kind: 'name', name: key.slice(2) }, paneId };
  return null;
}
