/**
 * Which watched pane a Claude session runs in. Pure; tried in order of trust:
 * 1. the hook's own `$TMUX_PANE` (+ socket from `$TMUX`) — set by tmux for everything in the pane;
 * 2. the status file's `tmux` field (`session:@window.%pane`, 2.1.329+), only if the pid guard
 *    did not find the file stale, and only if the pane's process is an ancestor of Claude's pid
 *    when a process table is at hand;
 * 3. pid ancestry: from the hook's parent (the shell Claude spawned it through) or the status
 *    file's pid, walk up the process table until a watched pane's process;
 * 4. the pane this session was last mapped to, if still watched (a hook from a shell that lost
 *    its tmux environment).
 * No match → `unwatched`: the caller keeps the hook as context and queues nothing.
 */
import type { PaneKey } from '../sessions/facts.ts';
import type { HookOrigin } from '../hooks/hook-envelope.ts';
import type { PidVerdict } from './pid-guard.ts';
import type { TmuxLocation } from './status-file.ts';

/** A pane the observer watches. `socketPath` is the tmux server's socket when known. */
export interface WatchedPane {
  readonly pane: PaneKey;
  readonly paneId: string;
  readonly socketPath: string | null;
  /** The pane's process (`pane_pid`). */
  readonly pid: number;
}

/** Everything the mapping may use; any part may be missing. */
export interface SessionPaneInput {
  readonly watched: readonly WatchedPane[];
  readonly origin?: HookOrigin | null;
  readonly statusFile?: { readonly pid: number; readonly tmux: TmuxLocation | null; readonly verdict: PidVerdict } | null;
  /** pid → parent pid. */
  readonly processes?: ReadonlyMap<number, { readonly ppid: number }> | null;
  /** Where this session was last mapped. */
  readonly knownPane?: PaneKey | null;
}

/** The mapping and how it was found. */
export type SessionPane =
  | { readonly kind: 'pane'; readonly pane: PaneKey; readonly via: 'tmux-pane' | 'status-file' | 'ancestry' | 'known' }
  | { readonly kind: 'unwatched' };

const MAX_ANCESTRY_DEPTH = 64;

/** Map a session to a watched pane. */
export function resolveSessionPane(input: SessionPaneInput): SessionPane {
  const { watched, origin, statusFile, processes, knownPane } = input;
  if (origin?.tmuxPane) {
    const hit = unique(watched.filter((w) => w.paneId === origin.tmuxPane && sameSocket(w.socketPath, origin.tmuxSocket)));
    if (hit !== null) return { kind: 'pane', pane: hit.pane, via: 'tmux-pane' };
  }
  if (statusFile?.tmux && statusFile.verdict !== 'reused' && statusFile.verdict !== 'gone') {
    const paneId = statusFile.tmux.paneId;
    const hit = unique(watched.filter((w) => w.paneId === paneId));
    if (hit !== null && (!processes || isAncestorOrSelf(processes, hit.pid, statusFile.pid)))
      return { kind: 'pane', pane: hit.pane, via: 'status-file' };
  }
  if (processes) {
    const starts = [
      origin?.ppid ?? null,
      statusFile && statusFile.verdict !== 'reused' && statusFile.verdict !== 'gone' ? statusFile.pid : null,
    ];
    for (const start of starts) {
      if (start === null) continue;
      const hit = ancestorPane(processes, watched, start);
      if (hit !== null) return { kind: 'pane', pane: hit.pane, via: 'ancestry' };
    }
  }
  if (knownPane && watched.some((w) => w.pane === knownPane)) return { kind: 'pane', pane: knownPane, via: 'known' };
  return { kind: 'unwatched' };
}

/** True when `ancestor` is `pid` or one of its ancestors. */
export function isAncestorOrSelf(processes: ReadonlyMap<number, { readonly ppid: number }>, ancestor: number, pid: number): boolean {
  let current: number | undefined = pid;
  for (let depth = 0; current !== undefined && current > 0 && depth < MAX_ANCESTRY_DEPTH; depth++) {
    if (current === ancestor) return true;
    const parent: number | undefined = processes.get(current)?.ppid;
    if (parent === current) return false;
    current = parent;
  }
  return false;
}

function ancestorPane(
  processes: ReadonlyMap<number, { readonly ppid: number }>,
  watched: readonly WatchedPane[],
  start: number,
): WatchedPane | null {
  const byPid = new Map<number, WatchedPane[]>();
  for (const w of watched) byPid.set(w.pid, [...(byPid.get(w.pid) ?? []), w]);
  let current: number | undefined = start;
  for (let depth = 0; current !== undefined && current > 0 && depth < MAX_ANCESTRY_DEPTH; depth++) {
    const panes = byPid.get(current);
    // The same pid in two servers' panes cannot happen on one host, but never guess between them.
    if (panes !== undefined) return panes.length === 1 ? (panes[0] as WatchedPane) : null;
    const parent: number | undefined = processes.get(current)?.ppid;
    if (parent === current) return null;
    current = parent;
  }
  return null;
}

function sameSocket(watched: string | null, hook: string | null): boolean {
  // Unknown on either side: the pane id alone decides, and `unique` refuses ambiguity.
  return watched === null || hook === null || normalise(watched) === normalise(hook);
}

function normalise(p: string): string {
  return p.replace(/\/+$/, '').replace(/\/{2,}/g, '/');
}

function unique(panes: readonly WatchedPane[]): WatchedPane | null {
  return panes.length === 1 ? (panes[0] as WatchedPane) : null;
}
