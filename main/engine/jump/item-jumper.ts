/** Jump for a queue item: find its pane, run the jump on the pane's tmux server, answer as an action outcome. */
import type { ApiMethods } from '../../../preload/contract/api.ts';
import type { ActionOutcomeDto } from '../../../preload/contract/queue-item.ts';
import type { TmuxClient, TmuxServer } from '../tmux/types.ts';
import type { JumpDeps, JumpReport } from './jump-executor.ts';
import { executeJump } from './jump-executor.ts';
import { parsePaneKey } from '../tmux/pane-key.ts';
import { localPartOfPaneKey } from '../hosts/host-spec.ts';
import { planRemoteJump } from './remote-jump.ts';

/** What the jumper needs besides the executor's dependencies. */
export interface JumperDeps extends Omit<JumpDeps, 'tmux' | 'terminalCommand'> {
  /** The engine's queue (to find the item's pane). */
  readonly queueList: ApiMethods['queue:list'];
  /** A tmux client for a server (the caller caches and closes them). */
  readonly tmuxFor: (server: TmuxServer) => TmuxClient;
  /** The configured terminal command for this platform, read at jump time (null = the platform default), or why it is unusable. */
  readonly terminalCommand: () =>
    { readonly ok: true; readonly argv: readonly string[] | null } | { readonly ok: false; readonly problem: string };
  /** A configured host's ssh destination and config file (for panes on other hosts); null when not configured. */
  readonly remoteHost?: (name: string) => { readonly destination: string; readonly sshConfig: string | null } | null;
  /** Told of every jump's full report (logs, the e2e hook). */
  readonly onReport?: (itemId: string, report: JumpReport) => void;
}

/** Creates the jump function the shell's `item:jump` uses; `client` moves that tmux client when it is attached to the pane's server. */
export function createJumper(deps: JumperDeps): (itemId: string, client?: string) => Promise<ActionOutcomeDto> {
  return async (itemId, client) => {
    const queue = await deps.queueList({});
    if (!queue.ok) return { itemId, action: 'jump', outcome: 'refused', message: `could not read the queue: ${queue.error.message}` };
    const item = queue.value.find((i) => i.id === itemId);
    if (item === undefined) return { itemId, action: 'jump', outcome: 'gone', message: `item ${itemId} is not in the queue` };
    if (item.host !== null) return jumpRemote(deps, itemId, item.host, item.paneKey);
    const address = parsePaneKey(item.paneKey);
    if (address === null) return { itemId, action: 'jump', outcome: 'refused', message: `cannot read the pane key ${item.paneKey}` };
    const terminal = deps.terminalCommand();
    if (!terminal.ok) return { itemId, action: 'jump', outcome: 'refused', message: `cannot jump: ${terminal.problem}` };
    const report = await executeJump(
      { ...deps, tmux: deps.tmuxFor(address.server), terminalCommand: terminal.argv },
      { paneId: address.paneId, target: item.target, ...(client === undefined ? {} : { client }) },
    );
    deps.onReport?.(itemId, report);
    return { itemId, action: 'jump', outcome: report.outcome, message: report.message };
  };
}

/** Another host's pane: a new terminal running ssh to the host, attached to the pane. */
async function jumpRemote(deps: JumperDeps, itemId: string, hostName: string, paneKey: string): Promise<ActionOutcomeDto> {
  const refuse = (message: string): ActionOutcomeDto => ({ itemId, action: 'jump', outcome: 'refused', message });
  const host = deps.remoteHost?.(hostName) ?? null;
  if (host === null) return refuse(`host ${hostName} is not configured`);
  const local = parsePaneKey(localPartOfPaneKey(paneKey));
  if (local === null) return refuse(`cannot read the pane key ${paneKey}`);
  const terminal = deps.terminalCommand();
  if (!terminal.ok) return refuse(`cannot jump: ${terminal.problem}`);
  const socket = local.server.kind === 'socket' ? local.server.path : null;
  const plan = planRemoteJump(
    { paneId: local.paneId, destination: host.destination, sshConfig: host.sshConfig, socket },
    terminal.argv,
    deps.platform,
  );
  if (plan.kind !== 'open-terminal') return refuse(plan.kind === 'impossible' ? `cannot jump: ${plan.reason}` : 'cannot jump');
  const launched = await deps.launcher.launch(plan.launch);
  if (!launched.ok) return refuse(`could not open a terminal: ${launched.problem}`);
  return { itemId, action: 'jump', outcome: 'confirmed', message: `opened a terminal on ${hostName} (ssh) attached to ${local.paneId}` };
}
