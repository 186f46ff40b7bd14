/**
 * Wiring step 2b: the configured hosts. Their tmux servers join the observer's client list (the same
 * list the local servers are in) and follow the config live: a host added while the engine runs is
 * watched from the next tick, a removed one's panes are reported gone. Every change of a host's
 * link is logged; every change of a host's reachability is announced once ("host gpu unreachable since …").
 */
import type { Config } from '../config/index.ts';
import type { HostChangeDto } from '../../../preload/contract/events.ts';
import type { HostSpec } from '../hosts/host-spec.ts';
import { HostSet } from '../hosts/host-set.ts';
import type { PaneObserver } from '../observe/observer.ts';
import type { Runner, Spawner } from '../platform/run.ts';
import type { TmuxClient } from '../tmux/types.ts';
import type { Foundation, UndoList } from './foundation.ts';
import type { Late } from './late.ts';

/** The config's hosts as the engine uses them. */
export function hostSpecs(config: Config): HostSpec[] {
  return config.hosts.map((h) => ({
    name: h.name,
    destination: h.destination,
    sockets: h.sockets,
    sshConfig: h.sshConfig,
    enabled: h.enabled,
  }));
}

/** Build the host set over `clients` (the observer is bound later, for removals) and follow the config. */
export function wireHosts(
  f: Foundation,
  clients: TmuxClient[],
  runner: Runner & Spawner,
  observer: Late<PaneObserver>,
  undo: UndoList,
): HostSet {
  const { logger, events } = f;
  // One announcement per change of a host (down with why, back, removed), never per server or retry:
  // `host:changed` drives the notifications and the windows' per-host banner (cleared on return), so
  // an outage is not also an engine error, whose banner would stay after the host is back.
  const announce = (change: HostChangeDto) => events.emit('host:changed', change);
  const hosts = new HostSet({
    clients,
    runner,
    clock: f.clock,
    logger,
    onRemove: (client) => observer.get().forgetClient(client),
    onHostChange: announce,
  });
  undo.push(() => hosts.dispose());
  const apply = (config: Config) =>
    void hosts.apply(hostSpecs(config)).catch((e: unknown) => logger.log('error', 'hosts.apply-failed', { error: String(e) }));
  apply(f.config());
  f.watcher.onChange(apply);
  return hosts;
}
