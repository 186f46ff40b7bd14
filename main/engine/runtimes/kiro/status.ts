/**
 * kiro-cli working / idle signs. Terminal UI from peer captures of Kiro CLI 2.24–2.27
 * (`›  Kiro is working · 5s · Type to steer`, `›  ask a question or describe a task ↵` under the
 * `kiro_default · auto · ◔ 1%` status line); classic UI from public transcripts.
 */
import { lastNonBlank } from './screen.ts';

/** Terminal UI: ghost text in the input while a turn runs; start-up; tool spinners with `esc to cancel`. */
const WORKING = /Kiro is working|Initializing\.\.\.|Initializing ·|esc to cancel/;
/** Classic UI: a braille spinner with "Thinking...". */
const CLASSIC_SPINNER = /^[\u2801-\u28ff] Thinking/;
/**
 * Terminal UI input placeholder, behind the `›` input marker in 2.24–2.27 (`›  ask a question or
 * describe a task ↵`), capitalised without it in older docs; with no working sign it means idle.
 */
const PLACEHOLDER = /^(?:[›>]\s+)?ask a question,? or describe a task\b/i;
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
