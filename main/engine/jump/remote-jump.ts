/**
 * Pure: the jump plan for a pane on another host. A terminal window there cannot be raised from
 * here, so the jump always opens the user's configured terminal running `ssh -t <host> tmux
 * attach-session -t <pane>` (tmux makes the pane's window and pane current). The terminal template
 * is the same one as for local panes: `{tmux}` becomes the ssh words; a plain `tmux -S {socket}` in
 * it is read as `{tmux}`, since the local socket path means nothing on the other host.
 */
import type { JumpPlan } from './jump-plan.ts';
import type { TerminalContext } from './terminal-command.ts';
import { defaultTerminalCommand, expandTerminalCommand, shellQuote } from './terminal-command.ts';

/** Where the pane lives, as the host's config says. */
export interface RemotePane {
  readonly paneId: string;
  readonly destination: string;
  readonly sshConfig: string | null;
  /** The tmux socket on the host; null for the remote user's default server. */
  readonly socket: string | null;
}

/** `ssh -t … <destination> tmux [-S <socket>]`: the socket is quoted for the remote shell. */
export function remoteTmuxWords(pane: RemotePane): string[] {
  return [
    'ssh',
    '-t',
    ...(pane.sshConfig ? ['-F', pane.sshConfig] : []),
    // The same strictness as the engine's own connection: an unknown or changed key is never accepted.
    '-o',
    'StrictHostKeyChecking=yes',
    '--',
    pane.destination,
    'tmux',
    ...(pane.socket ? ['-S', shellQuote(pane.socket)] : []),
  ];
}

/** The template with every `tmux -S {socket}` (whole words, or inside a longer argument) read as `{tmux}`. */
export function templateForRemote(template: readonly string[]): { ok: true; template: string[] } | { ok: false; problem: string } {
  const out: string[] = [];
  for (let i = 0; i < template.length; i++) {
    const arg = template[i] as string;
    if (/(^|\/)tmux$/.test(arg) && i > 0) {
      out.push('{tmux}');
      if (template[i + 1] === '-S' && template[i + 2] === '{socket}') i += 2;
      continue;
    }
    out.push(arg.replace(/(^|[\s"'])tmux\s+-S\s+(?:'\{socket\}'|"\{socket\}"|\{socket\})/g, '$1{tmux}'));
  }
  if (out.some((a) => a.includes('{socket}')))
    return {
      ok: false,
      problem: 'the terminal command names {socket} outside "tmux -S {socket}", which cannot reach a pane on another host; use {tmux}',
    };
  if (!out.some((a) => a.includes('{tmux}')))
    return { ok: false, problem: 'the terminal command must run {tmux} (or tmux) to reach a pane on another host' };
  return { ok: true, template: out };
}

/** The plan: open a terminal running ssh to the host, attached to the pane. */
export function planRemoteJump(pane: RemotePane, terminalCommand: readonly string[] | null, platform: NodeJS.Platform): JumpPlan {
  const remote = templateForRemote(terminalCommand ?? defaultTerminalCommand(platform));
  if (!remote.ok) return { kind: 'impossible', reason: remote.problem };
  const ctx: TerminalContext = { target: pane.paneId, socket: pane.socket ?? '', tmuxWords: remoteTmuxWords(pane) };
  const expanded = expandTerminalCommand(remote.template, ctx);
  if (!expanded.ok) return { kind: 'impossible', reason: expanded.problem };
  return { kind: 'open-terminal', tmux: [], launch: expanded.command };
}
