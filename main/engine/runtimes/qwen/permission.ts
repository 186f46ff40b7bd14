/**
 * Qwen Code 0.24.4 tool confirmations (captures test/fixtures/panes/qwen/perm-*). Drawn inline at the bottom,
 * no box, the composer hidden:
 *
 *   ? Shell echo ran >> ran.txt (Record that the command ran) ←
 *      echo ran >> ran.txt
 *    Allow execution of: 'echo'?            (or `Apply this change?`, `Do you want to proceed?`)
 *    › 1. Yes, allow once                    (`›` marks the highlight; digits choose at once)
 *      2. Always allow run 'echo *' commands in this project
 *      3. Always allow run 'echo *' commands for this user
 *      4. No, suggest changes (esc)
 *   ⠏ Waiting for user confirmation...
 *
 * Verified by hand: `1` runs the tool once and the same command asks again; Esc and the No row's digit cancel
 * (the tool does not run, the pane is back at its input).
 */
import { classifyOptionLabel, isNoRow } from '../common/classify-option.ts';
import type { PermissionPrompt } from '../types.ts';
import { aboveWaitingLine, asksOneOf, optionBlockEndingAt, unbox } from './screen.ts';
import { markedOption, rowAbove, wrappedRowsAbove } from '../common/numbered-block.ts';

const QUESTIONS: readonly RegExp[] = [
  /^Allow execution of: .+\?$/,
  /^Allow execution of \[[^\]]+\]\?$/,
  /^Allow execution of MCP tool .+\?$/,
  /^Apply this change\?$/,
  /^Do you want to proceed\?$/,
];
/** How those questions start, for one a narrow pane cut with `…`. */
const QUESTION_STARTS = [
  "Allow execution of: '",
  'Allow execution of [',
  'Allow execution of MCP tool ',
  'Apply this change?',
  'Do you want to proceed?',
];
/** `? Shell echo hi (why) ←`: the tool's display name and its description; `←` marks the focused call. */
const HEADER = /^\?\s+(\S+)\s+(.*?)\s*←?$/;

/**
 * The confirmation ending the screen, or null. High confidence only for the whole, known shape.
 * `reachesPaneBottom`: the screen's last row is the pane's last row. Qwen Code draws the confirmation
 * whole (its list ends with the No row); one that is not whole is read (with low confidence) only when
 * the pane is too short for it. With blank rows under it, it is the top of a frame still being drawn
 * (common/torn-frame.ts): no prompt yet.
 */
export function parseQwenPermission(lines: readonly string[], reachesPaneBottom: boolean): PermissionPrompt | null {
  const above = aboveWaitingLine(lines);
  let last = above;
  const rows = lines.map(unbox);
  // Blank rows may sit between the options and the waiting line.
  while (last >= 0 && rows[last] === '' && last >= above - 3) last--;
  const block = optionBlockEndingAt(rows, last);
  if (!block) return null;
  // A narrow pane wraps the question over rows.
  const asked = wrappedRowsAbove(rows, block.start, 3, 10, (text) => asksOneOf(text, QUESTIONS, QUESTION_STARTS));
  if (!asked) return null;
  const questionAt = asked.start;
  const headerAt = rowAbove(rows, questionAt, 30, (row) => HEADER.test(row));
  const header = HEADER.exec(rows[headerAt] ?? '');
  const options = block.options.map((o) => ({ key: String(o.number), label: o.label, kind: classifyOptionLabel(o.label) }));
  const highlighted = markedOption(block.options);
  // The No row last (a narrow pane may cut its label): the list is whole.
  const endsInNo = isNoRow(options.at(-1)?.label ?? '', options.at(-1)?.kind ?? 'other');
  if (!endsInNo && !reachesPaneBottom) return null;
  const tool = header?.[1] ?? null;
  // Shell shows the command on the rows under its header, indented five columns (a wrapped header goes on at
  // four); other tools say what they touch in the header.
  const body = lines
    .slice(headerAt + 1, questionAt)
    .filter((l) => /^ {5}\S/.test(l))
    .map((l) => l.trim());
  const subject = tool === 'Shell' && body.length > 0 ? body.join('\n') : (header?.[2] ?? '').trim();
  return {
    kind: 'permission',
    runtime: 'qwen',
    tool,
    question: asked.text,
    subject,
    options,
    highlighted,
    confidence: header !== null && highlighted !== null && endsInNo && options.length >= 2 ? 'high' : 'low',
    escapeDenies: true,
    approveByEnterOnHighlight: false,
  };
}
