/**
 * A recogniser for any menu, for screens no runtime's own parser explains (a new prompt shape after a
 * CLI update). A menu is: a question, then a numbered or lettered option list at the bottom of the
 * pane, then only key-hint or frame rows, at least one of them a hint ("Esc to cancel", "↑/↓ to
 * select"). It is read at low confidence: options are classified by the single-use whitelist but
 * never carry an approve key; deny is Escape only where the hint says Escape cancels.
 */
import type { DialogScreen, PermissionPrompt, PromptOption, RuntimeId } from '../types.ts';
import { withKinds } from './option-context.ts';
import type { OptionRow } from './menu-rows.ts';
import { hintNamesEscapeCancel, isChromeRow, isHintRow, isKeyRow, optionRow, unbordered } from './menu-rows.ts';
import { visibleLines } from './visible-lines.ts';

/** Rows read above the bottom: a menu with its question fits well inside. */
const WINDOW = 60;
/** No pane is this wide: longer rows are cut before any pattern reads them (bounded work on garbage). */
const MAX_ROW = 1000;
/** Non-blank hint/frame rows allowed under the last option (Cursor's review hint, a footer, a box bottom). */
const MAX_TAIL_ROWS = 5;
/** How far above the options the question may be (a command or file path sits between). */
const QUESTION_REACH = 8;
/** A question that asks to run, write, fetch or allow something makes the menu a permission prompt. */
const PERMISSION_QUESTION =
  /\b(?:run|execute|write|create|edit|overwrite|modify|delete|remove|fetch|download|allow|permit|approve|proceed|access|make this edit|apply)\b/i;
const QUESTION_LIKE = /\?\s*$|^(?:select|choose|pick|which|what|how|would|do you|should)\b.*:\s*$/i;

interface ListedOption {
  readonly row: OptionRow;
  label: string;
}

/** The list from `start` to `end` (inclusive), or null when a row there is not part of it. */
function readList(
  rows: readonly string[],
  widths: readonly number[],
  start: number,
  end: number,
  wrapWidth: number,
): ListedOption[] | null {
  const first = optionRow(rows[start] ?? '');
  if (!first) return null;
  const lettered = /[a-zA-Z]/.test(first.key);
  const keyAt = (i: number) => (lettered ? String.fromCharCode(first.key.charCodeAt(0) + i) : String(i + 1));
  const options: ListedOption[] = [];
  let blanks = 0;
  for (let i = start; i <= end; i++) {
    const row = rows[i] ?? '';
    if (row.trim() === '') {
      if (++blanks > 1) return null;
      continue;
    }
    const option = optionRow(row);
    if (option && option.key === keyAt(options.length)) {
      options.push({ row: option, label: option.label });
      blanks = 0;
      continue;
    }
    const current = options[options.length - 1];
    // A wrapped label: the row above filled the pane (tmux wraps at column 0, mid-word: no space between),
    // or this row is indented under its option's text (the CLI wrapped it at a word).
    const filled = (widths[i - 1] ?? 0) >= wrapWidth;
    const continues = current && blanks === 0 && (filled || indentOf(row) > current.row.indent);
    if (option || !continues || isHintRow(row) || isKeyRow(row)) return null;
    current.label = filled ? `${current.label}${row}` : `${current.label} ${row.trim()}`;
  }
  return options.length >= 2 ? options : null;
}

function indentOf(row: string): number {
  return row.length - row.trimStart().length;
}

/** Index of the last row that is not blank, frame or hint, and whether a hint was under it. */
function listEnd(rows: readonly string[]): { end: number; hinted: boolean; escapeCancels: boolean } | null {
  let hinted = false;
  let escapeCancels = false;
  let tailRows = 0;
  for (let i = rows.length - 1; i >= 0; i--) {
    const row = rows[i] ?? '';
    if (row.trim() === '' || isChromeRow(row)) continue;
    if (optionRow(row) === null && (isHintRow(row) || isKeyRow(row))) {
      if (++tailRows > MAX_TAIL_ROWS) return null;
      hinted ||= isHintRow(row);
      escapeCancels ||= hintNamesEscapeCancel(row);
      continue;
    }
    return { end: i, hinted, escapeCancels };
  }
  return null;
}

/** A box side starting a row, and a box's bottom edge. */
const BOX_SIDE = /^\s*[│┃║]/;
const BOX_BOTTOM = /^\s*[╰└┗╚][─━═]/;

/**
 * Is the list drawn inside a box that is not closed under it? Every CLI closes the box it draws a menu
 * in; a box still open is the top of a frame still being drawn (common/torn-frame.ts).
 */
function openBox(visible: readonly string[], end: number): boolean {
  return BOX_SIDE.test(visible[end] ?? '') && !visible.slice(end + 1).some((row) => BOX_BOTTOM.test(row));
}

/** Up to three rows right above the question, in its paragraph (no blank between): a command or path. */
function subjectAbove(rows: readonly string[], question: number): string[] {
  const found: string[] = [];
  for (let i = question - 1; i >= 0 && found.length < 3; i--) {
    const row = rows[i] ?? '';
    if (row.trim() === '' || isChromeRow(row) || isHintRow(row)) break;
    found.unshift(row.trim());
  }
  return found;
}

/** The question above the list (a wrapped one joined), and the rows between it and the list. */
function questionAbove(
  rows: readonly string[],
  widths: readonly number[],
  start: number,
  wrapWidth: number,
): { question: string; between: string[] } | null {
  const between: string[] = [];
  for (let i = start - 1, seen = 0; i >= 0 && seen < QUESTION_REACH; i--) {
    const row = rows[i] ?? '';
    if (row.trim() === '') continue;
    if (isChromeRow(row) || optionRow(row)) return null;
    seen++;
    if (QUESTION_LIKE.test(row.trim())) {
      let question = row;
      // A question tmux wrapped: the rows above it that fill the pane (a full-width rule is a frame, not words).
      for (let j = i - 1; j >= 0 && (widths[j] ?? 0) >= wrapWidth && !isChromeRow(rows[j] ?? ''); j--)
        question = `${rows[j] ?? ''}${question}`;
      question = question.trim();
      return { question, between: between.length > 0 ? between.reverse() : subjectAbove(rows, i) };
    }
    between.push(row.trim());
  }
  return null;
}

/**
 * The menu at the bottom of `lines`, or null when there is none. Pure; `runtime` names whose pane it is.
 * Never a high-confidence prompt: the result has no approve key, whatever its options say.
 */
export function recogniseGenericMenu(lines: readonly string[], runtime: RuntimeId): PermissionPrompt | DialogScreen | null {
  const visible = visibleLines(lines)
    .slice(-WINDOW)
    .map((line) => line.slice(0, MAX_ROW));
  const rows = visible.map((line) => unbordered(line).trimEnd());
  const widths = visible.map((line) => line.length);
  const wrapWidth = Math.max(40, ...widths);
  const tail = listEnd(rows);
  if (!tail || !tail.hinted || openBox(visible, tail.end)) return null;
  let list: ListedOption[] | null = null;
  let start = -1;
  for (let i = tail.end; i >= Math.max(0, tail.end - 40) && !list; i--) {
    const row = optionRow(rows[i] ?? '');
    if (row && (row.key === '1' || row.key === 'a' || row.key === 'A')) {
      list = readList(rows, widths, i, tail.end, wrapWidth);
      start = i;
    }
  }
  if (!list) return null;
  const marked = list.flatMap((o, index) => (o.row.marked ? [index] : []));
  if (marked.length > 1) return null;
  const asked = questionAbove(rows, widths, start, wrapWidth);
  if (!asked) return null;
  const options: PromptOption[] = withKinds(list.map((o) => ({ key: o.row.key.length === 1 ? o.row.key : null, label: o.label })));
  const highlighted = marked[0] ?? null;
  if (!PERMISSION_QUESTION.test(asked.question))
    return { kind: 'dialog', runtime, dialogId: null, question: asked.question, options, highlighted };
  return {
    kind: 'permission',
    runtime,
    tool: null,
    question: asked.question,
    subject: asked.between.join(' '),
    options,
    highlighted,
    confidence: 'low',
    escapeDenies: tail.escapeCancels,
    approveByEnterOnHighlight: false,
  };
}
