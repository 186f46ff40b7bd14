// An observed pane as the observer hands it to the fusions, for tests that map hook deliveries to panes
// without a tmux server (the mapping is pure over these records).
import type { ObservedPane } from '../../main/engine/observe/observer.ts';
import type { RuntimeId } from '../../main/engine/runtimes/types.ts';
import type { PaneInfo } from '../../main/engine/tmux/types.ts';

/** A fresh, unparsed pane `paneId` in session `work` under `key`, its process `pid`. */
export function observedPane(key: string, paneId: string, runtime: RuntimeId, pid = 4242): ObservedPane {
  const info: PaneInfo = {
    paneId,
    sessionName: 'work',
    sessionId: '$0',
    windowIndex: 0,
    windowId: '@0',
    paneIndex: 0,
    target: `work:0.${paneId.slice(1)}`,
    pid,
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
