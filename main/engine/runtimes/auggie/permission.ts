/**
 * Auggie `ask-user` tool approvals. Unverified and undocumented in shape, so the recogniser is
 * generic: a question ending in `?` near the bottom followed only by options (`1. Allow`,
 * `[y] Yes`). Always low confidence: no approve key is ever offered.
 */
import { classifyOptionLabel } from '../common/classify-option.ts';
import type { DialogScreen, PermissionPrompt, PromptOption } from '../types.ts';
import { unbox } from './screen.ts';

const NUMBERED = /^(?:([❯›>→])\s*)?(\d{1,2})\. (\S.*)$/;
const BRACKETED = /^(?:([❯›>→])\s*)?\[([a-z0-9])\] (\S.*)$/i;

interface Row {
  readonly key: string;
  readonly label: string;
  readonly marked: boolean;
}

function optionRow(text: string): Row | null {
  const m = NUMBERED.exec(text) ?? BRACKETED.exec(text);
  return m ? { key: (m[2] ?? '').toLowerCase(), label: (m[3] ?? '').trim(), marked: m[1] !== undefined } : null;
}

/** A question with options ending the screen: a permission prompt when it offers yes or no, else a dialog. */
export function parseAuggiePrompt(lines: readonly string[]): PermissionPrompt | DialogScreen | null {
  const from = Math.max(0, lines.length - 15);
  const rows = lines.slice(from).map(unbox);
  const questionAt = rows.findLastIndex((t) => t.endsWith('?') && optionRow(t) === null);
  if (questionAt < 0) return null;
  const after = rows.slice(questionAt + 1).filter((t) => t !== '');
  const parsed = after.map(optionRow);
  if (parsed.length < 2 || parsed.some((r) => r === null)) return null;
  const found = parsed as Row[];
  const options: PromptOption[] = found.map((r) => ({ key: r.key, label: r.label, kind: classifyOptionLabel(r.label) }));
  const marked = found.flatMap((r, k) => (r.marked ? [k] : []));
  const highlighted = marked.length === 1 ? (marked[0] ?? null) : null;
  const question = rows[questionAt] ?? '';
  if (!options.some((o) => o.kind !== 'other')) {
    return { kind: 'dialog', runtime: 'auggie', dialogId: null, question, options, highlighted };
  }
  const near = rows.slice(Math.max(0, questionAt - 4), questionAt).findLast((t) => t !== '') ?? '';
  const subject = near.startsWith('$ ') ? near.slice(2).trim() : near;
  return {
    kind: 'permission',
    runtime: 'auggie',
    tool: null,
    question,
    subject,
    options,
    highlighted,
    confidence: 'low',
    // Not documented: never assume Escape says no.
    escapeDenies: false,
    approveByEnterOnHighlight: false,
  };
}
