/**
 * Claude hooks of remote hosts, carried by the hosts' own ssh connections. Only hosts whose config
 * says `hooks: true` (`trailboss hooks install --host` sets it) are looked at: for any other, nothing
 * runs on the host but tmux. When such a host's master comes up and the host has our forwarder, this opens
 * the host's local hook socket (host-hook-socket.ts, owner-only, in the private ssh directory) and
 * asks the master to forward a socket on the host to it (`ssh -O forward -R remote:local`): it
 * exists on the host only while that connection does, with sshd's owner-only mode in our 0700
 * directory. A host without the forwarder gets no forward at all: nothing listens there.
 * When the master goes (a drop, a kill), the forward goes with it, and the next master gets a new one.
 * A connected host without the forwarder (or whose forward failed) is looked at again every
 * `recheckMs` over its open connection, so `hooks install --host` takes effect without a reconnect.
 */
import { join } from 'node:path';
import type { HookDelivery } from '../hooks/hook-ingest.ts';
import type { Clock, TimerHandle } from '../platform/clock.ts';
import type { Logger } from '../platform/log.ts';
import type { Runner } from '../platform/run.ts';
import type { HostLinkStatus } from './host-client.ts';
import type { HostHookSocket } from './host-hook-socket.ts';
import { openHostHookSocket } from './host-hook-socket.ts';
import type { HostSpec } from './host-spec.ts';
import { PREPARE_FORWARD_SH, REMOVE_SOCKET_SH, parsePrepareOutput, socketPathProblem } from './remote-hook-paths.ts';
import { sshArgv, sshOptions } from './ssh-command.ts';
import { SSH_BINARY } from './ssh-launcher.ts';

/** What the links need from the host set. */
export interface HookLinkHosts {
  mastersUp(host: string): { readonly spec: HostSpec; readonly controlPaths: readonly string[] } | null;
  privateDir(): string;
}

/** What the links need. */
export interface HostHookLinksDeps {
  readonly hosts: HookLinkHosts;
  readonly runner: Runner;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly deliver: (delivery: HookDelivery) => void;
  /** Per ssh run (prepare, forward, clean-up). Default 15 s. */
  readonly timeoutMs?: number;
  /** How often a connected host without a forward is looked at again. Default 30 s. */
  readonly recheckMs?: number;
}

/** Default period of looking again at a connected host without a forward (one short run on its master). */
export const HOOK_RECHECK_MS = 30_000;

/** Where one host's hook forward stands (for logs and tests). */
export type HookLinkState =
  | { readonly kind: 'off' }
  /** The host has no forwarder installed: nothing forwarded, nothing listening there. */
  | { readonly kind: 'not-installed' }
  | {
      readonly kind: 'forwarded';
      readonly remoteSocket: string;
      readonly localSocket: string;
      readonly controlPath: string;
      /** The master's pid: a reconnect reuses the control path, never the process. */
      readonly masterPid: number;
    }
  | { readonly kind: 'failed'; readonly message: string };

interface Link {
  state: HookLinkState;
  socket: HostHookSocket | null;
  busy: boolean;
  /** A status change arrived while busy: look again when done. */
  again: boolean;
  gone: boolean;
  recheck: TimerHandle | null;
  /** The sync in flight: a release waits for it, so a forward being made is not left behind. */
  running: Promise<void> | null;
}

/** Every host's hook link; follows the hosts' link statuses. */
export class HostHookLinks {
  private readonly links = new Map<string, Link>();
  /** Hosts whose hooks are wanted (enabled, `hooks: true`). */
  private wanted = new Set<string>();
  private disposed = false;

  constructor(private readonly deps: HostHookLinksDeps) {}

  /** Where the host's link stands now. */
  state(host: string): HookLinkState {
    return this.links.get(host)?.state ?? { kind: 'off' };
  }

  /** The config's hosts: links for those that want hooks, and let go of those that no longer do. */
  async apply(hosts: readonly HostSpec[]): Promise<void> {
    if (this.disposed) return;
    this.wanted = new Set(hosts.filter((h) => h.enabled && h.hooks === true).map((h) => h.name));
    for (const [host, link] of [...this.links]) if (!this.wanted.has(host)) await this.release(host, link, 'cancel');
    for (const host of this.wanted) this.onStatus(host);
  }

  /** A host client's status changed (or hooks were turned on): forward on a master that is up, once per master. */
  onStatus(host: string, _status?: HostLinkStatus): void {
    if (this.disposed || !this.wanted.has(host)) return;
    let link = this.links.get(host);
    if (!link) {
      link = { state: { kind: 'off' }, socket: null, busy: false, again: false, gone: false, recheck: null, running: null };
      this.links.set(host, link);
    }
    void this.sync(host, link);
  }

  /** The host left the config: close its socket (its masters are being closed by the host set). */
  async onRemoved(host: string): Promise<void> {
    this.wanted.delete(host);
    const link = this.links.get(host);
    if (link) await this.release(host, link, 'none');
  }

  /**
   * Let go of every host on purpose, before the masters close: the remote socket files are
   * removed (a dropped connection cannot do that; the next connection's prepare does), then the
   * local sockets close.
   */
  async dispose(): Promise<void> {
    this.disposed = true;
    await Promise.all([...this.links.entries()].map(([host, link]) => this.release(host, link, 'remove')));
  }

  /**
   * Stop a host's link. `remove`: the remote socket file goes (the master closes next, taking the
   * forward with it); `cancel`: the forward is cancelled on the master too (it stays up); `none`:
   * the master is going anyway and the next connection's prepare cleans up.
   */
  private async release(host: string, link: Link, how: 'remove' | 'cancel' | 'none'): Promise<void> {
    link.gone = true;
    link.recheck?.cancel();
    this.links.delete(host);
    await link.running;
    const masters = this.deps.hosts.mastersUp(host);
    const state = link.state;
    if (how !== 'none' && state.kind === 'forwarded' && masters && masters.controlPaths.includes(state.controlPath)) {
      if (how === 'cancel')
        await this.ssh(
          [
            ...sshOptions(masters.spec, state.controlPath, 'client'),
            '-O',
            'cancel',
            '-R',
            `${state.remoteSocket}:${state.localSocket}`,
            '--',
            masters.spec.destination,
          ],
          5_000,
        ).catch(() => null);
      await this.ssh(sshArgv(masters.spec, state.controlPath, 'client', ['sh', '-c', REMOVE_SOCKET_SH]), 5_000).catch(() => null);
    }
    await link.socket?.close();
    this.deps.logger.log('info', 'host.hook-released', { host });
  }

  private sync(host: string, link: Link): Promise<void> {
    if (link.busy) {
      link.again = true;
      return link.running ?? Promise.resolve();
    }
    link.busy = true;
    link.running = this.syncNow(host, link).finally(() => (link.running = null));
    return link.running;
  }

  private async syncNow(host: string, link: Link): Promise<void> {
    try {
      do {
        link.again = false;
        await this.step(host, link);
      } while (link.again && !link.gone && !this.disposed);
    } catch (error) {
      link.state = { kind: 'failed', message: error instanceof Error ? error.message : String(error) };
      this.deps.logger.log('warn', 'host.hook-forward-failed', { host, error: link.state.message });
    } finally {
      link.busy = false;
    }
    this.scheduleRecheck(host, link);
  }

  /** Not forwarded while a master is up: look again later (a master going or coming calls sync anyway). */
  private scheduleRecheck(host: string, link: Link): void {
    link.recheck?.cancel();
    link.recheck = null;
    if (link.gone || this.disposed || link.state.kind === 'forwarded') return;
    if ((this.deps.hosts.mastersUp(host)?.controlPaths.length ?? 0) === 0) return;
    link.recheck = this.deps.clock.setTimeout(() => {
      link.recheck = null;
      if (!link.gone && !this.disposed) void this.sync(host, link);
    }, this.deps.recheckMs ?? HOOK_RECHECK_MS);
  }

  /** One look: keep a forward whose master is still up; otherwise forward on the first master up. */
  private async step(host: string, link: Link): Promise<void> {
    const masters = this.deps.hosts.mastersUp(host);
    if (!masters || link.gone) return;
    if (link.state.kind === 'forwarded' && masters.controlPaths.includes(link.state.controlPath)) {
      if ((await this.masterPid(masters.spec, link.state.controlPath)) === link.state.masterPid) return;
    }
    // The master that carried the forward is gone, and the forward with it.
    if (link.state.kind === 'forwarded') link.state = { kind: 'off' };
    const controlPath = masters.controlPaths[0];
    if (controlPath === undefined) return;
    const masterPid = await this.masterPid(masters.spec, controlPath);
    if (masterPid === null) return; // Went again meanwhile: its next status change brings us back.
    const prepared = await this.ssh(sshArgv(masters.spec, controlPath, 'client', ['sh', '-c', PREPARE_FORWARD_SH]));
    if (prepared.exitCode !== 0) throw new Error(`preparing the hook socket on ${host} failed: ${firstLine(prepared.stderr)}`);
    const answer = parsePrepareOutput(prepared.stdout);
    if ('error' in answer) throw new Error(answer.error);
    if (answer.socket === null) {
      if (link.state.kind !== 'not-installed') this.deps.logger.log('info', 'host.hooks-not-installed', { host });
      link.state = { kind: 'not-installed' };
      return;
    }
    const local = join(this.deps.hosts.privateDir(), `${host}.hook`);
    const problem = socketPathProblem(local);
    if (problem !== null) throw new Error(problem);
    link.socket ??= await openHostHookSocket({
      host,
      path: local,
      clock: this.deps.clock,
      logger: this.deps.logger,
      deliver: this.deps.deliver,
    });
    if (link.gone || this.disposed) {
      await link.socket.close();
      return;
    }
    const forward = await this.ssh([
      ...sshOptions(masters.spec, controlPath, 'client'),
      '-O',
      'forward',
      '-R',
      `${answer.socket}:${local}`,
      '--',
      masters.spec.destination,
    ]);
    if (forward.exitCode !== 0) throw new Error(`ssh -O forward to ${host} failed: ${firstLine(forward.stderr)}`);
    link.state = { kind: 'forwarded', remoteSocket: answer.socket, localSocket: local, controlPath, masterPid };
    this.deps.logger.log('info', 'host.hook-forward', { host, remote: answer.socket, local });
  }

  /** The pid of the master on `controlPath` (`ssh -O check`), or null when none answers there. */
  private async masterPid(spec: HostSpec, controlPath: string): Promise<number | null> {
    const check = await this.ssh([...sshOptions(spec, controlPath, 'client'), '-O', 'check', '--', spec.destination], 5_000).catch(
      () => null,
    );
    const pid = check?.exitCode === 0 ? /pid=(\d+)/.exec(check.stderr + check.stdout)?.[1] : undefined;
    return pid === undefined ? null : Number(pid);
  }

  private ssh(args: readonly string[], timeoutMs = this.deps.timeoutMs ?? 15_000) {
    return this.deps.runner.run(SSH_BINARY, args, { timeoutMs });
  }
}

function firstLine(text: string): string {
  return text.trim().split('\n')[0] ?? '';
}
