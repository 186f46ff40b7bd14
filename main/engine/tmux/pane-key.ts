/**
 * Reading a pane key (`<serverKey>|<paneId>`, e.g. `S:/tmp/sock|%3`; built by `paneKey` in
 * sessions/facts.ts) back into its parts. The last `|` splits: a socket path may contain `|`.
 */
import { isPaneId } from './server-args.ts';
import type { TmuxServer } from './types.ts';

/** The two strings a pane key joins. */
export interface PaneKeyParts {
  /** `default`, `S:<socket path>` or `L:<name>` (see `serverKey`). */
  readonly serverKey: string;
  readonly paneId: string;
}

/** Split a pane key at its last `|`, unchecked (a key without `|` gives an empty server key). */
export function splitPaneKey(paneKey: string): PaneKeyParts {
  const bar = paneKey.lastIndexOf('|');
  return bar < 0 ? { serverKey: '', paneId: paneKey } : { serverKey: paneKey.slice(0, bar), paneId: paneKey.slice(bar + 1) };
}

/** Where a pane lives. */
export interface PaneAddress {
  readonly server: TmuxServer;
  readonly paneId: string;
}

/** The server and pane of a pane key, or null when it is not one (checked: a key may come from outside). */
export function parsePaneKey(paneKey: string): PaneAddress | null {
  if (!paneKey.includes('|')) return null;
  const { serverKey: key, paneId } = splitPaneKey(paneKey);
  if (!isPaneId(paneId)) return null;
  if (key === 'default') return { server: { kind: 'default' }, paneId };
  if (key.startsWith('S:') && key.length > 2) return { server: { kind: 'socket', path: key.slice(2) }, paneId };
  if (key.startsWith('L:') && key.length > 2) return { server: { kind: 'name', name: key.slice(2) }, paneId };
  return null;
}
