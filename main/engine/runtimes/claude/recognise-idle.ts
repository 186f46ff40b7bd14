/** Claude's input box at the bottom of the screen: `❯ ` between two `────` rules, status footer below. */
import { isBlank, isRule } from './screen-lines.ts';

/** Where the input box sits and what it holds. */
export interface InputBox {
  /** Index of the rule above the input line. */
  readonly top: number;
  /** Index of the rule below the input line(s). */
  readonly bottom: number;
  /** Text in the input ('' when empty or when only the placeholder is shown). */
  readonly draft: string;
  /** The status lines under the box ("⏸ manual mode on · ? for shortcuts"). */
  readonly footer: readonly string[];
}

// Footer lines under the box: the mode line, the effort hint, the focus-events notice. Never more.
const MAX_FOOTER_LINES = 3;
// A long draft wraps; Claude grows the box rather than scrolling it for a while.
const MAX_INPUT_LINES = 20;
const OPTION_LIKE = /^\s*❯?\s*\d{1,2}\.\s+\S/;

/**
 * A row of the panel Claude draws under its input box for background agents and tasks (`◯ Explore
 * Investigate repo   33s`, `● main   ↑/↓ to select · Enter to view`): a status glyph, then text.
 */
const PANEL_ROW = /^\s*[●◯◐◑◒◓✔✓✗◻◼☐☒□■▪⏺✻✳]\s+\S/;
// A panel lists at most this many rows before it scrolls.
const MAX_PANEL_ROWS = 24;

/**
 * The closing rule of the box: the first rule above the last few footer lines; footer must not look like
 * a list. Panel rows (agents, tasks) under the box count apart, so a long panel does not hide the box.
 */
function closingRule(lines: readonly string[]): { index: number; footer: string[] } | null {
  const footer: string[] = [];
  let panel = 0;
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = lines[i] ?? '';
    if (isRule(line)) return { index: i, footer };
    if (isBlank(line)) continue;
    if (OPTION_LIKE.test(line) || line.trimStart().startsWith('❯')) return null;
    if (PANEL_ROW.test(line) && panel < MAX_PANEL_ROWS) panel++;
    else if (footer.length - panel >= MAX_FOOTER_LINES) return null;
    footer.unshift(line.trim());
  }
  return null;
}

/**
 * The input box at the bottom of the screen, or null. The first line inside must start with `❯`; wrapped
 * draft lines follow it indented. Claude shows a dim placeholder ("Once fixed, resend your message")
 * in an empty input; plain text cannot tell it from typed text, but the footer can: `? for shortcuts`
 * is only shown while the input is empty (verified in idle-after-turn and idle-partial-input).
 */
export function findInputBox(lines: readonly string[]): InputBox | null {
  const close = closingRule(lines);
  // Claude always draws its footer under the box (mode line, `? for shortcuts`); without it the capture
  // caught the top of a frame still being drawn, and the placeholder cannot be told from a draft.
  if (!close || close.footer.length === 0) return null;
  let top = -1;
  for (let i = close.index - 1; i >= 0 && i >= close.index - MAX_INPUT_LINES; i--) {
    if (isRule(lines[i])) {
      top = i;
      break;
    }
  }
  if (top < 0 || top === close.index - 1) return null;
  const inside = lines.slice(top + 1, close.index);
  const first = inside[0] ?? '';
  const m = /^❯(?:\s(.*))?$/.exec(first);
  if (!m) return null;
  const text = [(m[1] ?? '').trim(), ...inside.slice(1).map((l) => l.replace(/^ {1,2}/, ''))].join('\n').trimEnd();
  const emptyHint = close.footer.some((f) => f.includes('? for shortcuts'));
  return { top, bottom: close.index, draft: emptyHint ? '' : text, footer: close.footer };
}
