/**
 * Pure: where Claude hooks live on a remote host, and the small shell scripts the engine runs there.
 * Everything is under one owner-only directory in the remote user's home: the forwarder script we
 * copy there, and the socket the engine's ssh connection forwards (only while it is connected).
 */

/** The remote data directory, as the remote shell spells it. */
export const REMOTE_DIR_SH = '"$HOME/.trailboss-remote"';
/** Directory name under the remote `$HOME`. */
export const REMOTE_DIR_NAME = '.trailboss-remote';
/** The forwarder's file name in the remote directory (a copy of bin/trailboss-hook.mjs). */
export const REMOTE_FORWARDER = 'trailboss-hook.mjs';
/** The forwarded socket's file name in the remote directory. */
export const REMOTE_SOCKET = 'hook.sock';

/**
 * Longest socket path we use: sun_path is 108 bytes on Linux and 104 on macOS and the BSDs, and
 * ssh silently truncates nothing — a longer path just fails to bind.
 */
export const MAX_SOCKET_PATH_BYTES = 100;

/** The remote directory for a remote `$HOME`. */
export function remoteDir(home: string): string {
  return `${home.replace(/\/+$/, '')}/${REMOTE_DIR_NAME}`;
}

/** Why a socket path cannot be used, or null. */
export function socketPathProblem(path: string): string | null {
  if (!path.startsWith('/')) return `socket path ${path} is not absolute`;
  if (Buffer.byteLength(path) > MAX_SOCKET_PATH_BYTES)
    return `socket path ${path} is longer than ${MAX_SOCKET_PATH_BYTES} bytes (the limit of a Unix socket's address)`;
  // ssh reads `-R remote:local` up to the first colon; a path must not hold one.
  if (path.includes(':')) return `socket path ${path} contains ":" (ssh's -R cannot carry it)`;
  return null;
}

/**
 * Run on the host when the engine's connection comes up. With no forwarder installed it prints
 * `none` (hooks are off for this host: nothing will listen there). Otherwise it makes the directory
 * owner-only, removes a socket file a dropped connection left (a forward cannot bind over it unless
 * the server unlinks stale sockets itself), and prints `ready <socket path>`.
 */
export const PREPARE_FORWARD_SH = [
  `d=${REMOTE_DIR_SH}`,
  `[ -f "$d/${REMOTE_FORWARDER}" ] || { echo none; exit 0; }`,
  'chmod 700 "$d" || exit 1',
  `rm -f "$d/${REMOTE_SOCKET}"`,
  `echo "ready $d/${REMOTE_SOCKET}"`,
].join('\n');

/** Run on the host when the engine lets go of it on purpose: no socket file stays behind. */
export const REMOVE_SOCKET_SH = `rm -f ${REMOTE_DIR_SH}/${REMOTE_SOCKET}`;

/** What PREPARE_FORWARD_SH said: the socket path to forward to, or null (hooks not installed there). */
export function parsePrepareOutput(stdout: string): { readonly socket: string | null } | { readonly error: string } {
  const line = stdout.trim().split('\n').pop()?.trim() ?? '';
  if (line === 'none') return { socket: null };
  if (line.startsWith('ready ')) {
    const socket = line.slice('ready '.length);
    const problem = socketPathProblem(socket);
    return problem === null ? { socket } : { error: problem };
  }
  return { error: `unexpected answer from the host: ${JSON.stringify(line.slice(0, 200))}` };
}
