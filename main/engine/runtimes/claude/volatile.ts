/** Claude lines that change while nothing meaningful changes: stripped before the observer hashes a screen. */
import { ELAPSED_SOURCE } from '../common/durations.ts';
import { isSpinnerLine } from './recognise-working.ts';
import { cleanLine } from './screen-lines.ts';

const VOLATILE: readonly RegExp[] = [
  // The rotating tip under the spinner: "  ⎿  Tip: Use Plan Mode to prepare …".
  /^\s*⎿\s+Tip:/,
  // Status footer under the input box; its tail ("· ← for agents", "esc to interrupt") comes and goes.
  /^\s{0,4}(?:[⏸⏵]+\s+\S.*\bon\b|\? for shortcuts|esc to interrupt)/i,
  // Right-aligned hints that take turns in the same spot: effort level, paste hint, focus notice.
  /\/effort$/,
  /to paste deleted text$/i,
  /tmux focus-events off/,
  // Elapsed time of a running tool: "  ⎿  $ sleep 15; echo slept (3s)", "  ⎿  Running… (1m 4s)".
  new RegExp(String.raw`^\s*⎿\s.*\(${ELAPSED_SOURCE}\)$`),
  // "● Running the requested command · 3s" (later "· 1m 2s").
  new RegExp(String.raw`^●\s.*·\s*${ELAPSED_SOURCE}$`),
];

/** True for spinner, timer, token-counter, tip and status-footer lines. */
export function isClaudeVolatileLine(line: string): boolean {
  const clean = cleanLine(line);
  return isSpinnerLine(clean) || VOLATILE.some((re) => re.test(clean));
}
