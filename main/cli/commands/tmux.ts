/**
 * `trailboss tmux install [--key KEY] | uninstall | status [--json]`: the queue popup on a key and the
 * waiting count in the status line of every tmux client (cli/tmux-config/). Works with no engine
 * running; the popup and the segment find the engine of this Trail Boss home when they run.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { currentLayout } from '../../engine/api/hooks-service.ts';
import { refuseTransientInstall, TransientInstallError } from '../../engine/hooks/appimage-mount.ts';
import { shellQuote } from '../../engine/hooks/hook-command.ts';
import { launcherCommand, runtimeFiles } from '../../engine/hooks/runtime-layout.ts';
import { SettingsError } from '../../engine/hooks/settings-json.ts';
import { resolvePaths } from '../../engine/platform/paths.ts';
import { realRunner } from '../../engine/platform/run.ts';
import type { CliContext } from '../context.ts';
import { EXIT } from '../context.ts';
import { UsageError, parseCommandLine, read } from '../program.ts';
import { DEFAULT_KEY, TmuxConfigError } from '../tmux-config/integration-file.ts';
import { tmuxConfigFile } from '../tmux-config/tmux-conf-path.ts';
import type { Clash, InstalledSegment, TmuxChange, TmuxInstallDeps, TmuxIntegrationStatus } from '../tmux-config/tmux-install.ts';
import { installTmux, tmuxIntegrationStatus, uninstallTmux } from '../tmux-config/tmux-install.ts';
import { tmuxSocketDir } from '../../engine/tmux/socket-path.ts';

/** Our file's name in the Trail Boss home. */
export const TMUX_FILE_NAME = 'tmux.conf';

/** The installer's inputs for this context. */
export function tmuxInstallDeps(ctx: CliContext): TmuxInstallDeps {
  const paths = resolvePaths({ env: ctx.env, platform: ctx.platform, homedir: ctx.homedir, cwd: ctx.cwd });
  // A home named by TRAILBOSS_HOME goes into the popup's command: tmux's environment may not have it.
  // The status segment is always given the home.
  const home = ctx.env['TRAILBOSS_HOME'] ? `TRAILBOSS_HOME=${shellQuote(paths.home)} ` : '';
  const layout = currentLayout();
  return {
    runner: realRunner,
    clock: ctx.clock,
    configFile: tmuxConfigFile({ env: ctx.env, homedir: ctx.homedir, exists: existsSync }),
    ourFile: path.join(paths.home, TMUX_FILE_NAME),
    socketDir: tmuxSocketDir(ctx.env, process.getuid?.() ?? 0),
    trailboss: `${home}${launcherCommand(layout)}`,
    statusScript: runtimeFiles(layout).statusScript,
    home: paths.home,
    userHome: ctx.homedir,
  };
}

function clashText(c: Clash): string {
  return c.where === 'config' ? `bound in ${c.file} line ${c.line}` : `bound on the running server ${c.socket}: ${c.binding}`;
}

/** The installed segment in words: what it runs and whether that is there. */
export function segmentText(segment: InstalledSegment): string {
  const script = segment.script === null ? 'an unreadable path' : `${segment.script}${segment.scriptPresent ? '' : ' (missing)'}`;
  return segment.kind === 'sh'
    ? `/bin/sh ${script}`
    : `trailboss tmux-status on Node, from an earlier install (${script}); \`trailboss tmux install\` puts in the faster sh segment`;
}

function formatStatus(s: TmuxIntegrationStatus): string {
  const lines = [
    `tmux integration: ${s.installed ? 'installed' : s.sourceLine || s.filePresent ? 'incomplete' : 'not installed'}`,
    `file: ${s.file}${s.filePresent ? '' : ' (missing)'}`,
    `configuration: ${s.configFile} (${s.line !== null ? `sources it on line ${s.line}` : 'does not source it'})`,
  ];
  if (s.key !== null) lines.push(`key: prefix + ${s.key}`);
  if (s.segment !== null) lines.push(`status segment: ${segmentText(s.segment)}`);
  for (const c of s.clashes) lines.push(`clash: prefix + ${s.key} is ${clashText(c)}`);
  for (const v of s.servers)
    lines.push(
      `server ${v.socket}: key ${v.bound ? 'bound' : 'not bound'}, status segment ${v.segmentKind === null ? 'not shown' : `shown (${v.segmentKind})`}`,
    );
  if (s.servers.length === 0) lines.push('no running tmux server found');
  return lines.join('\n') + '\n';
}

function formatChange(change: TmuxChange, deps: TmuxInstallDeps, key: string): string {
  const lines: string[] = [];
  if (change.result === 'installed') lines.push(`Trail Boss popup on prefix + ${key} and status segment written to ${deps.ourFile}`);
  if (change.result === 'removed') lines.push(`Trail Boss tmux integration removed (${deps.ourFile})`);
  if (change.result === 'unchanged') lines.push('nothing to change');
  if (change.backupPath !== null)
    lines.push(
      change.backupPath.endsWith('.absent')
        ? `${deps.configFile}: there was no file before`
        : `${deps.configFile} changed; backup of the previous file: ${change.backupPath}`,
    );
  if (change.restoredExactly) lines.push(`${deps.configFile} is back to exactly what it was before install`);
  for (const s of change.servers) lines.push(`server ${s.socket}: ${s.ok ? 'updated' : `not updated: ${s.message}`}`);
  return lines.join('\n') + '\n';
}

async function change(ctx: CliContext, what: 'install' | 'uninstall', key: string, json: boolean): Promise<number> {
  const deps = tmuxInstallDeps(ctx);
  let result: TmuxChange;
  try {
    if (what === 'install') refuseTransientInstall(currentLayout(), ctx.env, 'the tmux integration');
    result = what === 'install' ? await installTmux(deps, key) : await uninstallTmux(deps);
  } catch (error) {
    if (!(error instanceof TmuxConfigError) && !(error instanceof TransientInstallError) && !(error instanceof SettingsError)) throw error;
    ctx.stderr(`trailboss tmux ${what}: ${error.message}\n`);
    return EXIT.refused;
  }
  if (json) ctx.stdout(JSON.stringify({ ...result, file: deps.ourFile, configFile: deps.configFile, key }, null, 2) + '\n');
  if (result.result === 'clash') {
    if (!json)
      ctx.stderr(
        `trailboss tmux install: prefix + ${key} is already yours (${result.clashes.map(clashText).join('; ')}); nothing changed. Choose another key with --key\n`,
      );
    return EXIT.refused;
  }
  if (!json) ctx.stdout(formatChange(result, deps, key));
  return EXIT.ok;
}

/** Run `trailboss tmux <install|uninstall|status>`. */
export async function tmuxCommand(ctx: CliContext): Promise<number> {
  const [sub, ...rest] = ctx.argv;
  switch (sub) {
    case 'install': {
      const parsed = parseCommandLine('tmux install', rest);
      return change(ctx, 'install', read.string(parsed, 'key') ?? DEFAULT_KEY, read.bool(parsed, 'json'));
    }
    case 'uninstall': {
      const parsed = parseCommandLine('tmux uninstall', rest);
      return change(ctx, 'uninstall', DEFAULT_KEY, read.bool(parsed, 'json'));
    }
    case 'status': {
      const parsed = parseCommandLine('tmux status', rest);
      const status = await tmuxIntegrationStatus(tmuxInstallDeps(ctx));
      ctx.stdout(read.bool(parsed, 'json') ? JSON.stringify(status, null, 2) + '\n' : formatStatus(status));
      return EXIT.ok;
    }
    default:
      throw new UsageError(
        sub ? `unknown tmux command '${sub}' (install, uninstall or status)` : 'tmux needs install, uninstall or status',
      );
  }
}
