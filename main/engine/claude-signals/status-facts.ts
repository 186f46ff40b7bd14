/**
 * Turns the status files into `status-hint` Facts for watched panes: each file is checked against
 * pid reuse and mapped to its pane; stale, reused, unmapped or hint-less files say nothing.
 */
import type { Fact } from '../sessions/facts.ts';
import type { ProcessIdentityReader } from './pid-guard.ts';
import { checkStatusOwner } from './pid-guard.ts';
import type { WatchedPane } from './session-pane.ts';
import { resolveSessionPane } from './session-pane.ts';
import type { ClaudeStatusFile } from './status-file.ts';

/** What the conversion needs. */
export interface StatusFactsInput {
  readonly files: readonly ClaudeStatusFile[];
  readonly watched: readonly WatchedPane[];
  readonly identity: ProcessIdentityReader;
  readonly processes?: ReadonlyMap<number, { readonly ppid: number }> | null;
  readonly at: number;
}

/** One Fact per status file that is current, mapped to a watched pane, and has a known status. */
export function statusHintFacts(input: StatusFactsInput): Fact[] {
  const facts: Fact[] = [];
  for (const file of input.files) {
    if (file.hint === null) continue;
    const verdict = checkStatusOwner(file, input.identity(file.pid));
    if (verdict === 'reused' || verdict === 'gone') continue;
    const mapping = resolveSessionPane({
      watched: input.watched,
      statusFile: { pid: file.pid, tmux: file.tmux, verdict },
      processes: input.processes ?? null,
    });
    if (mapping.kind !== 'pane') continue;
    facts.push({ kind: 'status-hint', pane: mapping.pane, at: input.at, hint: file.hint });
  }
  return facts;
}
