/**
 * `trailboss hooks install|uninstall|status --host NAME [--node PATH] [--json]`: Claude hooks on a
 * configured host, over ssh (engine/hosts/remote-hooks.ts). Works with no engine running. Install
 * and uninstall also turn the host's `hooks` on or off in config.json: a running engine follows the
 * file and starts (or stops) forwarding the host's hook socket at once.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { currentLayout } from '../../engine/api/hooks-service.ts';
import { loadConfig } from '../../engine/config/index.ts';
import { runtimeFiles } from '../../engine/hooks/runtime-layout.ts';
import { SettingsError } from '../../engine/hooks/settings-json.ts';
import type { RemoteHooksDeps, RemoteHooksResult } from '../../engine/hosts/remote-hooks.ts';
import { RemoteHooksError, installRemoteHooks, remoteHooksStatus, uninstallRemoteHooks } from '../../engine/hosts/remote-hooks.ts';
import { resolvePaths } from '../../engine/platform/paths.ts';
import { realRunner } from '../../engine/platform/run.ts';
import { runnerWithEnv } from '../../engine/platform/runner-with-env.ts';
import { hostSpecs } from '../../engine/hosts/host-spec.ts';
import { rawConfig, save } from './hosts.ts';
import { withHostHooks } from './hosts-config.ts';
import { UsageError } from '../program.ts';
import type { CliContext } from '../context.ts';
import { EXIT } from '../context.ts';

/** What to do on the host. */
export type RemoteHooksAction = 'install' | 'uninstall' | 'status';

const SOCKET_SAYS: Record<RemoteHooksResult['facts']['socketState'], string> = {
  listening: 'an engine is connected (its ssh connection forwards the socket)',
  refused: 'no engine connected (a socket file a dropped connection left; the next connection replaces it)',
  silent: 'a socket that does not answer',
  absent: 'no engine connected',
};

/** Run one remote hooks command for `hostName`. */
export async function remoteHooksCommand(
  ctx: CliContext,
  action: RemoteHooksAction,
  hostName: string,
  opts: { readonly json: boolean; readonly node?: string | undefined },
): Promise<number> {
  const configFile = resolvePaths({ env: ctx.env, platform: ctx.platform, homedir: ctx.homedir, cwd: ctx.cwd }).config;
  const loaded = loadConfig(configFile);
  if (!loaded.ok) throw new UsageError(`${configFile}: ${loaded.errors.map((e) => `${e.path}: ${e.message}`).join('; ')}`);
  const host = hostSpecs(loaded.config).find((h) => h.name === hostName);
  if (!host) {
    ctx.stderr(`trailboss: no host "${hostName}" is configured (see: trailboss hosts list)\n`);
    return EXIT.usage;
  }
  const runner = runnerWithEnv(realRunner, { PATH: ctx.env.PATH, SSH_AUTH_SOCK: ctx.env.SSH_AUTH_SOCK, HOME: ctx.env.HOME });
  // Our own private control socket path: this never rides on (or disturbs) the engine's connection.
  const dir = mkdtempSync(join(tmpdir(), 'tb-ssh-'));
  const deps: RemoteHooksDeps = {
    host,
    runner,
    clock: ctx.clock,
    controlPath: join(dir, `${host.name}.h`),
    forwarderText: readFileSync(runtimeFiles(currentLayout()).forwarderScript, 'utf8'),
    node: opts.node ?? null,
  };
  try {
    const result =
      action === 'install'
        ? await installRemoteHooks(deps)
        : action === 'uninstall'
          ? await uninstallRemoteHooks(deps)
          : await remoteHooksStatus(deps);
    if (action !== 'status') {
      const edit = withHostHooks(rawConfig(configFile), host.name, action === 'install');
      if (!edit.ok || !save(ctx, configFile, edit.config)) {
        ctx.stderr(
          `trailboss: the host's settings were changed, but config.json could not say so: ${edit.ok ? 'not saved' : edit.message}\n`,
        );
        return EXIT.refused;
      }
    }
    const forwarding = action === 'status' ? host.hooks === true : action === 'install';
    ctx.stdout(opts.json ? toJson(result, forwarding) : toText(action, result, forwarding));
    if (!opts.json && action !== 'status')
      ctx.stdout(
        action === 'install'
          ? `a running engine forwards ${host.name}'s hooks over its ssh connection from now on (config: hooks on)\n`
          : `a running engine stops forwarding ${host.name}'s hooks (config: hooks off)\n`,
      );
    return EXIT.ok;
  } catch (error) {
    // Nothing was written on the host: the snapshot was refused before any change was sent.
    if (!(error instanceof RemoteHooksError) && !(error instanceof SettingsError)) throw error;
    ctx.stderr(`trailboss hooks ${action} --host ${host.name}: ${error.message}\n`);
    return EXIT.refused;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function toJson(r: RemoteHooksResult, forwarding: boolean): string {
  const { state, settingsPath, events, missing, problem } = r.status;
  return (
    JSON.stringify(
      {
        host: r.facts.host,
        changed: r.change?.changed ?? false,
        backupPath: r.change?.backupPath ?? null,
        restoredExactly: r.change?.restoredExactly ?? false,
        state,
        settingsPath,
        events,
        missing,
        problem,
        node: r.facts.node,
        nodeVersion: r.facts.nodeVersion,
        forwarderUpToDate: r.facts.forwarderUpToDate,
        socket: r.facts.socket,
        socketState: r.facts.socketState,
        forwarding,
      },
      null,
      2,
    ) + '\n'
  );
}

function toText(action: RemoteHooksAction, r: RemoteHooksResult, forwarding: boolean): string {
  const h = r.facts.host;
  const lines: string[] = [];
  if (action !== 'status') {
    const change = r.change;
    if (!change?.changed)
      lines.push(`nothing to change in the settings on ${h}: hooks are ${action === 'install' ? 'already installed' : 'not installed'}`);
    else {
      lines.push(`Trail Boss hooks ${action === 'install' ? 'installed' : 'removed'} on ${h} in ${r.status.settingsPath}`);
      lines.push(
        change.backupPath?.endsWith('.absent')
          ? 'there was no settings file before'
          : `backup of the previous file (on ${h}): ${change.backupPath}`,
      );
      if (change.restoredExactly) lines.push('the file is back to exactly what it was before install');
    }
  } else {
    lines.push(`Claude Code hooks on ${h}: ${r.status.state} (${r.status.events.length} of ${r.status.details.length} events)`);
    lines.push(`settings: ${r.status.settingsPath}`);
    if (r.status.missing.length > 0 && r.status.state !== 'absent') lines.push(`missing or outdated: ${r.status.missing.join(', ')}`);
    lines.push(`forwarding by the engine: ${forwarding ? 'on' : 'off (config.json; `hooks install --host` turns it on)'}`);
  }
  if (action !== 'uninstall') {
    lines.push(`node on ${h}: ${r.facts.node} (v${r.facts.nodeVersion})`);
    lines.push(`socket: ${r.facts.socket}: ${SOCKET_SAYS[r.facts.socketState]}`);
  }
  if (r.status.problem && action !== 'uninstall') lines.push(`problem: ${r.status.problem}`);
  return lines.join('\n') + '\n';
}
