/**
 * `hooks install | uninstall | status --host NAME`: Claude hooks on a remote host, over ssh. One ssh
 * run takes a snapshot (remote-hooks-script.ts `inspect`), the local installer's own functions
 * (hooks/install.ts) decide on it (remote-settings-files.ts), and one more ssh run applies the
 * staged writes atomically on the host. The hook command there runs our forwarder (copied into an
 * owner-only directory) with the host's own Node and `--socket`: it reaches the engine only through
 * the socket the engine's ssh connection forwards, and no token ever goes to the host.
 */
import type { Clock } from '../platform/clock.ts';
import type { Runner } from '../platform/run.ts';
import { ProcessError } from '../platform/run.ts';
import type { HooksChange, HooksInstallerDeps } from '../hooks/install.ts';
import { hooksStatus, installHooks, uninstallHooks } from '../hooks/install.ts';
import type { HooksStatus } from '../hooks/settings-status.ts';
import type { HostSpec } from './host-spec.ts';
import { socketPathProblem } from './remote-hook-paths.ts';
import { FIND_NODE_SH, NO_NODE_EXIT, REMOTE_HOOKS_JS } from './remote-hooks-script.ts';
import type { RemoteInspection, RemoteOp } from './remote-settings-files.ts';
import { StagedSettingsFiles } from './remote-settings-files.ts';
import { sshArgv } from './ssh-command.ts';
import { classifySshFailure, sshTimedOut } from './ssh-failure.ts';
import { SSH_BINARY } from './ssh-launcher.ts';

/** The oldest Node the forwarder runs on. */
export const MIN_REMOTE_NODE_MAJOR = 18;

/** A remote step that failed, in words for the user (nothing was changed on the host unless it says so). */
export class RemoteHooksError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RemoteHooksError';
  }
}

/** What the remote hook functions need. */
export interface RemoteHooksDeps {
  readonly host: HostSpec;
  readonly runner: Runner;
  readonly clock: Clock;
  /** A control socket path in a private directory (a run rides on a master there when one is up). */
  readonly controlPath: string;
  /** The forwarder script's text (bin/trailboss-hook.mjs of this install), copied to the host. */
  readonly forwarderText: string;
  /** The Node to use on the host (`--node`); found there when absent. */
  readonly node?: string | null;
  readonly timeoutMs?: number;
}

/** The host's side of the picture, besides the settings. */
export interface RemoteHookFacts {
  readonly host: string;
  readonly node: string;
  readonly nodeVersion: string;
  /** The forwarder on the host is the one this install would copy. */
  readonly forwarderUpToDate: boolean;
  readonly socket: string;
  /** `listening`: an engine's connection forwards the socket now. */
  readonly socketState: RemoteInspection['socketState'];
}

/** A remote install, uninstall or status. */
export interface RemoteHooksResult {
  readonly change: HooksChange | null;
  readonly status: HooksStatus;
  readonly facts: RemoteHookFacts;
}

/** Add our hooks to Claude's settings on the host (backup first), with the forwarder beside them. */
export async function installRemoteHooks(deps: RemoteHooksDeps): Promise<RemoteHooksResult> {
  const snap = await inspectRemote(deps);
  const major = Number(snap.nodeVersion.split('.')[0]);
  if (!(major >= MIN_REMOTE_NODE_MAJOR))
    throw new RemoteHooksError(
      `host ${deps.host.name}: node ${snap.nodeVersion} at ${snap.node} is too old (the hook forwarder needs ${MIN_REMOTE_NODE_MAJOR}+); pass --node PATH`,
    );
  const problem = socketPathProblem(snap.socket);
  if (problem !== null) throw new RemoteHooksError(`host ${deps.host.name}: ${problem}`);
  const files = new StagedSettingsFiles(snap);
  files.putForwarder(deps.forwarderText);
  const change = installHooks(installerDeps(deps, snap, files));
  await applyRemote(deps, files.ops());
  return { change, status: change.status, facts: factsOf(deps, snap, deps.forwarderText) };
}

/** Remove exactly our hooks from the host's settings (restoring the pre-install bytes when a backup proves them), and the forwarder. */
export async function uninstallRemoteHooks(deps: RemoteHooksDeps): Promise<RemoteHooksResult> {
  const snap = await inspectRemote(deps);
  const files = new StagedSettingsFiles(snap);
  const change = uninstallHooks(installerDeps(deps, snap, files));
  files.removeForwarder();
  await applyRemote(deps, files.ops());
  return { change, status: hooksStatus(installerDeps(deps, snap, files)), facts: factsOf(deps, snap, null) };
}

/** What is installed on the host, whether it can run there, and whether an engine is connected. */
export async function remoteHooksStatus(deps: RemoteHooksDeps): Promise<RemoteHooksResult> {
  const snap = await inspectRemote(deps);
  const status = hooksStatus(installerDeps(deps, snap, new StagedSettingsFiles(snap)));
  const facts = factsOf(deps, snap, snap.forwarderText);
  const problem =
    status.problem ??
    (status.state !== 'absent' && !facts.forwarderUpToDate
      ? 'the forwarder on the host is outdated: run `trailboss hooks install --host` again'
      : null);
  return { change: null, status: { ...status, problem }, facts };
}

function installerDeps(deps: RemoteHooksDeps, snap: RemoteInspection, files: StagedSettingsFiles): HooksInstallerDeps {
  return {
    settingsPath: snap.settingsPath,
    forwarder: { nodePath: snap.node, runAsNode: false, scriptPath: snap.forwarder, endpointFile: '', socketPath: snap.socket },
    clock: deps.clock,
    // Arrivals are counted by the engine per machine; a host's are not in this machine's counts.
    counter: { record: () => undefined, snapshot: () => ({}) },
    files,
  };
}

function factsOf(deps: RemoteHooksDeps, snap: RemoteInspection, forwarderText: string | null): RemoteHookFacts {
  return {
    host: deps.host.name,
    node: snap.node,
    nodeVersion: snap.nodeVersion,
    forwarderUpToDate: forwarderText === deps.forwarderText,
    socket: snap.socket,
    socketState: snap.socketState,
  };
}

async function inspectRemote(deps: RemoteHooksDeps): Promise<RemoteInspection> {
  const value = await callRemote(deps, { op: 'inspect' });
  if (!isInspection(value)) throw new RemoteHooksError(`host ${deps.host.name}: unexpected answer to inspect`);
  return value;
}

async function applyRemote(deps: RemoteHooksDeps, ops: readonly RemoteOp[]): Promise<void> {
  if (ops.length === 0) return;
  await callRemote(deps, { op: 'apply', ops });
}

/** One run of the script on the host: JSON in on stdin, JSON out on stdout. */
async function callRemote(deps: RemoteHooksDeps, request: unknown): Promise<unknown> {
  const args = sshArgv(deps.host, deps.controlPath, 'client', ['sh', '-c', FIND_NODE_SH, 'sh', deps.node ?? '', REMOTE_HOOKS_JS]);
  const name = deps.host.name;
  let result;
  try {
    result = await deps.runner.run(SSH_BINARY, args, { input: JSON.stringify(request), timeoutMs: deps.timeoutMs ?? 30_000 });
  } catch (error) {
    if (error instanceof ProcessError && error.notFound) throw new RemoteHooksError('ssh is not installed (not found on PATH)');
    if (error instanceof ProcessError && error.details.timedOut) throw new RemoteHooksError(`host ${name}: ${sshTimedOut().message}`);
    throw error;
  }
  if (result.exitCode === 255) {
    const failure = classifySshFailure(result.stderr);
    throw new RemoteHooksError(`host ${name}: ${failure.message}${failure.detail ? ` (${failure.detail})` : ''}`);
  }
  if (result.exitCode === NO_NODE_EXIT)
    throw new RemoteHooksError(
      `host ${name}: Node.js not found there (the hook forwarder needs Node ${MIN_REMOTE_NODE_MAJOR}+, as npm installs of Claude Code do); pass --node PATH`,
    );
  if (result.exitCode !== 0)
    throw new RemoteHooksError(`host ${name}: ${result.stderr.trim().split('\n').pop() || `exit ${result.exitCode}`}`);
  try {
    return JSON.parse(result.stdout) as unknown;
  } catch {
    throw new RemoteHooksError(`host ${name}: the answer was not JSON (${result.stdout.slice(0, 120)})`);
  }
}

function isInspection(v: unknown): v is RemoteInspection {
  if (v === null || typeof v !== 'object') return false;
  const o = v as Record<string, unknown>;
  return (
    ['home', 'configDir', 'settingsPath', 'realSettings', 'dir', 'forwarder', 'socket', 'node', 'nodeVersion', 'socketState'].every(
      (k) => typeof o[k] === 'string',
    ) &&
    Array.isArray(o['names']) &&
    typeof o['files'] === 'object' &&
    o['files'] !== null
  );
}
