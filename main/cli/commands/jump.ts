/**
 * `trailboss jump [item|pane|oldest]`: bring the terminal showing a pane forward, as the desktop
 * app's hotkey does: switch an attached tmux client to the pane and raise its window, or open the
 * configured terminal on it. Without an argument (or with `oldest`) the oldest waiting item. It is
 * what a Wayland user binds a desktop shortcut to, where apps may not grab global keys. Exit codes:
 * 0 confirmed, 1 refused/unconfirmed (with why), 2 no engine or bad usage.
 */
import type { AgentDto } from '../../../preload/contract/agent.ts';
import type { QueueItemDto } from '../../../preload/contract/queue-item.ts';
import { loadConfig } from '../../engine/config/index.ts';
import { executeJump } from '../../engine/jump/jump-executor.ts';
import { processSnapshot } from '../../engine/jump/process-snapshot.ts';
import { configuredTerminalCommand } from '../../engine/jump/terminal-command.ts';
import { detachedLauncher } from '../../engine/platform/launch-detached.ts';
import { resolvePaths } from '../../engine/platform/paths.ts';
import { realRunner } from '../../engine/platform/run.ts';
import { runnerWithEnv } from '../../engine/platform/runner-with-env.ts';
import { BatchTmuxClient } from '../../engine/tmux/batch-client.ts';
import { setUpTmux } from '../../engine/tmux/locate.ts';
import { parsePaneKey } from '../../engine/tmux/pane-key.ts';
import { TMUX_ENV } from '../../engine/tmux/server-args.ts';
import { silentLogger } from '../../engine/platform/log.ts';
import type { CliContext } from '../context.ts';
import { EXIT } from '../context.ts';
import { findItem } from '../item-ref.ts';
import { parseCommandLine, read } from '../program.ts';
import { withEngine } from './queue-actions.ts';

/** Where to jump: a pane (its key and, for messages, its tmux target), or why there is none. */
export type JumpChoice =
  { readonly kind: 'pane'; readonly paneKey: string; readonly target: string } | { readonly kind: 'none'; readonly message: string };

/**
 * Pure: the pane a jump argument means. `oldest` (or nothing) is the head of the queue; otherwise a
 * waiting item (id, pane key, pane id or target) first, then any watched pane by the same names.
 */
export function chooseJump(ref: string | undefined, queue: readonly QueueItemDto[], agents: readonly AgentDto[]): JumpChoice {
  if (ref === undefined || ref === 'oldest') {
    const head = queue[0];
    return head === undefined
      ? { kind: 'none', message: 'no agent is waiting' }
      : { kind: 'pane', paneKey: head.paneKey, target: head.target };
  }
  const item = findItem(queue, ref);
  if (item.kind === 'found') return { kind: 'pane', paneKey: item.item.paneKey, target: item.item.target };
  if (item.kind === 'ambiguous') return { kind: 'none', message: item.message };
  const panes = agents.filter((a) => a.state !== 'gone' && (a.paneKey === ref || a.paneKey.endsWith(`|${ref}`) || a.target === ref));
  if (panes.length === 1 && panes[0] !== undefined) return { kind: 'pane', paneKey: panes[0].paneKey, target: panes[0].target };
  if (panes.length > 1)
    return { kind: 'none', message: `'${ref}' matches ${panes.length} panes; use the pane key (see \`trailboss status\`)` };
  return { kind: 'none', message: `no waiting item or watched pane matches '${ref}' (see \`trailboss queue\`, \`trailboss status\`)` };
}

/** Run `trailboss jump`. */
export async function jumpCommand(ctx: CliContext): Promise<number> {
  const args = parseCommandLine('jump', ctx.argv);
  return withEngine(async (c, client) => {
    const [queue, agents] = await Promise.all([client.call('queue:list', {}), client.call('agents:list', {})]);
    if (!queue.ok) throw new Error(queue.error.message);
    if (!agents.ok) throw new Error(agents.error.message);
    const choice = chooseJump(read.arg(args, 0), queue.value, agents.value);
    if (choice.kind === 'none') {
      c.stderr(`trailboss jump: ${choice.message}\n`);
      return EXIT.refused;
    }
    const address = parsePaneKey(choice.paneKey);
    if (address === null) throw new Error(`cannot read the pane key ${choice.paneKey}`);
    const paths = resolvePaths({ env: c.env, platform: c.platform, homedir: c.homedir, cwd: c.cwd });
    const loaded = loadConfig(paths.config);
    if (!loaded.ok) throw new Error(`${paths.config}: ${loaded.errors.map((e) => `${e.path}: ${e.message}`).join('; ')}`);
    const terminal = configuredTerminalCommand(loaded.config.terminal, c.platform);
    if (!terminal.ok) throw new Error(`cannot jump: ${terminal.problem}`);
    // Run from a desktop shortcut the PATH may be minimal: tmux is found as the desktop app finds it.
    const base = runnerWithEnv(realRunner, { PATH: c.env['PATH'], TMUX_TMPDIR: c.env['TMUX_TMPDIR'], ...TMUX_ENV });
    const { runner } = await setUpTmux({ env: c.env, platform: c.platform, homedir: c.homedir, configFile: paths.config, runner: base });
    const tmux = new BatchTmuxClient(address.server, runner, { logger: silentLogger });
    try {
      const report = await executeJump(
        {
          tmux,
          runner,
          launcher: detachedLauncher(TMUX_ENV),
          processes: () => processSnapshot(c.platform, runner),
          clock: c.clock,
          platform: c.platform,
          x11: (c.env['DISPLAY'] ?? '') !== '',
          terminalCommand: terminal.argv,
        },
        { paneId: address.paneId, target: choice.target },
      );
      (report.outcome === 'confirmed' ? c.stdout : c.stderr)(`trailboss jump: ${report.message}\n`);
      return report.outcome === 'confirmed' ? EXIT.ok : EXIT.refused;
    } finally {
      await tmux.close();
    }
  })(ctx);
}
