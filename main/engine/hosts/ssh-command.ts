/** Pure: the ssh command lines Trail Boss runs — options, the control socket, the remote command. */
import type { HostSpec } from './host-spec.ts';

/** How long ssh may take to connect (TCP and the banner), and how dead links are noticed. */
export interface SshTimings {
  readonly connectTimeoutS: number;
  readonly serverAliveIntervalS: number;
  readonly serverAliveCountMax: number;
}

/** Defaults: a silent host is given up on within ~10 s; a dead link noticed within ~15 s. */
export const DEFAULT_SSH_TIMINGS: SshTimings = { connectTimeoutS: 10, serverAliveIntervalS: 5, serverAliveCountMax: 3 };

/**
 * How this ssh uses the host's control socket. `master`: it is the multiplexing master (the
 * long-lived tmux control channel). `client`: use the master when one is up, else connect on its own
 * — never become a master, so a short command never lingers serving someone else's session.
 */
export type SshRole = 'master' | 'client';

/** Options every ssh gets: strict host keys, no prompts, bounded connect, keepalives, the control socket. */
export function sshOptions(host: HostSpec, controlPath: string, role: SshRole, timings: SshTimings = DEFAULT_SSH_TIMINGS): string[] {
  const o = (kv: string) => ['-o', kv];
  return [
    ...(host.sshConfig ? ['-F', host.sshConfig] : []),
    ...o('BatchMode=yes'),
    // An unknown or changed host key is an error, never accepted (overrides `accept-new` in a user config).
    ...o('StrictHostKeyChecking=yes'),
    ...o(`ConnectTimeout=${timings.connectTimeoutS}`),
    ...o(`ServerAliveInterval=${timings.serverAliveIntervalS}`),
    ...o(`ServerAliveCountMax=${timings.serverAliveCountMax}`),
    ...o(`ControlPath=${controlPath}`),
    ...o(role === 'master' ? 'ControlMaster=yes' : 'ControlMaster=no'),
    // The master lives exactly as long as the control channel: nothing is left behind when we go.
    ...o('ControlPersist=no'),
    '-T',
  ];
}

/** POSIX single-quoting: the word reaches the remote program byte for byte. */
export function shQuote(word: string): string {
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

/**
 * The remote command line for an argv: run by `sh -c` whatever the user's login shell is (fish and
 * csh read `sh -c '…'` the same way). `dollarPid` replaces that word by `"$$"`: the pid of the sh
 * that `exec` turns into the program itself.
 */
export function remoteCommand(argv: readonly string[], dollarPid?: string): string {
  const words = argv.map((a) => (dollarPid !== undefined && a === dollarPid ? '"$$"' : shQuote(a)));
  return `sh -c ${shQuote(`exec ${words.join(' ')}`)}`;
}

/** Full argv of `ssh` running `argv` on the host. */
export function sshArgv(
  host: HostSpec,
  controlPath: string,
  role: SshRole,
  argv: readonly string[],
  opts: { dollarPid?: string; timings?: SshTimings; extra?: readonly string[] } = {},
): string[] {
  return [
    ...sshOptions(host, controlPath, role, opts.timings),
    ...(opts.extra ?? []),
    '--',
    host.destination,
    remoteCommand(argv, opts.dollarPid),
  ];
}
