/**
 * Auggie 0.36.0 working and idle signs (verified in test/fixtures/panes/auggie/working-* and idle-*).
 * The composer (`›` between two rules) and the footer stay on screen while a turn runs; only the
 * status line ` ⠋ Executing tools... (3s • esc to interrupt)` right above the composer says work.
 */
import { ELAPSED_SOURCE } from '../common/durations.ts';
import { isRule } from './screen.ts';

/** ` ⠲ Sending request... (2s • esc to interrupt)`: spinner, phase, elapsed time, the hint. */
const STATUS = new RegExp(String.raw`^\s*[\u2801-\u28ff]?\s*\S.{0,80}\(${ELAPSED_SOURCE} • esc to interrupt\)$`);
/** Looser: any mention of interrupting with Esc means a turn runs (phases and timers may change). */
const HINT = /\besc to interrupt\b/i;

/** Is this line Auggie's status line (spinner and timer)? */
export function isAuggieStatusLine(line: string): boolean {
  return line.length < 300 && STATUS.test(line.trimEnd());
}

/** Where the composer is: its top rule, the `›` input rows, its bottom rule, then the footer line. */
export interface AuggieComposer {
  readonly top: number;
  readonly draft: string;
}

/**
 * The composer ending the screen: rule, `›` line (and continuation rows), rule, one footer line
 * (`? to show shortcuts`, or the draft hints) as the last line. Null when the bottom is anything else.
 */
export function findAuggieComposer(lines: readonly string[]): AuggieComposer | null {
  const last = lines.length - 1;
  if (last < 3 || !isRule(lines[last - 1] ?? '') || isRule(lines[last] ?? '')) return null;
  let top = last - 2;
  while (top >= 0 && top > last - 12 && !isRule(lines[top] ?? '')) top--;
  if (top < 0 || !isRule(lines[top] ?? '')) return null;
  const input = lines.slice(top + 1, last - 1);
  const first = input[0] ?? '';
  if (first !== '›' && !first.startsWith('› ')) return null;
  const draft = [first.slice(1), ...input.slice(1)]
    .map((l) => l.trim())
    .join('\n')
    .trim();
  return { top, draft };
}

/** The line above the composer that proves a turn runs, or null. */
export function auggieWorkingLine(lines: readonly string[], composerTop: number): string | null {
  for (let i = composerTop - 1, seen = 0; i >= 0 && seen < 3; i--) {
    const line = lines[i] ?? '';
    if (line.trim() === '') continue;
    seen++;
    if (isAuggieStatusLine(line) || HINT.test(line)) return line.trim();
  }
  return null;
}
