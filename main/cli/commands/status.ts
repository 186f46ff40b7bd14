/** `trailboss status [--json] [--tmux-socket PATH]...`: every agent pane with its state, from the engine or a one-shot scan. */
import { scanOnce } from '../../engine/observe/one-shot-scan.ts';
import type { ObservedPane } from '../../engine/observe/observer.ts';
import { silentLogger } from '../../engine/platform/log.ts';
import { procProcessTable } from '../../engine/platform/process-table.ts';
import { realRunner } from '../../engine/platform/run.ts';
import { runnerWithEnv } from '../../engine/platform/runner-with-env.ts';
import { RUNTIMES, runtimeById } from '../../engine/runtimes/catalog.ts';
import { resolvePaths } from '../../engine/platform/paths.ts';
import { setUpTmux } from '../../engine/tmux/locate.ts';
import { openTmuxClient } from '../../engine/tmux/open.ts';
import { splitPaneKey } from '../../engine/tmux/pane-key.ts';
import type { TmuxClient } from '../../engine/tmux/types.ts';
import { TmuxError } from '../../engine/tmux/types.ts';
import { parseCommandLine, read } from '../program.ts';
import type { CliContext } from '../context.ts';
import { EXIT } from '../context.ts';
import type { AgentStatus } from '../format-status.ts';
import { formatStatusJson, formatStatusTable } from '../format-status.ts';
import { promptDto } from '../../engine/api/dto.ts';
import { NoEngineError, engineClient } from '../engine-client.ts';
import type { AgentDto } from '../../../preload/contract/agent.ts';
import { serversFor } from '../servers.ts';
import { hostOfPaneKey } from '../../engine/hosts/host-spec.ts';

/** One observed pane as a status entry (one-shot scan: a screen nobody explains is reported as unknown at once). */
export function agentFromObserved(p: ObservedPane, now: number): AgentStatus {
  const screen = p.screen;
  const state = screen ? screen.kind : 'unknown';
  return {
    pane: p.info.paneId,
    server: splitPaneKey(p.key).serverKey,
    host: hostOfPaneKey(p.key),
    target: p.info.target,
    runtime: p.runtime,
    runtimeVerified: runtimeById(p.runtime).verified,
    state,
    since: new Date(p.changedAt || now).toISOString(),
    ...(screen && (screen.kind === 'permission' || screen.kind === 'dialog') ? { prompt: promptDto(screen)! } : {}),
    ...(screen?.kind === 'idle' ? { draft: screen.draft } : {}),
    ...(state === 'unknown' ? { tail: p.tail.slice(-5) } : {}),
  };
}

/** The running engine's view of an agent as a status entry. */
export function agentFromEngine(a: AgentDto): AgentStatus {
  const { serverKey: server, paneId } = splitPaneKey(a.paneKey);
  return {
    pane: paneId,
    server,
    host: a.host,
    ...(a.unreachable !== null ? { unreachable: a.unreachable } : {}),
    target: a.target,
    runtime: a.runtime,
    runtimeVerified: a.runtimeVerified,
    state: a.state,
    since: new Date(a.since).toISOString(),
    ...(a.prompt ? { prompt: a.prompt } : {}),
    ...(a.draft !== null ? { draft: a.draft } : {}),
    source: 'engine',
  };
}

/** Ask the running engine, if one answers for this home; null when none runs. */
async function fromEngine(ctx: CliContext): Promise<AgentStatus[] | null> {
  try {
    const agents = await engineClient(ctx, 3000).call('agents:list', {});
    return agents.ok ? agents.value.filter((a) => a.state !== 'gone').map(agentFromEngine) : null;
  } catch (error) {
    if (error instanceof NoEngineError) return null;
    throw error;
  }
}

export async function statusCommand(ctx: CliContext): Promise<number> {
  const args = parseCommandLine('status', ctx.argv);
  // Named sockets mean "scan these now"; otherwise the daemon's view when one runs (it knows history and hooks).
  if (read.list(args, 'tmuxSocket').length === 0) {
    const viaEngine = await fromEngine(ctx);
    if (viaEngine) {
      const sorted = viaEngine.sort((a, b) => a.target.localeCompare(b.target));
      ctx.stdout(read.bool(args, 'json') ? formatStatusJson(sorted) : formatStatusTable(sorted, ctx.clock.now()));
      return EXIT.ok;
    }
  }
  const servers = serversFor(read.list(args, 'tmuxSocket'));
  const clients: TmuxClient[] = [];
  // tmux runs with the CLI's environment (PATH, TMUX_TMPDIR), never the caller's TMUX.
  const base = runnerWithEnv(realRunner, { PATH: ctx.env.PATH, TMUX_TMPDIR: ctx.env.TMUX_TMPDIR, TMUX: undefined, TMUX_PANE: undefined });
  const configFile = resolvePaths({ env: ctx.env, platform: ctx.platform, homedir: ctx.homedir, cwd: ctx.cwd }).config;
  const { runner } = await setUpTmux({ env: ctx.env, platform: ctx.platform, homedir: ctx.homedir, configFile, runner: base });
  try {
    for (const server of servers) clients.push(await openTmuxClient(server, runner, { mode: 'batch', logger: silentLogger }));
    // The observer treats a failing server as "no panes"; here a missing tmux must be said plainly.
    await clients[0]?.listPanes();
    const panes = await scanOnce({ clients, runtimes: RUNTIMES, clock: ctx.clock, logger: silentLogger, processTable: procProcessTable() });
    const now = ctx.clock.now();
    const agents = panes.map((p) => agentFromObserved(p, now)).sort((a, b) => a.target.localeCompare(b.target));
    ctx.stdout(read.bool(args, 'json') ? formatStatusJson(agents) : formatStatusTable(agents, now));
    return EXIT.ok;
  } catch (error) {
    if (error instanceof TmuxError && error.kind === 'not-installed') {
      ctx.stderr(
        "trailboss: tmux is not installed (not on PATH, in your login shell's PATH or the usual places); install tmux or set tmux.path in the config.\n",
      );
      return EXIT.usage;
    }
    throw error;
  } finally {
    await Promise.all(clients.map((c) => c.close()));
  }
}
