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
import { classifyOptionLabel } from '../common/classify-option.ts';
import type { PermissionPrompt } from '../types.ts';
import { optionBlockEndingAt, unbox } from './screen.ts';
import { markedOption, rowAbove } from '../common/numbered-block.ts';

const QUESTIONS: readonly RegExp[] = [
  /^Allow execution of: .+\?$/,
  /^Allow execution of \[[^\]]+\]\?$/,
  /^Allow execution of MCP tool .+\?$/,
  /^Apply this change\?$/,
  /^Do you want to proceed\?$/,
];
/** `? Shell echo hi (why) ←`: the tool's display name and its description; `←` marks the focused call. */
const HEADER = /^\?\s+(\S+)\s+(.*?)\s*←?$/;
/** The line under the options while the prompt waits (its spinner turns). */
const WAITING = /^\s*\S?\s*Waiting for user confirmation\.\.\.$/;

/** The waiting line as a narrow pane cuts it (`⠏ Waiting for user` / `…`, `… confirmat` / `i…` at 20-30 columns). */
const WAITING_CUT = /^\s*\S?\s*Waiting for user\b/;
const WAITING_REST = /^\s*\S{0,12}…$/;
/** How a question starts; a narrow pane cuts it with `…` (`Allow execu…`). */
const QUESTION_STARTS = ['Allow execution of', 'Apply this change?', 'Do you want to proceed?'];

/** A known question the pane's edge cut with `…`: still this prompt; the options say what approve may do. */
function isCutQuestion(row: string): boolean {
  if (!row.endsWith('…')) return false;
  const stem = row.slice(0, -1).trimEnd();
  return stem.length >= 5 && QUESTION_STARTS.some((start) => start.startsWith(stem) || stem.startsWith(start));
}

/**
 * A label the pane's edge cut (`No, suggest chan…`, `Yes, a…`) is never read as once or no: what it says is not
 * all on screen (Escape still says no). A cut label that already states a wider grant stays one.
 */
function cutAwareKind(label: string) {
  const kind = classifyOptionLabel(label);
  return label.includes('…') && kind !== 'always' ? 'other' : kind;
}

/** Rows the waiting line takes at the bottom (0 when it is not there). */
function waitingRows(lines: readonly string[], last: number): number {
  if (WAITING.test(lines[last] ?? '')) return 1;
  if (WAITING_CUT.test(lines[last] ?? '')) return 1;
  return WAITING_REST.test(lines[last] ?? '') && WAITING_CUT.test(lines[last - 1] ?? '') ? 2 : 0;
}

/** The confirmation ending the screen, or null. High confidence only for the whole, known shape. */
export function parseQwenPermission(lines: readonly string[]): PermissionPrompt | null {
  let last = lines.length - 1;
  last -= waitingRows(lines, last);
  const rows = lines.map(unbox);
  // Blank rows may sit between the options and the waiting line.
  while (last >= 0 && rows[last] === '' && last >= lines.length - 4) last--;
  const block = optionBlockEndingAt(rows, last);
  if (!block) return null;
  const questionAt = rowAbove(rows, block.start, 3, (row) => QUESTIONS.some((q) => q.test(row)) || isCutQuestion(row));
  if (questionAt < 0) return null;
  const headerAt = rowAbove(rows, questionAt, 30, (row) => HEADER.test(row));
  const header = HEADER.exec(rows[headerAt] ?? '');
  const options = block.options.map((o) => ({ key: String(o.number), label: o.label, kind: cutAwareKind(o.label) }));
  const highlighted = markedOption(block.options);
  // The No row ends the list even where the edge cut its label (`No, suggest chan…`).
  const endsInNo = classifyOptionLabel(block.options.at(-1)?.label ?? '') === 'deny';
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
    question: rows[questionAt] ?? '',
    subject,
    options,
    highlighted,
    confidence: header !== null && highlighted !== null && endsInNo && options.length >= 2 ? 'high' : 'low',
    escapeDenies: true,
    approveByEnterOnHighlight: false,
  };
}
