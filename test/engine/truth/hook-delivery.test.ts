/**
 * Rule guarded: a hook (which arrives with this machine's $TMUX_PANE and pids) maps only to a pane on
 * this machine, of the hook's own runtime — never to a remote pane that happens to share the pane id
 * and socket path, and never to another runtime's pane.
 */
import { describe, expect, it } from 'vitest';
import { ClaudeSessionDirectory } from '../../../main/engine/claude-signals/session-directory.ts';
import type { HookOrigin } from '../../../main/engine/hooks/hook-envelope.ts';
import { readHookDelivery } from '../../../main/engine/hooks/hook-ingest.ts';
import type { ObservedPane } from '../../../main/engine/observe/observer.ts';
import { silentLogger } from '../../../main/engine/platform/log.ts';
import type { RuntimeId } from '../../../main/engine/runtimes/types.ts';
import type { Fact } from '../../../main/engine/sessions/facts.ts';
import { deliverHook, localWatchedPanes, watchedPanesOf } from '../../../main/engine/truth/hook-delivery.ts';
import { hookExample } from '../hooks/fixture-hooks.ts';
import { observedPane } from '../../support/observed-pane.ts';

const SOCKET = '/tmp/tb-hook-delivery/tmux.sock';

const observed = (key: string, paneId: string, runtime: RuntimeId): ObservedPane => observedPane(key, paneId, runtime);

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

describe("deliverHook with a host tag (a delivery through a host's forwarded socket)", () => {
  // The same pane id, socket path and pane pid on this machine and on two hosts: only the tag can tell them apart.
  const local = `S:${SOCKET}|%1`;
  const gpu = `@gpu:S:${SOCKET}|%1`;
  const box = `@box:S:${SOCKET}|%1`;
  const panes = [observed(local, '%1', 'claude'), observed(gpu, '%1', 'claude'), observed(box, '%1', 'claude')];
  const observer = { snapshot: () => panes };
  // This machine's process table would lead ppid 777 to the local pane (pid 4242).
  const processTable = { snapshot: () => new Map([[777, { pid: 777, ppid: 4242, comm: 'sh', argv: 'sh' }]]) };

  function run(directory: ClaudeSessionDirectory, host: string | null, origin: HookOrigin, sessionId = 'sess-1'): Fact[] {
    const reading = readHookDelivery(
      { v: 1, event: 'PermissionRequest', ...origin, payload: { ...hookExample('PermissionRequest.json'), session_id: sessionId } },
      1000,
      host,
    );
    if (!reading.ok) throw new Error(reading.message);
    const facts: Fact[] = [];
    deliverHook({ observer, processTable, logger: silentLogger, apply: (f) => facts.push(...f) }, directory, 'claude', reading.delivery);
    return facts;
  }

  it("lists a host's panes with the socket path as that host knows it", () => {
    expect(watchedPanesOf(observer, 'claude', 'gpu')).toEqual([{ pane: gpu, paneId: '%1', socketPath: SOCKET, pid: 4242 }]);
  });

  it("maps a host's delivery to that host's pane only", () => {
    const facts = run(new ClaudeSessionDirectory(), 'gpu', { tmuxPane: '%1', tmuxSocket: SOCKET, ppid: null });
    expect(facts.map((f) => f.pane)).toEqual([gpu]);
    expect(run(new ClaudeSessionDirectory(), 'box', { tmuxPane: '%1', tmuxSocket: SOCKET, ppid: null }).map((f) => f.pane)).toEqual([box]);
  });

  it("never uses this machine's process table for a host's delivery", () => {
    // Without $TMUX_PANE a local hook maps by ancestry; the same from a host must map nowhere.
    expect(run(new ClaudeSessionDirectory(), null, { tmuxPane: null, tmuxSocket: null, ppid: 777 }).map((f) => f.pane)).toEqual([local]);
    expect(run(new ClaudeSessionDirectory(), 'gpu', { tmuxPane: null, tmuxSocket: null, ppid: 777 })).toEqual([]);
  });

  it("never reaches a local or another host's session through a shared session id", () => {
    const directory = new ClaudeSessionDirectory();
    expect(run(directory, null, { tmuxPane: '%1', tmuxSocket: SOCKET, ppid: null }, 'shared').map((f) => f.pane)).toEqual([local]);
    // Host gpu sends the same session id from outside tmux: the local session's last pane is not its.
    expect(run(directory, 'gpu', { tmuxPane: null, tmuxSocket: null, ppid: null }, 'shared')).toEqual([]);
    expect(directory.knownPane('shared')).toBe(local);
    expect(directory.knownPane('shared', 'gpu')).toBeNull();
    // And a pane id that only another host has maps to nothing.
    expect(run(directory, 'ghost', { tmuxPane: '%1', tmuxSocket: SOCKET, ppid: null })).toEqual([]);
  });
});
