/**
 * `trailboss hooks install | uninstall | status --runtime copilot`: our own hook file in Copilot CLI's hooks
 * directory (engine/hooks/copilot-hooks.ts), written directly so it works with no engine running. Status adds
 * the arrivals the engine counted in the store, under Copilot's own event names.
 */
import { existsSync } from 'node:fs';
import { currentLayout } from '../../engine/api/hooks-service.ts';
import type { CopilotHooksDeps, CopilotHooksStatus } from '../../engine/hooks/copilot-hooks.ts';
import {
  CopilotHooksError,
  copilotHooksFile,
  copilotHooksStatus,
  installCopilotHooks,
  uninstallCopilotHooks,
} from '../../engine/hooks/copilot-hooks.ts';
import type { HookEventStats } from '../../engine/hooks/hook-event-counter.ts';
import { readRuntimeArrivals } from '../../engine/hooks/runtime-arrivals.ts';
import { hookCommandsFor } from '../../engine/hooks/runtime-layout.ts';
import { TransientInstallError, refuseTransientInstall } from '../../engine/hooks/appimage-mount.ts';
import { silentLogger } from '../../engine/platform/log.ts';
import { resolvePaths } from '../../engine/platform/paths.ts';
import { openStore } from '../../engine/store/index.ts';
import type { CliContext } from '../context.ts';
import { EXIT } from '../context.ts';

/** Copilot's counted arrivals from the store file, read-only; empty when there is none or it cannot be read. */
function storeArrivals(ctx: CliContext, database: string): Record<string, HookEventStats> {
  if (!existsSync(database)) return {};
  try {
    const store = openStore(database, { clock: ctx.clock, logger: silentLogger, readonly: true, integrityCheck: false });
    try {
      return readRuntimeArrivals(store, 'copilot');
    } finally {
      store.close();
    }
  } catch {
    return {};
  }
}

/** The hook file's inputs for this context: Copilot's hooks directory, this copy's forwarder, the engine's endpoint file. */
export function copilotDeps(ctx: CliContext): CopilotHooksDeps {
  const paths = resolvePaths({ env: ctx.env, platform: ctx.platform, homedir: ctx.homedir, cwd: ctx.cwd });
  return {
    file: copilotHooksFile({ env: ctx.env, homedir: ctx.homedir }),
    forwarder: hookCommandsFor(currentLayout(), paths.endpoint).forwarder,
    arrivals: storeArrivals(ctx, paths.database),
  };
}

function format(status: CopilotHooksStatus, now: number): string {
  const ago = (at: number) => `${Math.max(0, Math.round((now - at) / 1000))}s ago`;
  const lines = [`Copilot CLI hooks: ${status.state}`, `hooks file: ${status.settingsPath}`];
  lines.push(
    status.lastHookAt === null
      ? 'last hook: no events seen'
      : `last hook: ${new Date(status.lastHookAt).toISOString()} (${ago(status.lastHookAt)})`,
  );
  for (const d of status.details)
    lines.push(`  ${d.event.padEnd(20)} ${d.lastAt === null ? 'none received' : `${d.count} received, last ${ago(d.lastAt)}`}`);
  if (status.problem) lines.push(`problem: ${status.problem}`);
  return lines.join('\n') + '\n';
}

/** Run `trailboss hooks <what> --runtime copilot`. */
export function copilotHooksCommand(ctx: CliContext, what: 'install' | 'uninstall' | 'status', json: boolean): number {
  const deps = copilotDeps(ctx);
  if (what === 'status') {
    const s = copilotHooksStatus(deps);
    ctx.stdout(json ? JSON.stringify(s, null, 2) + '\n' : format(s, ctx.clock.now()));
    return EXIT.ok;
  }
  let result: ReturnType<typeof installCopilotHooks>;
  try {
    if (what === 'install') refuseTransientInstall(currentLayout(), ctx.env, 'the Copilot CLI hooks');
    result = what === 'install' ? installCopilotHooks(deps) : uninstallCopilotHooks(deps);
  } catch (error) {
    // A file we did not write is never overwritten or removed: say why, change nothing.
    if (!(error instanceof CopilotHooksError) && !(error instanceof TransientInstallError)) throw error;
    ctx.stderr(`trailboss hooks ${what} --runtime copilot: ${error.message}\n`);
    return EXIT.refused;
  }
  if (json) {
    ctx.stdout(JSON.stringify({ changed: result.changed, state: result.status.state, settingsPath: deps.file }, null, 2) + '\n');
    return EXIT.ok;
  }
  if (!result.changed)
    ctx.stdout(`nothing to change: Trail Boss hooks are ${what === 'install' ? 'already installed' : 'not installed'} in ${deps.file}\n`);
  else if (what === 'install') ctx.stdout(`Trail Boss hooks installed in ${deps.file}\nCopilot CLI reads them at its next start\n`);
  else ctx.stdout(`Trail Boss hooks removed: ${deps.file}\n`);
  return EXIT.ok;
}
