/**
 * Finding tmux the way the user's shell would. An app started from Finder, the Dock or at login
 * gets launchd's minimal PATH (`/usr/bin:/bin:/usr/sbin:/sbin`), so Homebrew's tmux
 * (`/opt/homebrew/bin`, `/usr/local/bin`) is invisible to a plain `spawn('tmux')`: the engine
 * would watch nothing and say nothing. The search order is: the `tmux.path` setting, the process's
 * PATH, the login shell's PATH (read once, with a time limit, only when needed), then the usual
 * package-manager directories. The choice is pure; `locateTmux` does the looking.
 */
import { accessSync, constants, statSync } from 'node:fs';
import path from 'node:path';
import type { Clock, TimerHandle } from './clock.ts';
import { systemClock } from './clock.ts';
import type { Runner } from './run.ts';

/** Where a tmux candidate came from (shown in the log, so a user can tell why this tmux). */
export type TmuxSource = 'config' | 'path' | 'login-shell' | 'known-dir';

/** The result of the search: an absolute executable, or what was searched and how to fix it. */
export type TmuxBinary =
  | { readonly kind: 'found'; readonly path: string; readonly source: TmuxSource }
  | { readonly kind: 'missing'; readonly searched: readonly string[]; readonly configured: string | null };

/** One place to look. */
export interface TmuxCandidate {
  readonly path: string;
  readonly source: TmuxSource;
}

/** The usual directories package managers put tmux in, beyond the system ones. */
export function knownTmuxDirs(platform: NodeJS.Platform, homedir: string): string[] {
  const nix = [path.join(homedir, '.nix-profile', 'bin'), '/nix/var/nix/profiles/default/bin', '/run/current-system/sw/bin'];
  if (platform === 'darwin') return ['/opt/homebrew/bin', '/usr/local/bin', '/opt/local/bin', ...nix, '/usr/bin', '/bin'];
  return [
    '/usr/bin',
    '/bin',
    '/usr/local/bin',
    '/home/linuxbrew/.linuxbrew/bin',
    path.join(homedir, '.linuxbrew', 'bin'),
    ...nix,
    '/snap/bin',
  ];
}

/** The directories of a PATH value, in order, empty and relative entries dropped (a relative entry means "wherever the app was started"). */
export function pathDirs(value: string | undefined): string[] {
  return (value ?? '').split(':').filter((d) => d !== '' && path.isAbsolute(d));
}

/** Every candidate in search order, without duplicates. `loginShellPath` null = not read (yet). */
export function tmuxCandidates(input: {
  readonly configured: string | null;
  readonly envPath: string | undefined;
  readonly loginShellPath: string | null;
  readonly platform: NodeJS.Platform;
  readonly homedir: string;
}): TmuxCandidate[] {
  const out: TmuxCandidate[] = [];
  const seen = new Set<string>();
  const add = (file: string, source: TmuxSource): void => {
    if (seen.has(file)) return;
    seen.add(file);
    out.push({ path: file, source });
  };
  if (input.configured !== null) {
    // A configured path is the user's explicit choice: nothing else is tried when it is set.
    add(input.configured, 'config');
    return out;
  }
  for (const dir of pathDirs(input.envPath)) add(path.join(dir, 'tmux'), 'path');
  for (const dir of pathDirs(input.loginShellPath ?? undefined)) add(path.join(dir, 'tmux'), 'login-shell');
  for (const dir of knownTmuxDirs(input.platform, input.homedir)) add(path.join(dir, 'tmux'), 'known-dir');
  return out;
}

/** The first candidate that is an executable file. Pure over the `isExecutable` probe. */
export function chooseTmux(
  candidates: readonly TmuxCandidate[],
  configured: string | null,
  isExecutable: (file: string) => boolean,
): TmuxBinary {
  const hit = candidates.find((c) => isExecutable(c.path));
  if (hit !== undefined) return { kind: 'found', path: hit.path, source: hit.source };
  return { kind: 'missing', searched: candidates.map((c) => c.path), configured };
}

/** What the tray headline and the one notification say when tmux is missing: the problem and the fix. */
export function tmuxMissingText(
  binary: Extract<TmuxBinary, { kind: 'missing' }>,
  platform: NodeJS.Platform,
): { readonly headline: string; readonly body: string } {
  if (binary.configured !== null) {
    return {
      headline: 'tmux not found: nothing is watched',
      body: `The tmux.path setting points at ${binary.configured}, which is not an executable file. Fix tmux.path in the config file (or remove it to search PATH), then restart Trail Boss.`,
    };
  }
  const install =
    platform === 'darwin'
      ? 'Install it with `brew install tmux`'
      : platform === 'linux'
        ? 'Install it with your package manager (e.g. `sudo apt install tmux`)'
        : 'Install tmux';
  return {
    headline: 'tmux not found: nothing is watched',
    body: `Trail Boss looked for tmux on PATH, in your login shell's PATH and in the usual places. ${install}, or set tmux.path in the config file to its full path, then restart Trail Boss.`,
  };
}

/** True for an existing regular file this process may execute. */
export function isExecutableFile(file: string): boolean {
  try {
    if (!statSync(file).isFile()) return false;
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

const MARK = '__TRAILBOSS_PATH__';

/**
 * The PATH a login shell of the user's sets up, or null when it cannot be read within the time
 * limit. Interactive as well as login (`-l -i`), because many put Homebrew's `shellenv` in
 * `.zshrc`/`.bashrc`; the markers cut away anything the shell's rc files print.
 */
export async function readLoginShellPath(
  runner: Runner,
  shell: string,
  timeoutMs: number,
  clock: Clock = systemClock,
): Promise<string | null> {
  const abort = new AbortController();
  // The run's own timeout kills the shell, but a child its rc file started (a `sleep`, an agent
  // prompt) keeps the pipes open and the run unsettled: the deadline is kept here, whatever the run does.
  let timer: TimerHandle | null = null;
  const deadline = new Promise<null>((resolve) => {
    timer = clock.setTimeout(() => {
      abort.abort();
      resolve(null);
    }, timeoutMs);
  });
  const read = runner
    .run(shell, ['-l', '-i', '-c', `printf '%s%s%s' '${MARK}' "$PATH" '${MARK}'`], {
      timeoutMs,
      signal: abort.signal,
      env: { TMUX: undefined, TMUX_PANE: undefined },
    })
    .then((res) => new RegExp(`${MARK}(.*?)${MARK}`, 's').exec(res.stdout)?.[1] ?? null)
    .catch(() => null);
  try {
    return await Promise.race([read, deadline]);
  } finally {
    (timer as TimerHandle | null)?.cancel();
  }
}

/** What `locateTmux` reads. */
export interface LocateTmuxInput {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly platform: NodeJS.Platform;
  readonly homedir: string;
  /** The `tmux.path` setting (null = search). */
  readonly configured: string | null;
  readonly runner: Runner;
  readonly isExecutable?: (file: string) => boolean;
  /** Limit for the login shell (default 3 s: a slow rc file must not hold up the app). */
  readonly loginShellTimeoutMs?: number;
}

/** Finds tmux; the login shell is asked only when the setting and PATH do not already give one. */
export async function locateTmux(input: LocateTmuxInput): Promise<TmuxBinary> {
  const isExecutable = input.isExecutable ?? isExecutableFile;
  const base = { configured: input.configured, envPath: input.env['PATH'], platform: input.platform, homedir: input.homedir };
  const quick = chooseTmux(
    tmuxCandidates({ ...base, loginShellPath: null }).filter((c) => c.source !== 'known-dir'),
    input.configured,
    isExecutable,
  );
  if (quick.kind === 'found' || input.configured !== null) return quick;
  const shell = input.env['SHELL'] ?? (input.platform === 'darwin' ? '/bin/zsh' : '/bin/sh');
  const canAsk = input.platform !== 'win32' && path.isAbsolute(shell);
  const loginShellPath = canAsk ? await readLoginShellPath(input.runner, shell, input.loginShellTimeoutMs ?? 3_000) : null;
  return chooseTmux(tmuxCandidates({ ...base, loginShellPath }), input.configured, isExecutable);
}
