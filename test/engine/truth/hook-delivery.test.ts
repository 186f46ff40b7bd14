/**
 * Rule guarded: a hook (which arrives with this machine's $TMUX_PANE and pids) maps only to a pane on
 * this machine, of the hook's own runtime — never to a remote pane that happens to share the pane id
 * and socket path, and never to another runtime's pane.
 */
import { describe, expect, it } from 'vitest';
import type { ObservedPane } from '../../../main/engine/observe/observer.ts';
import type { RuntimeId } from '../../../main/engine/runtimes/types.ts';
import { localWatchedPanes } from '../../../main/engine/truth/hook-delivery.ts';

const SOCKET = '/tmp/tb-hook-delivery/tmux.sock';

function observed(key: string, paneId: string, runtime: RuntimeId): ObservedPane {
  const info = {
    paneId,
    sessionName: 'work',
    sessionId: '$0',
    windowIndex: 0,
    windowId: '@0',
    paneIndex: 0,
    target: `work:0.${paneId.slice(1)}`,
    pid: 4242,
    currentCommand: runtime,
    currentPath: '/',
    width: 120,
    height: 40,
    alternateOn: true,
    dead: false,
    windowActivity: 0,
    title: '',
  };
  return { key, info, runtime, screen: null, stableCount: 0, changedAt: 0, tail: [] };
}

describe('localWatchedPanes', () => {
  const panes = [
    observed(`S:${SOCKET}|%1`, '%1', 'codex'),
    observed(`@gpu:S:${SOCKET}|%1`, '%1', 'codex'),
    observed(`S:${SOCKET}|%2`, '%2', 'claude'),
  ];
  const observer = { snapshot: () => panes };

  it("lists this machine's panes of the runtime, with the socket the mapping compares", () => {
    expect(localWatchedPanes(observer, 'codex')).toEqual([{ pane: `S:${SOCKET}|%1`, paneId: '%1', socketPath: SOCKET, pid: 4242 }]);
  });

  it('leaves out a remote pane with the same id and socket path, and other runtimes', () => {
    expect(localWatchedPanes(observer, 'codex').map((p) => p.pane)).not.toContain(`@gpu:S:${SOCKET}|%1`);
    expect(localWatchedPanes(observer, 'claude').map((p) => p.pane)).toEqual([`S:${SOCKET}|%2`]);
  });
});
