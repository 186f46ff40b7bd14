/** Finds the list of choices Claude draws at the very bottom of a prompt or dialog, numbered or not. */
import { indentOf, isBlank, isRule } from './screen-lines.ts';

/** One choice as drawn: its number (null when unnumbered), first-line text, wrapped/description lines below it. */
export interface DrawnOption {
  readonly number: number | null;
  readonly text: string;
  readonly more: readonly string[];
  readonly highlighted: boolean;
}

/** The choices at the bottom of the screen and where they sit. */
export interface OptionBlock {
  readonly options: readonly DrawnOption[];
  readonly numbered: boolean;
  /** Index of the first option line. */
  readonly top: number;
  /** Key hint lines under the options ("Esc to cancel · Tab to amend"); empty when none is shown. */
  readonly footer: readonly string[];
}

// "❯ 1. Yes" / "  2. No": optional cursor, a number, a dot, the label.
const NUMBERED = /^(\s*)(❯\s*)?(\d{1,2})\.\s+(\S.*)$/;
// "❯ No, exit" / "  Yes, I trust this folder": the cursor line of an unnumbered list.
const CURSOR = /^(\s*)❯\s+(\S.*)$/;
// Key hints under a list. Claude words them "<Key> to <verb>", joined by " · ".
const KEY_HINT = /^\s*(?:esc|enter|tab|space|↑\/↓|↑↓|ctrl\+\w+|shift\+tab)(?=\s)[^·]*\bto\s+\w+/i;
// The start of a hint row: a key name first (its "to <verb>" may have wrapped onto the next row).
const KEY_HINT_START = /^\s*(?:esc|enter|tab|space|↑\/↓|↑↓|ctrl\+\w+|shift\+tab)\s/i;
// Notices that may sit under anything and say nothing about the prompt.
const NOISE = /tmux focus-events off|^\s{20,}\S.*\/effort$/;

interface NumberedLine {
  readonly digitCol: number;
  readonly number: number;
  readonly text: string;
  readonly highlighted: boolean;
}

function numbered(line: string): NumberedLine | null {
  const m = NUMBERED.exec(line);
  if (!m) return null;
  const lead = m[1] ?? '';
  const cursor = m[2] ?? '';
  return { digitCol: lead.length + cursor.length, number: Number(m[3]), text: (m[4] ?? '').trim(), highlighted: cursor !== '' };
}

/**
 * Is `row` the rest of the hint `above`, wrapped in a narrow pane? `above` starts with a key and its last
 * ` · ` part is not finished (`Esc to cancel · Tab`), and `row` is only lower-case hint words (`to amend`).
 */
function wrappedHint(above: string, row: string): boolean {
  if (!KEY_HINT_START.test(above) || !/^\s*[a-z][a-z ·/+-]*$/.test(row)) return false;
  const lastPart = above.trim().split(' · ').pop() ?? '';
  return !/\bto\s+\w+/.test(lastPart) && KEY_HINT.test(`${above.trimEnd()} ${row.trim()}`);
}

/**
 * Index of the last line that is neither blank, a key hint nor a notice; collects the key hints. A hint
 * wrapped in a narrow pane (`Esc to cancel · Tab` / `to amend`) is one hint: a row that is not a hint
 * itself but completes the hint row above it belongs to the footer.
 */
function lastContentLine(lines: readonly string[]): { index: number; footer: string[] } {
  const footer: string[] = [];
  let i = lines.length - 1;
  for (; i >= 0; i--) {
    const line = lines[i] ?? '';
    if (isBlank(line) || NOISE.test(line)) continue;
    if (KEY_HINT.test(line)) {
      footer.unshift(line.trim());
      continue;
    }
    if (wrappedHint(lines[i - 1] ?? '', line)) {
      const above = lines[i - 1] ?? '';
      footer.unshift(`${above.trim()} ${line.trim()}`);
      i--;
      continue;
    }
    break;
  }
  return { index: i, footer };
}

// How far a wrapped label may reach down to the next option when it breaks the indentation rule.
const BRIDGE_LINES = 4;

/**
 * The option numbered one less than `below`, at its column, reached upward from `from` over a label
 * that wrapped the way narrow panes draw it: at most one blank line under the wrapped text (2.1.289),
 * continuation lines at any indentation (a long path wrapped at the pane edge). Its index, or -1.
 */
function bridgeAbove(lines: readonly string[], from: number, below: NumberedLine): number {
  let blanks = 0;
  for (let j = from; j >= 0 && j > from - BRIDGE_LINES; j--) {
    const line = lines[j] ?? '';
    if (isRule(line)) return -1;
    if (isBlank(line)) {
      if (++blanks > 1) return -1;
      continue;
    }
    const opt = numbered(line);
    if (opt) return opt.number === below.number - 1 && opt.digitCol === below.digitCol && j < from ? j : -1;
  }
  return -1;
}

/**
 * The rows under an option, trimmed, with a word the pane cut glued back: a word longer than the row
 * fills its row alone from the label's column to the pane's edge and goes on at the start of the next
 * (`recommendation` / `s`). Only a row that is one word reaching the edge counts, so two words are never
 * glued where the pane merely wrapped between them.
 */
function mergeCutWords(optionLine: string, more: readonly string[], width: number | null): string[] {
  const out: string[] = [];
  let above = optionLine;
  for (const row of more) {
    const piece = row.trim();
    const cut = width !== null && [...above.trimEnd()].length >= width && !/\s/.test(above.trim()) && out.length > 0;
    if (cut) out[out.length - 1] += piece;
    else out.push(piece);
    above = row;
  }
  return out;
}

/**
 * Numbered list ending at `end`, read upward. Lines between options must be indented deeper than the
 * option numbers (wrapped labels, descriptions); a rule is allowed only directly above an option
 * (AskUserQuestion separates "Chat about this" that way). A blank or shallow line ends the list unless
 * it sits in a wrapped label between two consecutive options (`bridgeAbove`). Anything else ends it.
 */
function numberedBlock(lines: readonly string[], end: number, footer: string[]): OptionBlock | null {
  // The pane's width is looked up only for an option with rows under it (most have none).
  let width: number | null | undefined;
  const rows = (optionLine: string, more: readonly string[]) =>
    more.length === 0 ? [] : mergeCutWords(optionLine, more, width === undefined ? (width = ruleWidth(lines)) : width);
  let pending: string[] = [];
  const found: { line: NumberedLine; more: string[] }[] = [];
  let top = -1;
  for (let i = end; i >= 0 && i > end - 60; i--) {
    const line = lines[i] ?? '';
    const upper = found[0];
    if (upper && pending.length === 0 && (isBlank(line) || (indentOf(line) <= upper.line.digitCol && !numbered(line) && !isRule(line)))) {
      const at = bridgeAbove(lines, i, upper.line);
      const opt = at >= 0 ? numbered(lines[at] ?? '') : null;
      if (!opt) break;
      const more = lines.slice(at + 1, i + 1).filter((l) => !isBlank(l));
      found.unshift({ line: opt, more: rows(lines[at] ?? '', more) });
      top = at;
      i = at;
      continue;
    }
    if (isBlank(line)) break;
    const opt = numbered(line);
    if (opt) {
      if (pending.some((p) => !isRule(p) && indentOf(p) <= opt.digitCol)) break;
      found.unshift({
        line: opt,
        more: rows(
          line,
          pending.filter((p) => !isRule(p)),
        ),
      });
      pending = [];
      top = i;
      continue;
    }
    if (isRule(line)) {
      // Only as a separator directly above an option, with more of the list above it.
      if (!upper || pending.length > 0 || isBlank(lines[i - 1]) || isRule(lines[i - 1])) break;
      pending = [line];
      continue;
    }
    if (upper && indentOf(line) <= upper.line.digitCol) break;
    // Below the last option only a few wrapped/description lines can follow; more means no list.
    if (!upper && pending.length >= 6) return null;
    pending.unshift(line);
  }
  if (found.length === 0) return null;
  return {
    options: found.map((f) => ({ number: f.line.number, text: f.line.text, more: f.more, highlighted: f.line.highlighted })),
    numbered: true,
    top,
    footer,
  };
}

/**
 * The pane's width as Claude draws it: its `────` rule spans the whole row (null without a rule, when the
 * width cannot be told from the text).
 */
function ruleWidth(lines: readonly string[]): number | null {
  const widths = lines.filter((l) => isRule(l)).map((l) => [...l.trimEnd()].length);
  return widths.length > 0 ? Math.max(...widths) : null;
}

/**
 * Would the first word of `row` have overflowed `above` at this pane width, so the CLI wrapped it? A row
 * opening with `Yes`/`No` is a label of its own (every yes/no dialog's labels start so), even after a
 * full row.
 */
function wrappedOnto(above: string, row: string, width: number | null): boolean {
  if (/^(?:Yes|No)\b/.test(row)) return false;
  const word = row.split(' ')[0] ?? '';
  return width !== null && above.trim() !== '' && [...above.trimEnd()].length + 1 + [...word].length > width;
}

/** Unnumbered list ending at `end`: one `❯` line, the others aligned with its text, no blank line inside. */
function unnumberedBlock(lines: readonly string[], end: number, footer: string[]): OptionBlock | null {
  let paneWidth: number | null | undefined;
  let start = end;
  while (start - 1 >= 0 && !isBlank(lines[start - 1]) && !isRule(lines[start - 1]) && end - start < 9) start--;
  const run = lines.slice(start, end + 1);
  const cursorLines = run.filter((l) => CURSOR.test(l));
  if (run.length < 2 || cursorLines.length !== 1) return null;
  const m = CURSOR.exec(cursorLines[0] ?? '');
  if (!m) return null;
  const textCol = (cursorLines[0] ?? '').indexOf(m[2] ?? '');
  // Every line of the run must be an option: text directly on top of the list (no blank line) makes it unreadable.
  const options: DrawnOption[] = [];
  for (const [i, line] of run.entries()) {
    const highlighted = CURSOR.test(line);
    if (!highlighted && indentOf(line) !== textCol) return null;
    const text = highlighted ? (m[2] ?? '').trim() : line.trim();
    const previous = options[options.length - 1];
    // Labels start with a capital; a row that starts in lower case is the one above, wrapped in a narrow
    // pane. So is a row whose first word would not have fit on the row above (`No, exit Claude` / `Code`).
    const prevRow = run[i - 1] ?? '';
    if (
      !highlighted &&
      previous &&
      (/^[a-z]/.test(text) || wrappedOnto(prevRow, text, paneWidth === undefined ? (paneWidth = ruleWidth(lines)) : paneWidth))
    ) {
      options[options.length - 1] = { ...previous, more: [...previous.more, text] };
      continue;
    }
    options.push({ number: null, text, more: [], highlighted });
  }
  return { options, numbered: false, top: start, footer };
}

/** The list of choices at the bottom of the screen, or null when the bottom is not a list. */
export function findOptionBlock(lines: readonly string[]): OptionBlock | null {
  const { index, footer } = lastContentLine(lines);
  if (index < 0) return null;
  return numberedBlock(lines, index, footer) ?? unnumberedBlock(lines, index, footer);
}
