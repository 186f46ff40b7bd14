/**
 * Qwen Code 0.24.4 composer and working line (verified in test/fixtures/panes/qwen/idle*, working*): the input
 * between two full-width rules, `>   Type your message or @path/to/file` when empty, the footer under it
 * (`➜ project · model`, the approval mode). While a turn runs the composer stays: the line above it says
 * `.  Painting the serifs back on... (3s · ↓ 36 tokens · esc to cancel)` and the footer `Enter to steer`.
 */
import { isRule } from './screen.ts';

/** The status line of a running turn: a phrase, then `(<elapsed> … esc to cancel)`. */
const STATUS = /\(\d+[hms][^()]{0,80}esc to cancel\)\s*$/;
const PLACEHOLDER = 'Type your message or @path/to/file';

/** Is this line Qwen Code's status line (its spinner, seconds and tokens change)? */
export function isQwenStatusLine(line: string): boolean {
  return line.length < 400 && STATUS.test(line);
}

/** The composer: where its top rule is, what is typed, and the footer rows under it. */
export interface QwenComposer {
  readonly top: number;
  readonly draft: string;
  readonly footer: readonly string[];
}

const squeeze = (text: string) => text.replace(/[\s\u200b]+/g, '');

/**
 * The empty composer in a narrow pane: the terminal wraps the placeholder where the edge falls, mid-word and
 * without the input's indent (`>   Type your messag` / `e` / `   or @path/to/file` at 20 columns).
 */
function isWrappedPlaceholder(input: readonly string[]): boolean {
  return input.length > 1 && squeeze(input.join('').replace(/^>/, '')) === squeeze(PLACEHOLDER);
}

/**
 * The footer as Qwen Code always draws it: `➜ project · model`, then the approval mode row (where a running
 * turn also says `Enter to steer`). A capture that caught a redrawn frame before its footer is not read:
 * the missing row may be the one that says the turn still runs (common/torn-frame.ts).
 */
function isWholeFooter(footer: readonly string[]): boolean {
  const [place, mode] = footer;
  return [place, mode].every((row) => row !== undefined && row.trim() !== '' && !isRule(row));
}

/**
 * The composer nearest the bottom: rule, `> ` input rows, rule, then its two footer rows (at most three). Only the `>`
 * prompt counts (`!` is shell mode: typed text would run as a command).
 */
export function findQwenComposer(lines: readonly string[]): QwenComposer | null {
  const last = lines.length - 1;
  for (let bottom = last; bottom >= 0 && bottom >= last - 4; bottom--) {
    if (!isRule(lines[bottom] ?? '')) continue;
    let top = bottom - 1;
    while (top >= 0 && top > bottom - 12 && !isRule(lines[top] ?? '')) top--;
    if (top < 0 || !isRule(lines[top] ?? '')) continue;
    const input = lines.slice(top + 1, bottom);
    const m = /^> (.*)$/.exec(input[0] ?? '');
    if (!m) continue;
    if (isWrappedPlaceholder(input)) return { top, draft: '', footer: lines.slice(bottom + 1) };
    if (!input.slice(1).every((l) => /^ {2}/.test(l))) continue;
    // The cursor is drawn as a zero-width space after the text.
    const text = [m[1] ?? '', ...input.slice(1)]
      .map((l) => l.replace(/\u200b/g, '').trim())
      .join('\n')
      .trim();
    const footer = lines.slice(bottom + 1);
    if (!isWholeFooter(footer)) continue;
    return { top, draft: text === PLACEHOLDER ? '' : text, footer };
  }
  return null;
}

/** The line that proves a turn runs (the status line above the composer, or the footer's steer hint), or null. */
export function qwenWorkingLine(lines: readonly string[], composer: QwenComposer): string | null {
  for (let i = composer.top - 1; i >= 0 && i >= composer.top - 3; i--) {
    const line = lines[i] ?? '';
    if (isQwenStatusLine(line)) return line.trim();
  }
  const steer = composer.footer.find((l) => /\bEnter to steer\b/.test(l));
  return steer ? steer.trim() : null;
}
