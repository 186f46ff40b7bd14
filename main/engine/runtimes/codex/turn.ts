/** Is Codex working or idle? Read from what sits between the last user message and the composer. */
import { ELAPSED_SOURCE } from '../common/durations.ts';
import { isPromptLine } from './screen.ts';

/**
 * A status line ending `(<elapsed> • esc to interrupt)`, whatever text precedes it (verified rule).
 * Any elapsed form (`<1s`, `1m 02s`, `1h 02m 03s`); a ` · …` tail after it (background-terminal
 * notes) still means working.
 */
const STATUS_TAIL = new RegExp(String.raw`\(${ELAPSED_SOURCE} • esc to interrupt\)(?: · [^()]*)?$`);
/**
 * `Worked for 1s • 22:18` (0.169.0; `Worked for <1s • 20:29` after a sub-second turn), older builds
 * draw it inside a `─ Worked for … ─` rule. Whatever follows the elapsed time (clock, rule) is ignored.
 */
const WORKED = new RegExp(String.raw`^\s*(?:─+\s*)?Worked for ${ELAPSED_SOURCE}(?:\s|$)`);
/** The session header: the screen of a fresh session. */
const HEADER = /^\s*(?:│\s*)?>_ OpenAI Codex\b/;

/** Is this line Codex's working status line? */
export function isStatusLine(line: string): boolean {
  const t = line.trimEnd();
  // Cheap test first: most lines never mention interrupting. The regex runs on the tail only.
  return t.includes('esc to interrupt)') && STATUS_TAIL.test(t.slice(-160));
}

/** The status line just above the composer (within 6 non-blank lines, never past a user message). */
export function statusAbove(lines: readonly string[], composer: number): string | null {
  let seen = 0;
  for (let i = composer - 1; i >= 0 && seen < 6; i--) {
    const line = lines[i] ?? '';
    if (line.trim() === '') continue;
    if (isPromptLine(line)) return null;
    if (isStatusLine(line)) return line.trim();
    seen++;
  }
  return null;
}

/** What the transcript says about the current turn. */
export type TurnState =
  | { readonly kind: 'ended' }
  | { readonly kind: 'fresh' }
  | { readonly kind: 'streaming'; readonly indicator: string }
  | { readonly kind: 'unclear' };

/**
 * Scan up from the composer. A turn-end line (`Worked for …`, `■ …` interrupt/error) or the session
 * header means the turn is over. A user message with output after it but no end line means the
 * answer is still streaming: Codex shows no status line then (verified in working-stream-*).
 */
export function turnState(lines: readonly string[], composer: number): TurnState {
  let lastOutput: string | null = null;
  for (let i = composer - 1; i >= 0; i--) {
    const line = lines[i] ?? '';
    if (WORKED.test(line) || line.startsWith('■ ')) return { kind: 'ended' };
    if (HEADER.test(line)) return { kind: 'fresh' };
    if (isPromptLine(line)) return lastOutput ? { kind: 'streaming', indicator: lastOutput } : { kind: 'unclear' };
    if (lastOutput === null && line.trim() !== '') lastOutput = line.trim();
  }
  return { kind: 'unclear' };
}
