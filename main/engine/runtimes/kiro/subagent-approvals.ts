/**
 * Kiro CLI's summary of approvals its subagents wait on (peer capture kiro-herdr-subagent-pending):
 *    ⚠ 3 tool approvals pending from subagents
 *    ❯ (a) Approve all pending
 *      (f) Approve all pending and auto-approve all future requests
 *      (c) Configure individually (agent monitor)
 *      (x) Exit (cancel subagents)
 * The agent is blocked on permissions, so it is a `permission`, but none of its rows grants one call:
 * `(a)` approves every pending call at once (calls the user has not seen), `(f)` every future one, and
 * `(x)` cancels the subagents rather than saying no to a call. Read with low confidence and without
 * Escape: no key is sent; the user jumps to the pane (or to Kiro's agent monitor).
 */
import type { PermissionPrompt, PromptOption } from '../types.ts';

const HEADER = /^\s*⚠\s+(\d+) tool approvals? pending from subagents?\s*$/;
const ROW = /^\s*(?:❯\s*)?\(([a-z])\)\s+(\S.*?)\s*%?\s*$/;

/** The summary at the bottom of the screen, or null. */
export function parseKiroSubagentApprovals(lines: readonly string[]): PermissionPrompt | null {
  const from = Math.max(0, lines.length - 12);
  const at = lines.slice(from).findLastIndex((l) => HEADER.test(l));
  if (at < 0) return null;
  const rows = lines.slice(from + at + 1).filter((l) => l.trim() !== '');
  const options: PromptOption[] = [];
  let highlighted: number | null = null;
  for (const row of rows) {
    const m = ROW.exec(row);
    if (!m) break;
    if (row.trimStart().startsWith('❯')) highlighted = options.length;
    // Every row approves several calls, cancels work, or opens another view: none is a single-use yes or a plain no.
    options.push({ key: null, label: `(${m[1] ?? ''}) ${m[2] ?? ''}`, kind: /approve/i.test(m[2] ?? '') ? 'always' : 'other' });
  }
  if (options.length === 0) return null;
  return {
    kind: 'permission',
    runtime: 'kiro',
    tool: 'subagents',
    question: (lines[from + at] ?? '').trim(),
    subject: `${HEADER.exec(lines[from + at] ?? '')?.[1] ?? '?'} pending tool approvals`,
    options,
    highlighted,
    confidence: 'low',
    escapeDenies: false,
    approveByEnterOnHighlight: false,
  };
}
