/** Which pane a user means by `%3`, `work:1.0`, a session name or a runtime name. Pure. */
import type { ProcessEntry } from '../platform/process-table.ts';
import type { RuntimeModule } from '../runtimes/types.ts';
import type { PaneInfo } from '../tmux/types.ts';
import type { FoundAgent } from './agent-process.ts';
import { findAgentProcess } from './agent-process.ts';

/** A pane with the agent running in it. */
export interface AgentPane {
  readonly pane: PaneInfo;
  readonly agent: FoundAgent;
}

/** Every pane that runs a known agent. */
export function agentPanes(panes: readonly PaneInfo[], runtimes: readonly RuntimeModule[], table: Map<number, ProcessEntry>): AgentPane[] {
  return panes.flatMap((pane) => {
    const agent = findAgentProcess(pane, runtimes, table);
    return agent ? [{ pane, agent }] : [];
  });
}

const describe = (a: AgentPane): string => `${a.pane.paneId} (${a.pane.target}, ${a.agent.runtime})`;

/** The pane id `ref` names, or why it names none or several. A `%N` id is taken as given. */
export function resolvePaneRef(ref: string, agents: readonly AgentPane[]): { readonly paneId: string } | { readonly error: string } {
  if (/^%\d+$/.test(ref)) return { paneId: ref };
  const byTarget = agents.find((a) => a.pane.target === ref);
  if (byTarget) return { paneId: byTarget.pane.paneId };
  const matches = agents.filter((a) => a.pane.sessionName === ref || a.agent.runtime === ref);
  if (matches.length === 1) return { paneId: matches[0]!.pane.paneId };
  if (matches.length > 1)
    return { error: `"${ref}" matches ${matches.length} agent panes: ${matches.map(describe).join(', ')}; name one by pane id` };
  const known = agents.length ? ` (agent panes: ${agents.map(describe).join(', ')})` : ' (no agent panes found)';
  return { error: `no agent pane matches "${ref}"${known}` };
}
