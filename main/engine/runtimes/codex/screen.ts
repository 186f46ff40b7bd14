/** Codex screen helpers: the small text tests every recogniser shares. */

/** Index of the bottom-most line matching `test` among the last `within` lines, or -1. */
export function findFromBottom(lines: readonly string[], test: (line: string) => boolean, within = lines.length): number {
  for (let i = lines.length - 1; i >= Math.max(0, lines.length - within); i--) {
    if (test(lines[i] ?? '')) return i;
  }
  return -1;
}

/** A transcript user message or the composer: `› text` at column 0 (not a numbered option). */
export function isPromptLine(line: string): boolean {
  return line.startsWith('› ') && !/^› \d{1,2}\. /.test(line);
}
