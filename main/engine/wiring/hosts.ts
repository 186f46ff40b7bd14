/**
 * Wiring step 2b: the configured hosts. Their tmux servers join the observer's client list (the same
 * list the local servers are in) and follow the config live: a host added while the engine runs is
 * watched from the next tick, a removed one's panes are reported gone. Every change of a host's
 * link is logged; every change of a host's reachability is announced once ("host gpu unreachable since …").
 * A host with our Claude hook forwarder installed gets its hooks through its own connection (host-hook-link.ts).
 */
import type { Config } from '../config/index.ts';
import type { HostChangeDto } from '../../../preload/contract/events.ts';
import { hostSpecs } from '../hosts/host-spec.ts';
import type { HookDelivery } from '../hooks/hook-ingest.ts';
import { HostHookLinks } from '../hosts/host-hook-link.ts';
import { HostSet } from '../hosts/host-set.ts';
import type { PaneObserver } from '../observe/observer.ts';
import type { Runner, Spawner } from '../platform/run.ts';
import type { TmuxClient } from '../tmux/types.ts';
import type { Foundation, UndoList } from './foundation.ts';
import type { Late } from './late.ts';

/** The host set and the hook links that ride on its connections. */
export interface WiredHosts {
  readonly hosts: HostSet;
  /** Disposed before the host clients close (it removes the remote socket files over them). */
  readonly hookLinks: HostHookLinks;
}

/**
 * Build the host set over `clients` (the observer is bound later, for removals) and follow the
 * config. Remote hook deliveries go to `deliverHook` (bound later, with the Claude fusion).
 */
export function wireHosts(
  f: Foundation,
  clients: TmuxClient[],
  runner: Runner & Spawner,
  observer: Late<PaneObserver>,
  undo: UndoList,
  deliverHook: Late<(delivery: HookDelivery) => void>,
): WiredHosts {
  const { logger, events } = f;
  // One announcement per change of a host (down with why, back, removed), never per server or retry:
  // `host:changed` drives the notifications and the windows' per-host banner (cleared on return), so
  // an outage is not also an engine error, whose banner would stay after the host is back.
  const announce = (change: HostChangeDto) => events.emit('host:changed', change);
  let hookLinks: HostHookLinks | null = null;
  const hosts = new HostSet({
    clients,
    runner,
    clock: f.clock,
    logger,
    changeEvents: f.config().observe.mode === 'events',
    onRemove: (client) => observer.get().forgetClient(client),
    onStatus: (host, status) => hookLinks?.onStatus(host, status),
    onHostChange: (change) => {
      if (change.state === 'removed') void hookLinks?.onRemoved(change.host);
      announce(change);
    },
  });
  const links = new HostHookLinks({
    hosts,
    runner,
    clock: f.clock,
    logger,
    // A hook before the fusion is wired has no pane to go to yet: dropped, as an unmapped one is.
    deliver: (delivery) => deliverHook.peek()?.(delivery),
  });
  hookLinks = links;
  undo.push(() => hosts.dispose());
  undo.push(() => links.dispose());
  const apply = (config: Config) => {
    const specs = hostSpecs(config);
    void hosts
      .apply(specs)
      .then(() => links.apply(specs))
      .catch((e: unknown) => logger.log('error', 'hosts.apply-failed', { error: String(e) }));
  };
  apply(f.config());
  f.watcher.onChange(apply);
  return { hosts, hookLinks: links };
}
