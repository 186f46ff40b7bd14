/** kiro-cli working / idle signs (unverified; from kiro.dev docs and third-party providers). */
import { lastNonBlank } from './screen.ts';

/** Terminal UI: ghost text in the input while a turn runs; start-up; tool spinners with `esc to cancel`. */
const WORKING = /Kiro is working|Initializing\.\.\.|Initializing ·|esc to cancel/;
/** Classic UI: a braille spinner with "Thinking...". */
const CLASSIC_SPINNER = /^[\u2801-\u28ff] Thinking/;
/** Terminal UI input placeholder (≤ 2.7); its presence with no working sign means idle. */
const PLACEHOLDER = /^Ask a question,? or describe a task\b/;
/** Classic prompt line, empty: `>`, `!>`, `[agent] >`, `[agent] 12% λ >`. */
const CLASSIC_PROMPT = /^(?:\[[\w.-]+\] ?)?(?:\d+% ?)?(?:λ ?)?!?>$/;

/** The line that shows kiro is working, or null. */
export function kiroWorkingLine(lines: readonly string[]): string | null {
  for (const { text } of lastNonBlank(lines, 6).reverse()) {
    if (WORKING.test(text) || CLASSIC_SPINNER.test(text)) return text;
  }
  return null;
}

/** Idle at an empty input: the terminal UI placeholder near the bottom, or the classic prompt last. */
export function kiroIdle(lines: readonly string[]): boolean {
  const tail = lastNonBlank(lines, 5);
  if (tail.some(({ text }) => PLACEHOLDER.test(text))) return true;
  return CLASSIC_PROMPT.test(tail[tail.length - 1]?.text ?? '');
}
