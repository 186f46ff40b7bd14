/** Claude's working indicators: the spinner line above the input box and `esc to interrupt` in the footer. */
import type { InputBox } from './recognise-idle.ts';
import { isBlank } from './screen-lines.ts';

/**
 * The spinner line: a glyph (`·` `✢` `✳` `✶` `✻` `✽` `*` seen, cycling), a random verb with an ellipsis, and
 * usually `(2s · ↓ 29 tokens)` or `(4s · thinking)`. The finished form `✻ Worked for 30s · done 11:00 PM`
 * has no ellipsis and is not a spinner.
 */
export const SPINNER = /^\s{0,2}[·✢✳✶✻✽*+]\s+\S[^…]{0,80}…(?:\s*\(.*\))?$/;

/**
 * The turn is over but Claude waits for agents it started: `✻ Waiting for 1 background agent to finish`
 * (peer capture claude-herdr-background-agent-wait), `Waiting for background work to finish` (the
 * 2.1.332 bundle). Not a spinner (no ellipsis), yet the agent is not
 * idle: its reply comes when they finish, so the watchdog must not wake it and nothing is typed into it.
 */
const WAITING_FOR_AGENTS =
  /^\s{0,2}[·✢✳✶✻✽*+]\s+Waiting for (?:(?:\d+|an?|the) (?:background |sub)?(?:agents?|subagents?|tasks?)\b|background work to finish\b)/i;

/** The footer says Claude can be interrupted, which it only says while a turn runs. */
const INTERRUPT = /\besc to interrupt\b/i;

// Lines that may sit between the spinner and the box: the rotating tip, right-aligned hints, notices.
const BETWEEN = /^\s*⎿\s+Tip:|^\s{20,}\S|tmux focus-events off/;

/** True for a spinner line. */
export function isSpinnerLine(line: string): boolean {
  return SPINNER.test(line);
}

/** The spinner line right above the input box (only tips and hints may sit between), or null. */
function spinnerAbove(lines: readonly string[], box: InputBox): string | null {
  for (let i = box.top - 1; i >= 0 && i >= box.top - 8; i--) {
    const line = lines[i] ?? '';
    if (isBlank(line) || BETWEEN.test(line)) continue;
    return isSpinnerLine(line) || WAITING_FOR_AGENTS.test(line) ? line.trim() : null;
  }
  return null;
}

/**
 * A footer line without the hint right-aligned on it: 2.1.332 draws `◐ medium · /effort` at the end of the
 * mode line (2.1.329 drew it on a line of its own above the box).
 */
function withoutRightHint(line: string): string {
  return line.trim().split(/\s{3,}/)[0] ?? '';
}

/** The line proving Claude is working while its input box is shown, or null when it is not. */
export function workingIndicator(lines: readonly string[], box: InputBox): string | null {
  const spinner = spinnerAbove(lines, box);
  if (spinner) return spinner;
  const footer = box.footer.find((f) => INTERRUPT.test(f));
  return footer === undefined ? null : withoutRightHint(footer);
}

/** A spinner among the last few non-blank lines when no input box is drawn (a fallback, never preferred). */
export function spinnerNearBottom(lines: readonly string[]): string | null {
  let seen = 0;
  for (let i = lines.length - 1; i >= 0 && seen < 6; i--) {
    const line = lines[i] ?? '';
    if (isBlank(line)) continue;
    seen++;
    if (isSpinnerLine(line)) return line.trim();
  }
  return null;
}
