/** Pure formatting of `trailboss status`: the JSON shape scripts rely on, and a readable table. */
import type { AgentPromptDto } from '../../preload/contract/agent.ts';
import type { RuntimeId } from '../engine/runtimes/types.ts';
import { optionsInWords } from '../engine/notify/item-words.ts';
import { terminalCell } from '../engine/text/clean-text.ts';

/** One agent as `status` reports it. */
export interface AgentStatus {
  readonly pane: string;
  readonly server: string;
  /** The configured host the agent runs on; null for this machine. */
  readonly host: string | null;
  readonly target: string;
  readonly runtime: RuntimeId;
  readonly runtimeVerified: boolean;
  readonly state: 'starting' | 'working' | 'permission' | 'dialog' | 'idle' | 'unknown' | 'gone' | 'unreachable';
  /** "host gpu unreachable since …" (state `unreachable`). */
  readonly unreachable?: string;
  readonly since: string;
  readonly prompt?: AgentPromptDto;
  readonly draft?: string;
  readonly tail?: readonly string[];
  /** Where the answer came from: the running engine, or a one-shot scan. */
  readonly source?: 'engine' | 'scan';
}

/** `status --json` output. */
export function formatStatusJson(agents: readonly AgentStatus[]): string {
  return JSON.stringify({ agents }, null, 2) + '\n';
}

function ago(sinceIso: string, now: number): string {
  const s = Math.max(0, Math.round((now - Date.parse(sinceIso)) / 1000));
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m`;
  return `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
}

function what(a: AgentStatus): string {
  if (a.unreachable) return a.unreachable;
  if (a.prompt?.kind === 'permission') {
    const approve = a.prompt.approveKey
      ? `approve: ${a.prompt.approveKey} (${a.prompt.options.find((o) => o.kind === 'once')?.label ?? '?'})`
      : `approve: not possible, jump to it — ${optionsInWords(a.prompt.options.map((o) => o.label))}`;
    const subject = a.prompt.subject || a.prompt.question;
    return `${a.prompt.tool ?? 'permission'}: ${subject} — ${approve}`;
  }
  if (a.prompt?.kind === 'dialog') {
    return `${a.prompt.dialogId ?? 'dialog'}: ${a.prompt.question} — ${optionsInWords(a.prompt.options.map((o) => o.label))}`;
  }
  if (a.state === 'idle') return a.draft ? `draft: ${a.draft}` : 'waiting for input';
  if (a.state === 'unknown') return 'needs a look: ' + (a.tail?.slice(-1)[0]?.trim() ?? '');
  return '';
}

/** Human table, one agent per line, widths fitted to content. */
export function formatStatusTable(agents: readonly AgentStatus[], now: number): string {
  if (agents.length === 0) return 'No agents found in tmux.\n';
  // A HOST column only when some agent runs elsewhere: one-machine users see the table they know.
  const hosts = agents.some((a) => a.host !== null);
  const rows = [
    ['PANE', ...(hosts ? ['HOST'] : []), 'TARGET', 'RUNTIME', 'STATE', 'FOR', 'WHAT'],
    ...agents.map((a) => [
      a.server === 'default' ? a.pane : `${a.pane}@${a.server}`,
      ...(hosts ? [a.host ?? '-'] : []),
      a.target,
      a.runtime + (a.runtimeVerified ? '' : '*'),
      a.state,
      ago(a.since, now),
      terminalCell(what(a), 160),
    ]),
  ].map((row) => row.map((cell) => terminalCell(cell)));
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => (r[c] ?? '').length)));
  const lines = rows.map((r) =>
    r
      .map((cell, c) => (c === r.length - 1 ? cell : cell.padEnd(widths[c] ?? 0)))
      .join('  ')
      .trimEnd(),
  );
  const unverified = agents.some((a) => !a.runtimeVerified) ? '\n* runtime recognised from public docs only (no real captures yet)\n' : '';
  return lines.join('\n') + '\n' + unverified;
}
