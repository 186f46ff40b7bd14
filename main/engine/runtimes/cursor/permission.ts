/**
 * Cursor agent approval block, as Cursor agent 2026.09.26 draws it (peer captures):
 *    $  echo agentman-research in .          |  Delete file: hello.txt
 *    Run this command?                       |  Delete this file?
 *    Not in allowlist: echo                  |   → Delete (y)
 *     → Run (once) (y)                       |     Keep (n)
 *       Add Shell(echo) to allowlist? (tab)
 *       Run Everything (shift+tab)
 *       Skip & tell the agent what to do instead (esc or n)
 *                                     ctrl+r to review changed files
 * The block must end the screen (only chrome rows under it). Confident when exactly one row carries
 * the marker and every option prints its own key, each key different: the key printed on the
 * single-use option then selects it, whatever the highlight.
 */
import { withKinds } from '../common/option-context.ts';
import type { PermissionPrompt, PromptOption } from '../types.ts';
import { hintMentionsEscape, keyOfHint } from './hints.ts';
import { cursorOptionRow, isCursorChromeRow, isCursorQuestion, type CursorOptionRow } from './options.ts';
import { bottom } from './screen.ts';

/** `$ cmd in <dir>` → `cmd` (the trailing ` in <dir>` is Cursor's cwd note). */
function commandOf(text: string): string {
  const body = text.slice(1).trim();
  const at = body.lastIndexOf(' in ');
  return at > 0 && !body.slice(at + 4).includes(' ') ? body.slice(0, at).trim() : body;
}

const FILE_SUBJECT = /^([A-Z][a-z]+) file: (\S.*)$/;
const NOT_ALLOWED = 'Not in allowlist: ';

/** Tool and subject from the rows around the question (closest above first). */
function subjectOf(above: readonly string[], below: readonly string[]): { tool: string | null; subject: string } {
  for (const text of [...above].reverse()) {
    if (text.startsWith('$ ')) return { tool: 'Shell', subject: commandOf(text) };
    const file = FILE_SUBJECT.exec(text);
    if (file) return { tool: file[1] ?? null, subject: file[2] ?? '' };
  }
  const notAllowed = below.find((t) => t.startsWith(NOT_ALLOWED));
  return { tool: null, subject: notAllowed ? notAllowed.slice(NOT_ALLOWED.length).trim() : '' };
}

const BOX_BOTTOM = /^└─+┘$/;

/**
 * The whole block is in view and unambiguous: one marker, every option prints a key of its own,
 * the list ends with its no (Cursor's menus do; a cut-off list does not), and a boxed block is
 * closed under its last option.
 */
function confident(options: readonly CursorOptionRow[], keys: readonly (string | null)[], lastIsNo: boolean, closed: boolean): boolean {
  const marked = options.filter((o) => o.marked).length;
  const known = keys.filter((k): k is string => k !== null);
  return marked === 1 && known.length === keys.length && new Set(known).size === known.length && lastIsNo && closed;
}

/**
 * The approval block that ends the screen, or null. `reachesPaneBottom`: the screen's last row is the
 * pane's last row. Cursor draws the block whole (its list ends with the no, a box is closed under it);
 * a block that is not whole is read (with low confidence) only when the pane is too short for it. With
 * blank rows under it, it is the top of a frame still being drawn (common/torn-frame.ts): no prompt yet.
 */
export function parseCursorPermission(lines: readonly string[], reachesPaneBottom: boolean): PermissionPrompt | null {
  const block = bottom(lines, 20);
  const rows = block.map((r) => r.text);
  let end = rows.length;
  while (end > 0 && isCursorChromeRow(rows[end - 1] ?? '')) end--;
  let start = end;
  while (start > 0 && cursorOptionRow(rows[start - 1] ?? '') !== null) start--;
  if (end - start < 2) return null;
  const questionAt = rows.slice(0, start).findLastIndex(isCursorQuestion);
  // Between the question and the options only a short note (`Not in allowlist: echo`).
  if (questionAt < 0 || start - questionAt > 4) return null;
  const options = rows.slice(start, end).map((t) => cursorOptionRow(t) as CursorOptionRow);
  const keys = options.map((o) => keyOfHint(o.hint));
  const prompt: PromptOption[] = withKinds(options.map((o, k) => ({ key: keys[k] ?? null, label: `${o.label} (${o.hint})` })));
  const marked = options.flatMap((o, k) => (o.marked ? [k] : []));
  // Options drawn above the gap mean the list is broken up (a row without a hint among them).
  const broken = rows.slice(questionAt + 1, start).some((t) => cursorOptionRow(t) !== null);
  const boxed = (lines[block[questionAt]?.index ?? 0] ?? '').trim().startsWith('│');
  const closed = !boxed || BOX_BOTTOM.test((lines[(block[end - 1]?.index ?? 0) + 1] ?? '').trim());
  const lastIsNo = prompt[prompt.length - 1]?.kind === 'deny';
  if (!(closed && lastIsNo) && !reachesPaneBottom) return null;
  const { tool, subject } = subjectOf(rows.slice(Math.max(0, questionAt - 6), questionAt), rows.slice(questionAt + 1, start));
  return {
    kind: 'permission',
    runtime: 'cursor',
    tool,
    question: rows[questionAt] ?? '',
    subject,
    options: prompt,
    highlighted: marked.length === 1 ? (marked[0] ?? null) : null,
    confidence: !broken && confident(options, keys, lastIsNo, closed) ? 'high' : 'low',
    // Only where the screen itself says Esc picks a "no" option (`Skip (esc or n)`).
    escapeDenies: options.some((o, k) => prompt[k]?.kind === 'deny' && hintMentionsEscape(o.hint)),
    approveByEnterOnHighlight: false,
  };
}
