/**
 * Copilot CLI 1.0.102 composer (verified in test/fixtures/panes/copilot/idle*, working*): `❯` and the input between
 * two full-width rules, one footer row under it. The footer says what the pane does: `← open sidebar ·
 * Interactive · Manual Approval · …` (or `Interactive · Manual Approval · @ files · # issues` while typing) when
 * it waits, `◎ Working · 234 B esc esc interrupt` while a turn runs.
 */
import { isRule } from './screen.ts';

/**
 * The footer of a running turn: a spinner, `Working` (or another phase) and the interrupt hint; a 20-column pane
 * drops the spinner and the phase and keeps `esc esc interrupt` alone (test/fixtures/panes/copilot/working-20).
 */
const WORKING = /^\s*(?:\S?\s*[A-Z][a-z]+(?:ing)?\b.*)?\besc esc interrupt\b/;

/** Is this line Copilot's working footer (its spinner and byte count change)? */
export function isCopilotWorkingLine(line: string): boolean {
  return line.length < 400 && WORKING.test(line);
}

/** The composer: what is typed, and its footer row. */
export interface CopilotComposer {
  readonly draft: string;
  readonly footer: string;
}

/** The composer at the bottom: rule, `❯` input rows, rule, one footer row. Null when the bottom is anything else. */
export function findCopilotComposer(lines: readonly string[]): CopilotComposer | null {
  const last = lines.length - 1;
  const bottom = last - 1;
  if (bottom < 2 || !isRule(lines[bottom] ?? '') || isRule(lines[last] ?? '')) return null;
  let top = bottom - 1;
  while (top >= 0 && top > bottom - 12 && !isRule(lines[top] ?? '')) top--;
  if (top < 0 || !isRule(lines[top] ?? '')) return null;
  const input = lines.slice(top + 1, bottom);
  const m = /^❯(?: (.*))?$/.exec(input[0] ?? '');
  if (!m || !input.slice(1).every((l) => /^ {2}/.test(l))) return null;
  const draft = [m[1] ?? '', ...input.slice(1)]
    .map((l) => l.trim())
    .join('\n')
    .trim();
  return { draft, footer: (lines[last] ?? '').trim() };
}
