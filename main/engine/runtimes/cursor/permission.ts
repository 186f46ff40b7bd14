/**
 * Cursor agent approval block, as third-party captures show it (unverified):
 *   $ echo hi > out.txt in .
 *   Run this command?
 *   Shell allowlist is empty
 *    → Run (once) (y)
 *      Run Everything (shift+tab)
 *      Skip (esc or n)
 * Always low confidence: no capture of ours confirms the keys, so no approve key is ever offered.
 */
import { classifyOptionLabel } from '../common/classify-option.ts';
import type { PermissionPrompt, PromptOption } from '../types.ts';
import { hintMentionsEscape, keyOfHint, splitHint } from './hints.ts';
import { bottom } from './screen.ts';

const MARKERS = ['→ ', '❯ ', '> '];

interface Row {
  readonly label: string;
  readonly hint: string;
  readonly marked: boolean;
}

function optionRow(text: string): Row | null {
  const marker = MARKERS.find((m) => text.startsWith(m));
  const body = marker ? text.slice(marker.length).trim() : text;
  const split = splitHint(body);
  return split ? { ...split, marked: marker !== undefined } : null;
}

/** `$ cmd in <dir>` → `cmd` (the trailing ` in <dir>` is Cursor's cwd note). */
function commandOf(text: string): string {
  const body = text.slice(1).trim();
  const at = body.lastIndexOf(' in ');
  return at > 0 && !body.slice(at + 4).includes(' ') ? body.slice(0, at).trim() : body;
}

/** The approval block at the bottom of the screen, or null. */
export function parseCursorPermission(lines: readonly string[]): PermissionPrompt | null {
  const rows = bottom(lines, 20);
  const questionAt = rows.findLastIndex((r) => r.text.endsWith('?') && /^[A-Z]/.test(r.text) && splitHint(r.text) === null);
  if (questionAt < 0) return null;
  const after = rows.slice(questionAt + 1).filter((r) => r.text !== '');
  const firstOption = after.findIndex((r) => optionRow(r.text) !== null);
  if (firstOption < 0) return null;
  const options: Row[] = [];
  for (const r of after.slice(firstOption)) {
    const row = optionRow(r.text);
    // Anything after the options but key-hint lines means the block is not what ends the screen.
    if (!row) return null;
    options.push(row);
  }
  if (options.length < 2) return null;
  const subjectRow = rows.slice(Math.max(0, questionAt - 6), questionAt).findLast((r) => r.text.startsWith('$ '));
  const prompt: PromptOption[] = options.map((o) => {
    const label = `${o.label} (${o.hint})`;
    return { key: keyOfHint(o.hint), label, kind: classifyOptionLabel(label) };
  });
  const marked = options.flatMap((o, k) => (o.marked ? [k] : []));
  return {
    kind: 'permission',
    runtime: 'cursor',
    tool: subjectRow ? 'Shell' : null,
    question: rows[questionAt]?.text ?? '',
    subject: subjectRow ? commandOf(subjectRow.text) : '',
    options: prompt,
    highlighted: marked.length === 1 ? (marked[0] ?? null) : null,
    confidence: 'low',
    // Only where the screen itself says Esc picks a "no" option (`Skip (esc or n)`).
    escapeDenies: options.some((o, k) => prompt[k]?.kind === 'deny' && hintMentionsEscape(o.hint)),
    approveByEnterOnHighlight: false,
  };
}
