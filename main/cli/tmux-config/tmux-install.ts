/**
 * `trailboss tmux install | uninstall | status`: our own tmux file (integration-file.ts) sourced from
 * the user's configuration by one line (source-line.ts), changed with a backup and put back
 * byte-exact on uninstall through the same file layer and exact-restore as the hooks installer; a
 * key the user already bound is a clash (key-clash.ts), reported and never overwritten; running
 * servers (tmux-servers.ts) get the file sourced on install and our binding and segment taken out
 * on uninstall.
 */
import { existsSync, readFileSync, unlinkSync } from 'node:fs';
import { exactOriginal } from '../../engine/hooks/exact-original.ts';
import type { SettingsFiles } from '../../engine/hooks/settings-file.ts';
import { asByteText, fromByteText, LOCAL_BYTE_FILES } from '../../engine/hooks/settings-file.ts';
import { writeFileAtomic } from '../../engine/platform/atomic-write.ts';
import type { Clock } from '../../engine/platform/clock.ts';
import type { Runner } from '../../engine/platform/run.ts';
import { installedKey, installedSegment, serverState, takeSegmentOut, type InstalledSegment, type ServerState } from './installed-state.ts';
import { checkedSourcePath, DEFAULT_KEY, integrationFileText, specSegment, type IntegrationSpec } from './integration-file.ts';
import { configBindings, foreignBinding } from './key-clash.ts';
import { configFiles } from './sourced-files.ts';
import { addSourceLine, hasAnySourceLine, hasSourceLine, removeSourceLine, sourceLineNumber } from './source-line.ts';
import { onServer, runningServers } from './tmux-servers.ts';

export type { InstalledSegment, ServerState } from './installed-state.ts';

/** What the installer works on. */
export interface TmuxInstallDeps {
  readonly runner: Runner;
  readonly clock: Clock;
  /** The user's tmux configuration in use (tmux-conf-path.ts). */
  readonly configFile: string;
  /** Our file, in the Trail Boss home. */
  readonly ourFile: string;
  /** The user's tmux socket directory (tmux-servers.ts). */
  readonly socketDir: string;
  /** The shell command that runs `trailboss` (hooks/runtime-layout.ts `launcherCommand`). */
  readonly trailboss: string;
  /** The status segment's script (hooks/runtime-layout.ts `statusScript`). */
  readonly statusScript: string;
  /** The Trail Boss home, which the segment is given. */
  readonly home: string;
  /** The user's home directory (`~` in a `source-file` path). */
  readonly userHome: string;
  /** The user's configuration files, as byte text (settings-file.ts `asByteText`); default this machine's. */
  readonly files?: SettingsFiles;
}

/** A key already bound by the user: in their configuration (file, line) or on a running server. */
export type Clash =
  | { readonly where: 'config'; readonly file: string; readonly line: number }
  | { readonly where: 'server'; readonly socket: string; readonly binding: string };

/** `tmux status --json`. */
export interface TmuxIntegrationStatus {
  readonly installed: boolean;
  readonly file: string;
  readonly filePresent: boolean;
  readonly configFile: string;
  readonly sourceLine: boolean;
  /** Where our source line is in `configFile` (1-based); null when it is not there. */
  readonly line: number | null;
  readonly key: string | null;
  /** Null when our file has no segment (no file, or not one of ours). */
  readonly segment: InstalledSegment | null;
  readonly clashes: readonly Clash[];
  readonly servers: readonly ServerState[];
}

/** What install or uninstall did. */
export interface TmuxChange {
  /** `clash`: the key is the user's; nothing was changed. */
  readonly result: 'installed' | 'removed' | 'unchanged' | 'clash';
  readonly backupPath: string | null;
  readonly restoredExactly: boolean;
  /** Servers the file was sourced into (install) or our binding and segment taken from (uninstall). */
  readonly servers: readonly { readonly socket: string; readonly ok: boolean; readonly message: string }[];
  readonly clashes: readonly Clash[];
}

// The user's tmux configuration has no encoding of its own (tmux reads bytes): it is read, backed up,
// edited and written as byte text, so a file that is not UTF-8 comes back byte for byte. Our lines
// go in as the bytes of their UTF-8; what is only read (bindings, sourced paths) is decoded as UTF-8.
const filesOf = (deps: TmuxInstallDeps): SettingsFiles => deps.files ?? LOCAL_BYTE_FILES;
const readUtf8 = (deps: TmuxInstallDeps) => (file: string) => {
  const bytes = filesOf(deps).read(file);
  return bytes === null ? null : fromByteText(bytes);
};

/** The user's bindings of `key`: lines of their configuration and the files it sources, bindings of running servers that are not ours. */
async function clashesFor(deps: TmuxInstallDeps, key: string, servers: readonly string[]): Promise<Clash[]> {
  const files = configFiles(deps.configFile, deps.userHome, readUtf8(deps), deps.ourFile);
  const inConfig: Clash[] = files.flatMap(({ file, text }) =>
    configBindings(text, key).map((line): Clash => ({ where: 'config', file, line })),
  );
  const onServers = await Promise.all(
    servers.map(async (socket): Promise<Clash | null> => {
      const r = await onServer(deps.runner, socket, ['list-keys', '-T', 'prefix', key]);
      const binding = r.ok ? foreignBinding(r.stdout) : null;
      return binding === null ? null : { where: 'server', socket, binding };
    }),
  );
  return [...inConfig, ...onServers.filter((c): c is Clash => c !== null)];
}

/** What is installed; changes nothing. */
export async function tmuxIntegrationStatus(deps: TmuxInstallDeps): Promise<TmuxIntegrationStatus> {
  const key = installedKey(deps.ourFile);
  const servers = await runningServers(deps.runner, deps.socketDir);
  const text = filesOf(deps).read(deps.configFile);
  const sourceLine = hasSourceLine(text, asByteText(deps.ourFile));
  const filePresent = existsSync(deps.ourFile);
  return {
    installed: sourceLine && filePresent,
    file: deps.ourFile,
    filePresent,
    configFile: deps.configFile,
    sourceLine,
    line: sourceLineNumber(text, asByteText(deps.ourFile)),
    key,
    segment: installedSegment(deps.ourFile),
    clashes: key === null ? [] : await clashesFor(deps, key, servers),
    servers: await Promise.all(servers.map((s) => serverState(deps.runner, s, key))),
  };
}

/**
 * Write our file, add the source line (backup first) and source the file into running servers; a
 * clash changes nothing. A server showing another segment of ours (an earlier version's, or another
 * copy's) has it taken out first: the file's guard would otherwise keep the old one.
 */
export async function installTmux(deps: TmuxInstallDeps, key: string = DEFAULT_KEY): Promise<TmuxChange> {
  const spec: IntegrationSpec = { key, trailboss: deps.trailboss, statusScript: deps.statusScript, home: deps.home };
  checkedSourcePath(deps.ourFile);
  const ours = integrationFileText(spec);
  const servers = await runningServers(deps.runner, deps.socketDir);
  const clashes = await clashesFor(deps, key, servers);
  if (clashes.length > 0) return { result: 'clash', backupPath: null, restoredExactly: false, servers: [], clashes };
  const previousKey = installedKey(deps.ourFile);
  const fileChanged = !existsSync(deps.ourFile) || readFileSync(deps.ourFile, 'utf8') !== ours;
  writeFileAtomic(deps.ourFile, ours, { dirMode: 0o700 });
  const files = filesOf(deps);
  const text = files.read(deps.configFile);
  const next = addSourceLine(text, asByteText(deps.ourFile));
  let backupPath: string | null = null;
  if (next !== text) {
    backupPath = files.backup(deps.configFile, text, deps.clock);
    files.write(deps.configFile, next);
  }
  const sourced = await Promise.all(
    servers.map(async (socket) => {
      // A key changed by a new install: the old one, still ours on this server, is let go first.
      if (previousKey !== null && previousKey !== key && (await serverState(deps.runner, socket, previousKey)).bound)
        await onServer(deps.runner, socket, ['unbind-key', '-T', 'prefix', previousKey]);
      const segment = await takeSegmentOut(deps.runner, socket, (found) => found.text !== specSegment(spec));
      if (!segment.ok) return { socket, ...segment };
      return { socket, ...(await onServer(deps.runner, socket, ['source-file', deps.ourFile])) };
    }),
  );
  const changed = fileChanged || backupPath !== null;
  return {
    result: changed ? 'installed' : 'unchanged',
    backupPath,
    restoredExactly: false,
    servers: sourced.map(({ socket, ok, message }) => ({ socket, ok, message })),
    clashes: [],
  };
}

/** Take our binding and segment out of one running server. */
async function unsetOnServer(deps: TmuxInstallDeps, socket: string, key: string | null): Promise<{ ok: boolean; message: string }> {
  const state = await serverState(deps.runner, socket, key);
  if (state.bound && key !== null) {
    const r = await onServer(deps.runner, socket, ['unbind-key', '-T', 'prefix', key]);
    if (!r.ok) return r;
  }
  return state.segment ? takeSegmentOut(deps.runner, socket, () => true) : { ok: true, message: '' };
}

/** Remove our line (the user's file put back byte-exact when a backup allows), our file, and our binding and segment from running servers. */
export async function uninstallTmux(deps: TmuxInstallDeps): Promise<TmuxChange> {
  const files = filesOf(deps);
  const key = installedKey(deps.ourFile);
  const text = files.read(deps.configFile);
  let backupPath: string | null = null;
  let restoredExactly = false;
  if (hasAnySourceLine(text)) {
    const exact = exactOriginal(files, deps.configFile, text, {
      hasOurs: hasAnySourceLine,
      install: (original) => addSourceLine(original, asByteText(deps.ourFile)),
    });
    backupPath = files.backup(deps.configFile, text, deps.clock);
    files.write(deps.configFile, exact === undefined ? removeSourceLine(text) : exact);
    restoredExactly = exact !== undefined;
  }
  const servers = await runningServers(deps.runner, deps.socketDir);
  const unset = await Promise.all(servers.map(async (socket) => ({ socket, ...(await unsetOnServer(deps, socket, key)) })));
  const hadFile = existsSync(deps.ourFile);
  if (hadFile) unlinkSync(deps.ourFile);
  return {
    result: backupPath !== null || hadFile ? 'removed' : 'unchanged',
    backupPath,
    restoredExactly,
    servers: unset,
    clashes: [],
  };
}
