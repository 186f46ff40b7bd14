import { describe, expect, it } from 'vitest';
import { isAncestorOrSelf, resolveSessionPane } from '../../../main/engine/claude-signals/session-pane.ts';
import type { WatchedPane } from '../../../main/engine/claude-signals/session-pane.ts';

const SOCK_A = '/tmp/tmux-1000/default';
const SOCK_B = '/tmp/tmux-1000/work';

const watched: WatchedPane[] = [
  { pane: 'default|%0', paneId: '%0', socketPath: SOCK_A, pid: 100 },
  { pane: 'default|%3', paneId: '%3', socketPath: SOCK_A, pid: 300 },
  { pane: 'L:work|%3', paneId: '%3', socketPath: SOCK_B, pid: 500 },
];

/** pid → ppid: pane shell 300 → claude 310 → hook shell 320; pane 500 → claude 510. */
const processes = new Map([
  [300, { ppid: 1 }],
  [310, { ppid: 300 }],
  [320, { ppid: 310 }],
  [500, { ppid: 1 }],
  [510, { ppid: 500 }],
  [900, { ppid: 1 }],
]);

describe('resolveSessionPane', () => {
  it('uses the hook TMUX_PANE with its socket to pick the right server', () => {
    expect(resolveSessionPane({ watched, origin: { tmuxPane: '%3', tmuxSocket: SOCK_B, ppid: null } })).toEqual({
      kind: 'pane',
      pane: 'L:work|%3',
      via: 'tmux-pane',
    });
  });

  it('does not guess between servers when the socket is unknown', () => {
    expect(resolveSessionPane({ watched, origin: { tmuxPane: '%3', tmuxSocket: null, ppid: null } })).toEqual({ kind: 'unwatched' });
  });

  it('falls back to pid ancestry from the hook parent', () => {
    expect(resolveSessionPane({ watched, origin: { tmuxPane: null, tmuxSocket: null, ppid: 320 }, processes })).toEqual({
      kind: 'pane',
      pane: 'default|%3',
      via: 'ancestry',
    });
  });

  it('uses the status file tmux field when the pane process is an ancestor of Claude', () => {
    const statusFile = { pid: 510, tmux: { sessionName: 'w', windowId: '@1', paneId: '%0' }, verdict: 'same-process' as const };
    // %0's process (100) is not an ancestor of 510: the field is not trusted; ancestry finds the real pane.
    expect(resolveSessionPane({ watched, statusFile, processes })).toEqual({ kind: 'pane', pane: 'L:work|%3', via: 'ancestry' });
    const consistent = { pid: 110, tmux: { sessionName: 'x', windowId: '@0', paneId: '%0' }, verdict: 'same-process' as const };
    expect(resolveSessionPane({ watched, statusFile: consistent, processes: new Map([[110, { ppid: 100 }]]) })).toEqual({
      kind: 'pane',
      pane: 'default|%0',
      via: 'status-file',
    });
  });

  it('uses the status file tmux field alone when there is no process table', () => {
    const statusFile = { pid: 7, tmux: { sessionName: 's', windowId: '@0', paneId: '%0' }, verdict: 'unknown' as const };
    expect(resolveSessionPane({ watched, statusFile })).toEqual({ kind: 'pane', pane: 'default|%0', via: 'status-file' });
  });

  it('ignores a status file whose pid was reused', () => {
    const statusFile = { pid: 310, tmux: { sessionName: 's', windowId: '@0', paneId: '%0' }, verdict: 'reused' as const };
    expect(resolveSessionPane({ watched, statusFile, processes })).toEqual({ kind: 'unwatched' });
  });

  it('keeps the last known pane while it is still watched', () => {
    expect(resolveSessionPane({ watched, knownPane: 'default|%0' })).toEqual({ kind: 'pane', pane: 'default|%0', via: 'known' });
    expect(resolveSessionPane({ watched, knownPane: 'default|%9' })).toEqual({ kind: 'unwatched' });
  });

  it('says unwatched for a session in no watched pane', () => {
    expect(resolveSessionPane({ watched, origin: { tmuxPane: '%42', tmuxSocket: SOCK_A, ppid: 900 }, processes })).toEqual({
      kind: 'unwatched',
    });
  });

  it('survives a cyclic process table', () => {
    const cyclic = new Map([
      [1000, { ppid: 1001 }],
      [1001, { ppid: 1000 }],
    ]);
    expect(isAncestorOrSelf(cyclic, 5, 1000)).toBe(false);
    expect(resolveSessionPane({ watched, origin: { tmuxPane: null, tmuxSocket: null, ppid: 1000 }, processes: cyclic })).toEqual({
      kind: 'unwatched',
    });
  });
});
