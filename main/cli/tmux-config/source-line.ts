/**
 * Our two lines in the user's tmux configuration: a comment naming us and one `source-file` of our
 * file. Adding is idempotent (exactly one block); removing takes out exactly those lines. Pure; the
 * byte-exact uninstall (a backup put back) is hooks/exact-original.ts.
 */
import { tmuxQuote } from './integration-file.ts';

/** The comment line above our source line. */
export const SOURCE_COMMENT = '# Trail Boss: queue popup and status segment (`trailboss tmux uninstall` removes these two lines)';

/** Our source line for `file` (`-q`: a missing file is no error at tmux's start). */
export function sourceLine(file: string): string {
  return `source-file -q ${tmuxQuote(file)}`;
}

const isOurs = (line: string): boolean => line === SOURCE_COMMENT;

/** The lines of ours in `text` (indexes), the comment and any source line right after it. */
function ourLines(lines: readonly string[]): number[] {
  const found: number[] = [];
  lines.forEach((line, i) => {
    if (!isOurs(line)) return;
    found.push(i);
    if (lines[i + 1]?.startsWith('source-file -q ')) found.push(i + 1);
  });
  return found;
}

/** Whether `text` holds our block for `file` exactly once. */
export function hasSourceLine(text: string | null, file: string): boolean {
  if (text === null) return false;
  const lines = text.split('\n');
  return lines.filter((l) => l === SOURCE_COMMENT).length === 1 && lines.includes(sourceLine(file));
}

/** The 1-based line number of our source line for `file` in `text`, or null. */
export function sourceLineNumber(text: string | null, file: string): number | null {
  const at = text === null ? -1 : text.split('\n').indexOf(sourceLine(file));
  return at < 0 ? null : at + 1;
}

/** Whether `text` holds any block of ours. */
export function hasAnySourceLine(text: string | null): boolean {
  return text !== null && text.split('\n').includes(SOURCE_COMMENT);
}

/** `text` without our lines. */
export function removeSourceLine(text: string | null): string | null {
  if (text === null) return null;
  const lines = text.split('\n');
  const drop = new Set(ourLines(lines));
  return lines.filter((_, i) => !drop.has(i)).join('\n');
}

/** `text` with exactly one block of ours for `file`, at the end (a missing final newline added first). */
export function addSourceLine(text: string | null, file: string): string {
  const base = removeSourceLine(text) ?? '';
  const sep = base === '' || base.endsWith('\n') ? '' : '\n';
  return `${base}${sep}${SOURCE_COMMENT}\n${sourceLine(file)}\n`;
}
