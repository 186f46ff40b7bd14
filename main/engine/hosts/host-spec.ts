/** A configured host: a machine reached with `ssh` whose tmux servers Trail Boss watches. */
import type { Config } from '../config/index.ts';
import type { PaneKey } from '../sessions/facts.ts';
import type { TmuxServer } from '../tmux/types.ts';

/** One host as the engine uses it (the config's `hosts` entries). */
export interface HostSpec {
  /** Short name shown everywhere (`gpu`); letters, digits, `.`, `_`, `-`. */
  readonly name: string;
  /** What `ssh` connects to: an alias from the ssh config, `host`, `user@host`. */
  readonly destination: string;
  /** tmux sockets on the host (`tmux -S`); empty = the remote user's default server. */
  readonly sockets: readonly string[];
  /** An ssh config file passed as `ssh -F` (set-ups outside `~/.ssh/config`); null = ssh's own. */
  readonly sshConfig: string | null;
  readonly enabled: boolean;
  /** Forward its Claude hooks (hosts/host-hook-link.ts); absent = no. */
  readonly hooks?: boolean;
}

/** Host names: no `:` or `|` (pane keys use both), nothing a shell or ssh could read as an option. */
export const HOST_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,62}$/;

/** A problem with a destination, or null: it must not look like an ssh option or hold spaces/controls. */
export function destinationProblem(destination: string): string | null {
  if (destination === '') return 'must not be empty';
  if (destination.startsWith('-')) return 'must not start with "-" (ssh would read it as an option)';
  // eslint-disable-next-line no-control-regex
  if (/[\s\x00-\x1f\x7f]/.test(destination)) return 'must not contain spaces or control characters';
  return null;
}

/** The tmux servers of a host, each marked with the host's name. */
export function hostServers(host: HostSpec): TmuxServer[] {
  if (host.sockets.length === 0) return [{ kind: 'default', host: host.name }];
  return host.sockets.map((path): TmuxServer => ({ kind: 'socket', path, host: host.name }));
}

/** The host a pane key belongs to (`@gpu:S:/tmp/s|%3` → `gpu`); null for this machine's panes. */
export function hostOfPaneKey(key: PaneKey): string | null {
  if (!key.startsWith('@')) return null;
  const colon = key.indexOf(':');
  return colon > 1 ? key.slice(1, colon) : null;
}

/** The pane key without its host part (`@gpu:S:/tmp/s|%3` → `S:/tmp/s|%3`), as the remote tmux knows it. */
export function localPartOfPaneKey(key: PaneKey): PaneKey {
  const host = hostOfPaneKey(key);
  return host === null ? key : key.slice(host.length + 2);
}

/** The config's hosts as the engine uses them. */
export function hostSpecs(config: Config): HostSpec[] {
  return config.hosts.map((h) => ({
    name: h.name,
    destination: h.destination,
    sockets: h.sockets,
    sshConfig: h.sshConfig,
    enabled: h.enabled,
    hooks: h.hooks,
  }));
}
