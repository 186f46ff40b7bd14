/**
 * Gemini CLI 0.61.0 composer and working line (verified in test/fixtures/panes/gemini/idle*, working*).
 * The input sits between a row of `▄` and a row of `▀`, the footer (workspace, sandbox, model) under it.
 * While a turn runs the composer stays; the line above its mode row says ` ⠙ Thinking... (esc to cancel, 3s)`.
 */

/** The status line of a running turn: spinner, phrase, and `(esc to cancel, <elapsed>)`. */
const STATUS = /^\s*[\u2801-\u28ff]?\s*\S.{0,160}\(esc to cancel, [0-9hms ]+\)/;
/** The empty input's placeholder. */
const PLACEHOLDER = 'Type your message or @path/to/file';

const isTopEdge = (row: string) => row.length >= 10 && /^▄+$/.test(row.trim());
const isBottomEdge = (row: string) => row.length >= 10 && /^▀+$/.test(row.trim());
/**
 * The footer's first row, drawn right under the composer one column in (` workspace (/directory) …`, or the
 * path in older layouts). What follows the sent prompt's box is blank, the answer (`✦ …`, `✕ …` at the
 * edge, its further rows two columns in) or a tool box.
 */
const isFooterRow = (row: string) => /^ [^\s│╭╰▄▀]/.test(row);

/** Is this line Gemini's status line (its spinner and seconds change)? */
export function isGeminiStatusLine(line: string): boolean {
  return line.length < 400 && STATUS.test(line);
}

/** The composer: where its top edge is and what is typed in it. */
export interface GeminiComposer {
  readonly top: number;
  readonly draft: string;
}

/**
 * The composer nearest the bottom: `▄` row, ` > ` input rows, `▀` row, then the footer (workspace, sandbox,
 * model) and at most eight rows in all (or rows an earlier wider frame left behind). Only the ` > ` prompt
 * counts: `!` (shell mode) would run what is typed as a shell command. The footer is required: the prompt
 * the user sent stays above in the same box, and a capture that caught only the top of a redrawn frame
 * (that box, nothing drawn under it yet) is not the composer (common/torn-frame.ts).
 */
export function findGeminiComposer(lines: readonly string[]): GeminiComposer | null {
  const last = lines.length - 1;
  for (let bottom = last; bottom >= 0 && bottom >= last - 8; bottom--) {
    if (!isBottomEdge(lines[bottom] ?? '') || !isFooterRow(lines[bottom + 1] ?? '')) continue;
    let top = bottom - 1;
    while (top >= 0 && top > bottom - 12 && !isTopEdge(lines[top] ?? '')) top--;
    if (top < 0 || !isTopEdge(lines[top] ?? '')) continue;
    const input = lines.slice(top + 1, bottom);
    const m = /^ > (.*)$/.exec(input[0] ?? '');
    // A draft's further rows are indented under its first; anything else (an old frame's rows) is not input.
    if (!m || !input.slice(1).every((l) => /^ {3}/.test(l) && !isBottomEdge(l))) continue;
    const text = [m[1] ?? '', ...input.slice(1)]
      .map((l) => l.trim())
      .join('\n')
      .trim();
    return { top, draft: text === PLACEHOLDER ? '' : text };
  }
  return null;
}

/** The status line above the composer (within its mode row and rule), or null. */
export function geminiWorkingLine(lines: readonly string[], composerTop: number): string | null {
  for (let i = composerTop - 1; i >= 0 && i >= composerTop - 5; i--) {
    const line = lines[i] ?? '';
    if (isGeminiStatusLine(line)) return line.trim().replace(/\s{2,}\? for shortcuts$/, '');
  }
  return null;
}
