/**
 * The configured hosts, live: one HostTmuxClient per (host, tmux server), added to and taken out of
 * the observer's client list as the config changes, so a host added while the engine runs is
 * watched from the next tick. Owns the private directory of the ssh control sockets.
 */
import { mkdtempSync, readdirSync, rmdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Clock } from '../platform/clock.ts';
import { pidAlive } from '../platform/engine-lock.ts';
import type { Logger } from '../platform/log.ts';
import type { Runner, Spawner } from '../platform/run.ts';
import type { PaneKey } from '../sessions/facts.ts';
import { ControlModeClient } from '../tmux/control-client.ts';
import type { TmuxClient } from '../tmux/types.ts';
import { serverKey } from '../tmux/types.ts';
import type { HostLinkStatus } from './host-client.ts';
import { HostTmuxClient, unreachableReason } from './host-client.ts';
import type { HostChangeDto } from '../../../preload/contract/events.ts';
import type { HostReach } from './host-reachability.ts';
import { hostShell } from './host-shell.ts';
import { hostReach, reachChange } from './host-reachability.ts';
import type { HostSpec } from './host-spec.ts';
import { hostOfPaneKey, hostServers } from './host-spec.ts';
import type { Reachability, Unreachable } from './reachability.ts';
import type { SshTimings } from './ssh-command.ts';
import { sshTmuxLauncher } from './ssh-launcher.ts';

/** What the host set needs. */
export interface HostSetDeps {
  /** The observer's client list: host clients are pushed into it and spliced out of it. */
  readonly clients: TmuxClient[];
  readonly runner: Runner & Spawner;
  readonly clock: Clock;
  readonly logger: Logger;
  /** Called before a client leaves the list (the observer reports its panes gone). */
  readonly onRemove: (client: TmuxClient) => void;
  readonly onStatus?: (host: string, status: HostLinkStatus) => void;
  /** Told once per change of a host's reachability (all its servers together), and when it leaves the config. */
  readonly onHostChange?: (change: HostChangeDto) => void;
  /** Per tmux command over ssh, and for the control channel's start. Default 15 s. */
  readonly timeoutMs?: number;
  readonly timings?: SshTimings;
  /** Parent of the private socket directory (default the OS temp dir: socket paths must stay short). */
  readonly socketParent?: string;
  /** Give tmux's change signal over each host's control client (config `observe.mode` "events"). */
  readonly changeEvents?: boolean;
}

/** A host's status, as views and the CLI show it. */
export interface HostView {
  readonly name: string;
  readonly destination: string;
  readonly enabled: boolean;
  /** The worst status among the host's servers; null when disabled. */
  readonly status: HostLinkStatus | null;
  /** "host gpu unreachable since …", or null when it can be used. */
  readonly unreachable: string | null;
}

const RANK: Record<HostLinkStatus['kind'], number> = { up: 0, 'no-server': 1, connecting: 2, down: 3 };

/** The live set of host clients. */
export class HostSet implements Reachability {
  private readonly entries = new Map<string, Entry>();
  private specs: readonly HostSpec[] = [];
  private dir: string | null = null;
  private socketCount = 0;
  private disposed = false;

  constructor(private readonly deps: HostSetDeps) {}

  /** Make the clients match `hosts` (enabled ones): new hosts start connecting, removed ones go. */
  async apply(hosts: readonly HostSpec[]): Promise<void> {
    if (this.disposed) return;
    this.specs = hosts;
    const wanted = new Map(hosts.filter((h) => h.enabled).map((h) => [h.name, h]));
    for (const [name, entry] of [...this.entries]) {
      const next = wanted.get(name);
      if (next && sameSpec(next, entry.spec)) continue;
      await this.remove(name);
    }
    for (const [name, spec] of wanted) {
      if (this.entries.has(name)) continue;
      const entry: Entry = { spec, clients: [], controlPaths: [], announced: 'reachable', outage: null };
      const onStatus = (host: string, status: HostLinkStatus): void => {
        this.deps.onStatus?.(host, status);
        // A status of a host removed (or replaced) meanwhile is no news.
        if (this.entries.get(name) === entry && !this.disposed) this.announce(entry);
      };
      const clients = hostServers(spec).map((server) => {
        const controlPath = join(this.socketDir(), `${spec.name}.${++this.socketCount}`);
        entry.controlPaths.push(controlPath);
        const launcher = sshTmuxLauncher(spec, controlPath, this.deps.timings);
        const shell = hostShell(spec, controlPath, { runner: this.deps.runner, clock: this.deps.clock }, this.deps.timings);
        const inner = new ControlModeClient(server, this.deps.runner, {
          logger: this.deps.logger,
          clock: this.deps.clock,
          timeoutMs: this.deps.timeoutMs ?? 15_000,
          launcher,
          changeEvents: this.deps.changeEvents === true,
        });
        return new HostTmuxClient(inner, spec.name, { clock: this.deps.clock, logger: this.deps.logger, onStatus, shell });
      });
      entry.clients = clients;
      this.entries.set(name, entry);
      this.deps.clients.push(...clients);
      this.deps.logger.log('info', 'host.added', {
        host: name,
        destination: spec.destination,
        servers: clients.map((c) => serverKey(c.server)),
      });
      for (const c of clients) void c.connectInBackground();
    }
  }

  /** Every configured host with its status. */
  views(): HostView[] {
    return this.specs.map((spec) => {
      const entry = this.entries.get(spec.name);
      const status = entry ? worst(entry.clients.map((c) => c.status())) : null;
      return {
        name: spec.name,
        destination: spec.destination,
        enabled: spec.enabled,
        status,
        unreachable: status ? unreachableReason(spec.name, status) : null,
      };
    });
  }

  /** The outages announced and not yet over: a surface that subscribes late (the tray, `daemon --notify`) starts from them. */
  outages(): HostChangeDto[] {
    return [...this.entries.values()].flatMap((e) => (e.outage ? [e.outage] : []));
  }

  /** Why the pane's host cannot be reached now, and since when; null for a reachable host or this machine's panes. */
  unreachable(paneKey: PaneKey): Unreachable | null {
    const host = hostOfPaneKey(paneKey);
    if (host === null) return null;
    const entry = this.entries.get(host);
    if (!entry) return { reason: `host ${host} is not configured (or disabled)`, since: 0 };
    const client = entry.clients.find((c) => paneKey.startsWith(`${serverKey(c.server)}|`));
    if (!client) return { reason: `host ${host} does not watch this pane's tmux server`, since: 0 };
    const status = client.status();
    const reason = unreachableReason(host, status);
    return reason === null || (status.kind !== 'down' && status.kind !== 'connecting') ? null : { reason, since: status.since };
  }

  /**
   * The control sockets of the host's masters that are up now (its servers' control channels), in
   * config order: a short ssh run or `ssh -O` on one of them rides that connection.
   */
  mastersUp(host: string): { readonly spec: HostSpec; readonly controlPaths: readonly string[] } | null {
    const entry = this.entries.get(host);
    if (!entry) return null;
    const controlPaths = entry.controlPaths.filter((_, i) => entry.clients[i]?.status().kind === 'up');
    return { spec: entry.spec, controlPaths };
  }

  /** The private (0700) directory of the control sockets; other per-host sockets of ours go here too. */
  privateDir(): string {
    return this.socketDir();
  }

  /** Close every host client and remove the socket directory. */
  async dispose(): Promise<void> {
    this.disposed = true;
    for (const name of [...this.entries.keys()]) await this.remove(name);
    if (this.dir) rmSync(this.dir, { recursive: true, force: true });
    this.dir = null;
  }

  private async remove(name: string): Promise<void> {
    const entry = this.entries.get(name);
    if (!entry) return;
    this.entries.delete(name);
    for (const client of entry.clients) {
      this.deps.onRemove(client);
      const i = this.deps.clients.indexOf(client);
      if (i >= 0) this.deps.clients.splice(i, 1);
    }
    this.deps.logger.log('info', 'host.removed', { host: name });
    // Taken out by the config, not by stopping: whoever shows the host's state can let go of it.
    if (!this.disposed) this.deps.onHostChange?.({ host: name, state: 'removed', since: this.deps.clock.now() });
    await Promise.all(entry.clients.map((c) => c.close()));
  }

  /** Announces the host's reach when it differs from the last one announced. */
  private announce(entry: Entry): void {
    const change = reachChange(
      entry.announced,
      hostReach(
        entry.spec.name,
        entry.clients.map((c) => c.status()),
      ),
    );
    if (change === null) return;
    entry.announced = change.kind;
    entry.outage = change.kind === 'unreachable' ? toDto(entry.spec.name, change) : null;
    this.deps.logger.log(change.kind === 'unreachable' ? 'warn' : 'info', 'host.reach', { host: entry.spec.name, ...change });
    this.deps.onHostChange?.(toDto(entry.spec.name, change));
  }

  /**
   * Made on first use, owner-only (mkdtemp makes it 0700): nobody else can reach our masters. Named
   * after our pid, so the empty directory an engine killed with SIGKILL left is removed by the next one.
   */
  private socketDir(): string {
    if (this.dir) return this.dir;
    const parent = this.deps.socketParent ?? tmpdir();
    removeDeadSocketDirs(parent);
    this.dir = mkdtempSync(join(parent, `tb-ssh-${process.pid}-`));
    return this.dir;
  }
}

/** One configured host: its clients and the reach last announced for it. */
interface Entry {
  readonly spec: HostSpec;
  clients: HostTmuxClient[];
  /** Each client's ssh control socket, by index. */
  readonly controlPaths: string[];
  announced: HostReach['kind'];
  /** The unreachable change last announced, while it stands. */
  outage: HostChangeDto | null;
}

function toDto(host: string, reach: HostReach): HostChangeDto {
  return reach.kind === 'unreachable'
    ? { host, state: 'unreachable', since: reach.since, reason: reach.reason }
    : { host, state: 'reachable', since: reach.since };
}

function sameSpec(a: HostSpec, b: HostSpec): boolean {
  return (
    a.destination === b.destination &&
    a.sshConfig === b.sshConfig &&
    a.enabled === b.enabled &&
    a.sockets.join('\0') === b.sockets.join('\0')
  );
}

function worst(statuses: readonly HostLinkStatus[]): HostLinkStatus | null {
  let out: HostLinkStatus | null = null;
  for (const s of statuses) if (!out || RANK[s.kind] > RANK[out.kind]) out = s;
  return out;
}

/** Remove `tb-ssh-<pid>-*` directories of processes that no longer run (only empty ones: sockets die with their master). */
function removeDeadSocketDirs(parent: string): void {
  let names: string[];
  try {
    names = readdirSync(parent);
  } catch {
    return;
  }
  for (const name of names) {
    const pid = /^tb-ssh-(\d+)-/.exec(name)?.[1];
    if (!pid || pidAlive(Number(pid))) continue;
    try {
      rmdirSync(join(parent, name));
    } catch {
      // Not ours, not empty, or gone already: leave it.
    }
  }
}
