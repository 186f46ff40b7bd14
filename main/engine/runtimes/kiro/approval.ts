/**
 * Read Kiro's terminal-UI approval menu (kiro/menu.ts) into a Screen, per level:
 * - first level (`shell requires approval`): a permission read with confidence when exactly one row
 *   carries the `❯` marker. Approve is Enter, and only while the marker stands on the single-use
 *   row (`Yes, single permission`; number keys do nothing in Kiro). Escape denies (the footer's
 *   `esc to close`; verified live by thrum, and agentman's adapter denies with it).
 * - `· trust options`: every row is a standing grant (full command, base command, directory, whole
 *   tool): a permission whose options are all `always`, no approve and no deny — Escape here closes
 *   the sub-menu back to the first level, it does not say no.
 * - `· Modify request` (Tab on `No`): a text box for the reason, not a choice: a dialog.
 * - any other level: a permission with its rows classified, never confident.
 */
import { classifyOptionLabel } from '../common/classify-option.ts';
import type { DialogScreen, PermissionPrompt, PromptOption } from '../types.ts';
import { kiroCallAbove, kiroMenu, type KiroMenuRow } from './menu.ts';

/** `Full command    ls -la` → `Full command: ls -la` (two columns: scope and what it would allow). */
function joinColumns(text: string): string {
  const parts = text.split(/\s{2,}/);
  return parts.length > 1 ? `${parts[0] ?? ''}: ${parts.slice(1).join(' ')}` : text;
}

function highlightOf(rows: readonly KiroMenuRow[]): number | null {
  const marked = rows.flatMap((r, k) => (r.marked ? [k] : []));
  return marked.length === 1 ? (marked[0] ?? null) : null;
}

/** The approval menu at the bottom of the screen as a permission or dialog, or null when none ends it. */
export function parseKiroApproval(lines: readonly string[]): PermissionPrompt | DialogScreen | null {
  const menu = kiroMenu(lines);
  if (!menu || menu.rows.length === 0) return null;
  const level = menu.level?.toLowerCase() ?? null;
  if (menu.rows.some((r) => r.text.startsWith('›'))) {
    return { kind: 'dialog', runtime: 'kiro', dialogId: 'kiro.approval-reason', question: menu.header, options: [], highlighted: null };
  }
  const trustLevel = level === 'trust options';
  const options: PromptOption[] = menu.rows.map((r) => {
    const label = joinColumns(r.text);
    // Every row of the trust-options level grants beyond this call, whatever its words.
    return { key: null, label, kind: trustLevel ? 'always' : classifyOptionLabel(label) };
  });
  const highlighted = highlightOf(menu.rows);
  const firstLevel = level === null;
  return {
    kind: 'permission',
    runtime: 'kiro',
    tool: menu.tool,
    question: menu.header,
    subject: kiroCallAbove(lines, menu.tool, menu.headerAt),
    options,
    highlighted,
    confidence: (firstLevel || trustLevel) && highlighted !== null && options.length >= 2 ? 'high' : 'low',
    escapeDenies: firstLevel,
    approveByEnterOnHighlight: true,
  };
}
