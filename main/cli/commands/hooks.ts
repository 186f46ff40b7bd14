/**
 * `trailboss hooks install | uninstall | status [--runtime claude|codex|opencode|gemini|qwen|copilot] [--json]`: edits
 * Claude's settings (or Codex's hooks.json, Gemini CLI's or Qwen Code's settings.json, or writes our opencode plugin file) directly (the
 * same code the settings view calls through the engine), so it works with no engine running.
 * Status adds when hooks last arrived: from the running engine, else from the store file.
 */
import { existsSync } from 'node:fs';
import { currentLayout, depsOf } from '../../engine/api/hooks-service.ts';
import { storeHookCounter } from '../../engine/api/hooks-service.ts';
import type { HookEventCounter, HookEventStats } from '../../engine/hooks/hook-event-counter.ts';
import type { HookEventName } from '../../engine/hooks/hook-schemas.ts';
import { codexInstallerDeps } from '../../engine/hooks/codex-hooks.ts';
import { geminiInstallerDeps } from '../../engine/hooks/gemini-hooks.ts';
import { qwenInstallerDeps } from '../../engine/hooks/qwen-hooks.ts';
import { runtimeHookCounter } from '../../engine/hooks/runtime-arrivals.ts';
import type { HooksChange, HooksInstallerDeps } from '../../engine/hooks/install.ts';
import { hooksStatus, installHooks, uninstallHooks } from '../../engine/hooks/install.ts';
import type { OpencodeArrivals } from '../../engine/hooks/opencode-arrivals.ts';
import { readOpencodeArrivals } from '../../engine/hooks/opencode-arrivals.ts';
import type { OpencodePluginChange, OpencodePluginDeps, OpencodePluginStatus } from '../../engine/hooks/opencode-plugin.ts';
import {
  OpencodePluginError,
  installOpencodePlugin,
  opencodeConfigDir,
  opencodePluginPath,
  opencodePluginStatus,
  uninstallOpencodePlugin,
} from '../../engine/hooks/opencode-plugin.ts';
import { runtimeFiles } from '../../engine/hooks/runtime-layout.ts';
import { TransientInstallError, refuseTransientInstall } from '../../engine/hooks/appimage-mount.ts';
import type { HooksStatus } from '../../engine/hooks/settings-status.ts';
import { SettingsError } from '../../engine/hooks/settings-json.ts';
import { silentLogger } from '../../engine/platform/log.ts';
import { resolvePaths } from '../../engine/platform/paths.ts';
import { openStore } from '../../engine/store/index.ts';
import type { Parsed } from '../program.ts';
import { UsageError, parseCommandLine, read } from '../program.ts';
import type { CliContext } from '../context.ts';
import { EXIT } from '../context.ts';
import { NoEngineError, engineClient } from '../engine-client.ts';
import { copilotHooksCommand } from './hooks-copilot.ts';
import { remoteHooksCommand } from './hooks-remote.ts';

type Arrivals = Partial<Record<HookEventName, HookEventStats>>;

/** Where the "last hook" times came from. */
export type ArrivalSource = 'engine' | 'store' | 'none';

/** Whose hooks a command works on (opencode: our plugin, handled by its own functions below). */
export type HookRuntime = 'claude' | 'codex' | 'gemini' | 'qwen';
type AnyRuntime = HookRuntime | 'opencode' | 'copilot';

/** The installer's inputs for this context, with arrivals read once (they only feed status). */
export function installerDeps(ctx: CliContext, arrivals: Arrivals, runtime: HookRuntime = 'claude'): HooksInstallerDeps {
  const paths = resolvePaths({ env: ctx.env, platform: ctx.platform, homedir: ctx.homedir, cwd: ctx.cwd });
  const counter: HookEventCounter = { record: () => undefined, snapshot: () => arrivals };
  const claude = depsOf({ env: ctx.env, homedir: ctx.homedir, endpointFile: paths.endpoint, clock: ctx.clock, counter });
  if (runtime === 'codex') return codexInstallerDeps(claude, { env: ctx.env, homedir: ctx.homedir });
  if (runtime === 'gemini') return geminiInstallerDeps(claude, { env: ctx.env, homedir: ctx.homedir });
  if (runtime === 'qwen') return qwenInstallerDeps(claude, { env: ctx.env, homedir: ctx.homedir });
  return claude;
}

const runtimeOf = (p: Parsed): AnyRuntime => {
  const r = read.string(p, 'runtime');
  return r === 'codex' || r === 'opencode' || r === 'gemini' || r === 'qwen' || r === 'copilot' ? r : 'claude';
};
const TITLE: Record<HookRuntime, string> = {
  claude: 'Claude Code hooks',
  codex: 'Codex hooks',
  gemini: 'Gemini CLI hooks',
  qwen: 'Qwen Code hooks',
};

/** Per-event arrivals from the store file, read-only; null when there is none or it cannot be read. */
export function storeArrivals(ctx: CliContext, runtime: 'claude' | 'gemini' | 'qwen' = 'claude'): Arrivals | null {
  const { database } = resolvePaths({ env: ctx.env, platform: ctx.platform, homedir: ctx.homedir, cwd: ctx.cwd });
  if (!existsSync(database)) return null;
  try {
    const store = openStore(database, { clock: ctx.clock, logger: silentLogger, readonly: true, integrityCheck: false });
    try {
      return runtime === 'claude' ? storeHookCounter(store, ctx.clock).snapshot() : runtimeHookCounter(store, runtime).snapshot();
    } finally {
      store.close();
    }
  } catch {
    // A store of another version or a damaged one: status still reports the settings, without times.
    return null;
  }
}

/** The running engine's last hook time; undefined when no engine answers. */
async function engineLastHook(ctx: CliContext): Promise<number | null | undefined> {
  try {
    const env = await engineClient(ctx, 2_000).call('hooks:status', {});
    return env.ok ? env.value.lastHookAt : undefined;
  } catch (error) {
    if (error instanceof NoEngineError) return undefined;
    throw error;
  }
}

function ago(at: number, now: number): string {
  const s = Math.max(0, Math.round((now - at) / 1000));
  if (s < 120) return `${s}s ago`;
  if (s < 7200) return `${Math.round(s / 60)}m ago`;
  return `${Math.round(s / 3600)}h ago`;
}

function formatStatus(status: HooksStatus, source: ArrivalSource, now: number, runtime: HookRuntime): string {
  const lines = [
    `${TITLE[runtime]}: ${status.state} (${status.events.length} of ${status.details.length} events)`,
    `settings: ${status.settingsPath}`,
  ];
  if (status.missing.length > 0) lines.push(`missing or outdated: ${status.missing.join(', ')}`);
  const from = source === 'engine' ? 'engine running' : 'from the store; no engine running';
  lines.push(
    status.lastHookAt === null
      ? 'last hook: no events seen'
      : `last hook: ${new Date(status.lastHookAt).toISOString()} (${ago(status.lastHookAt, now)}, ${from})`,
  );
  for (const d of status.details) {
    const seen = d.lastAt === null ? 'none received' : `${d.count} received, last ${ago(d.lastAt, now)}`;
    lines.push(`  ${d.event.padEnd(20)} ${(d.upToDate ? 'installed' : d.installed ? 'outdated' : 'missing').padEnd(10)} ${seen}`);
  }
  if (status.problem) lines.push(`problem: ${status.problem}`);
  return lines.join('\n') + '\n';
}

function statusJson(status: HooksStatus, source: ArrivalSource): string {
  const { state, settingsPath, events, missing, lastHookAt, problem } = status;
  const details = status.details.map(({ event, installed, upToDate, count, lastAt }) => ({ event, installed, upToDate, count, lastAt }));
  return JSON.stringify({ state, settingsPath, events, missing, lastHookAt, lastHookSource: source, problem, details }, null, 2) + '\n';
}

export async function status(ctx: CliContext, json: boolean, runtime: HookRuntime = 'claude'): Promise<number> {
  // Arrival times: Claude's from the store or the running engine, Gemini CLI's and Qwen Code's from the store (under their own event names).
  const stored = runtime === 'codex' ? null : storeArrivals(ctx, runtime);
  const fromEngine = runtime === 'claude' ? await engineLastHook(ctx) : undefined;
  const base = hooksStatus(installerDeps(ctx, stored ?? {}, runtime));
  const source: ArrivalSource = fromEngine !== undefined ? 'engine' : stored !== null && base.lastHookAt !== null ? 'store' : 'none';
  const shown: HooksStatus = fromEngine !== undefined ? { ...base, lastHookAt: fromEngine } : base;
  ctx.stdout(json ? statusJson(shown, source) : formatStatus(shown, source, ctx.clock.now(), runtime));
  return EXIT.ok;
}

function change(ctx: CliContext, what: 'install' | 'uninstall', json: boolean, runtime: HookRuntime): number {
  const deps = installerDeps(ctx, storeArrivals(ctx) ?? {}, runtime);
  let result: HooksChange;
  try {
    if (what === 'install') refuseTransientInstall(currentLayout(), ctx.env, `the ${TITLE[runtime]}`);
    result = what === 'install' ? installHooks(deps) : uninstallHooks(deps);
  } catch (error) {
    // A file we cannot read as settings is never rewritten, nor hooks written from an AppImage: say why, change nothing.
    if (!(error instanceof SettingsError) && !(error instanceof TransientInstallError)) throw error;
    ctx.stderr(`trailboss hooks ${what}: ${error.message}\n`);
    return EXIT.refused;
  }
  if (json) {
    const { changed, backupPath, restoredExactly } = result;
    ctx.stdout(
      JSON.stringify(
        { changed, backupPath, restoredExactly, state: result.status.state, settingsPath: result.status.settingsPath },
        null,
        2,
      ) + '\n',
    );
    return EXIT.ok;
  }
  const done = what === 'install' ? 'installed' : 'removed';
  if (!result.changed)
    ctx.stdout(
      `nothing to change: Trail Boss hooks are ${what === 'install' ? 'already installed' : 'not installed'} in ${deps.settingsPath}\n`,
    );
  else {
    const backup = result.backupPath?.endsWith('.absent')
      ? 'there was no settings file before'
      : `backup of the previous file: ${result.backupPath}`;
    ctx.stdout(
      `Trail Boss hooks ${done} in ${deps.settingsPath}\n${backup}\n${result.restoredExactly ? 'the file is back to exactly what it was before install\n' : ''}`,
    );
  }
  if (result.status.problem && what === 'install') ctx.stdout(`problem: ${result.status.problem}\n`);
  // Codex runs new hooks only once the user trusts them at its next start (we never trust for them).
  if (runtime === 'codex' && what === 'install' && result.changed)
    ctx.stdout('Codex asks "Hooks need review" at its next start: choose "Trust all and continue" for the hooks to run\n');
  return EXIT.ok;
}

/** `--host NAME`: Claude's hooks on that host (Codex's and opencode's stay local-only), or null for this machine. */
function remoteHost(parsed: Parsed): string | null {
  const host = read.string(parsed, 'host');
  if (host === undefined) {
    if (read.string(parsed, 'node') !== undefined) throw new UsageError('--node goes with --host (the Node.js on that host)');
    return null;
  }
  if (runtimeOf(parsed) !== 'claude') throw new UsageError('--host is for Claude Code hooks only');
  return host;
}

/** opencode's counted arrivals from the store file, read-only; empty when there is none or it cannot be read. */
function opencodeStoreArrivals(ctx: CliContext): OpencodeArrivals {
  const { database } = resolvePaths({ env: ctx.env, platform: ctx.platform, homedir: ctx.homedir, cwd: ctx.cwd });
  if (!existsSync(database)) return {};
  try {
    const store = openStore(database, { clock: ctx.clock, logger: silentLogger, readonly: true, integrityCheck: false });
    try {
      return readOpencodeArrivals(store);
    } finally {
      store.close();
    }
  } catch {
    return {};
  }
}

/** The opencode plugin's inputs for this context: opencode's config dir, this copy's template, the engine's endpoint file. */
export function opencodeDeps(ctx: CliContext): OpencodePluginDeps {
  const paths = resolvePaths({ env: ctx.env, platform: ctx.platform, homedir: ctx.homedir, cwd: ctx.cwd });
  return {
    pluginPath: opencodePluginPath(opencodeConfigDir({ env: ctx.env, homedir: ctx.homedir })),
    templatePath: runtimeFiles(currentLayout()).opencodePlugin,
    endpointFile: paths.endpoint,
    arrivals: opencodeStoreArrivals(ctx),
  };
}

function formatOpencode(status: OpencodePluginStatus, now: number): string {
  const lines = [`opencode plugin: ${status.state}`, `plugin: ${status.pluginPath}`];
  lines.push(
    status.lastEventAt === null
      ? 'last event: none seen'
      : `last event: ${new Date(status.lastEventAt).toISOString()} (${ago(status.lastEventAt, now)})`,
  );
  for (const d of status.details)
    lines.push(`  ${d.event.padEnd(20)} ${d.lastAt === null ? 'none received' : `${d.count} received, last ${ago(d.lastAt, now)}`}`);
  if (status.problem) lines.push(`problem: ${status.problem}`);
  return lines.join('\n') + '\n';
}

function opencodeCommand(ctx: CliContext, what: 'install' | 'uninstall' | 'status', json: boolean): number {
  const deps = opencodeDeps(ctx);
  if (what === 'status') {
    const s = opencodePluginStatus(deps);
    ctx.stdout(json ? JSON.stringify(s, null, 2) + '\n' : formatOpencode(s, ctx.clock.now()));
    return EXIT.ok;
  }
  let result: OpencodePluginChange;
  try {
    // From an AppImage too, like every hook install: status and doctor compare the copy with a template gone with the mount.
    if (what === 'install') refuseTransientInstall(currentLayout(), ctx.env, 'the opencode plugin');
    result = what === 'install' ? installOpencodePlugin(deps) : uninstallOpencodePlugin(deps);
  } catch (error) {
    // A file we did not write is never overwritten or removed: say why, change nothing.
    if (!(error instanceof OpencodePluginError) && !(error instanceof TransientInstallError)) throw error;
    ctx.stderr(`trailboss hooks ${what} --runtime opencode: ${error.message}\n`);
    return EXIT.refused;
  }
  if (json) {
    ctx.stdout(JSON.stringify({ changed: result.changed, state: result.status.state, pluginPath: deps.pluginPath }, null, 2) + '\n');
    return EXIT.ok;
  }
  if (!result.changed)
    ctx.stdout(
      `nothing to change: the Trail Boss plugin is ${what === 'install' ? 'already installed' : 'not installed'} at ${deps.pluginPath}\n`,
    );
  else if (what === 'install') ctx.stdout(`Trail Boss plugin installed at ${deps.pluginPath}\nopencode loads it at its next start\n`);
  else ctx.stdout(`Trail Boss plugin removed from ${deps.pluginPath}\n`);
  return EXIT.ok;
}

/** Run `trailboss hooks <install|uninstall|status>`. */
export async function hooksCommand(ctx: CliContext): Promise<number> {
  const [sub, ...rest] = ctx.argv;
  switch (sub) {
    case 'install':
    case 'uninstall': {
      const parsed = parseCommandLine(`hooks ${sub}`, rest);
      const host = remoteHost(parsed);
      if (host !== null) return remoteHooksCommand(ctx, sub, host, { json: read.bool(parsed, 'json'), node: read.string(parsed, 'node') });
      const runtime = runtimeOf(parsed);
      if (runtime === 'opencode') return opencodeCommand(ctx, sub, read.bool(parsed, 'json'));
      if (runtime === 'copilot') return copilotHooksCommand(ctx, sub, read.bool(parsed, 'json'));
      return change(ctx, sub, read.bool(parsed, 'json'), runtime);
    }
    case 'status': {
      const parsed = parseCommandLine('hooks status', rest);
      const host = remoteHost(parsed);
      if (host !== null) return remoteHooksCommand(ctx, 'status', host, { json: read.bool(parsed, 'json') });
      const runtime = runtimeOf(parsed);
      if (runtime === 'opencode') return opencodeCommand(ctx, 'status', read.bool(parsed, 'json'));
      if (runtime === 'copilot') return copilotHooksCommand(ctx, 'status', read.bool(parsed, 'json'));
      return status(ctx, read.bool(parsed, 'json'), runtime);
    }
    default:
      throw new UsageError(
        sub ? `unknown hooks command '${sub}' (install, uninstall or status)` : 'hooks needs install, uninstall or status',
      );
  }
}
