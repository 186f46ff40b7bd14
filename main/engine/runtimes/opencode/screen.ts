/** opencode screen helpers: the `┃`-bordered boxes its TUI draws. */

/** A run of consecutive `┃` lines: where it is and the text right of the border. */
export interface Box {
  readonly start: number;
  readonly end: number;
  /** Text after `┃` on each line, in order (indentation kept). */
  readonly inner: readonly string[];
}

const isBoxLine = (line: string) => line.trimStart().startsWith('┃');

/** The box whose last line is the last visible line, or null when the screen ends otherwise. */
export function boxAtBottom(lines: readonly string[]): Box | null {
  const end = lines.length - 1;
  if (end < 0 || !isBoxLine(lines[end] ?? '')) return null;
  return boxEndingAt(lines, end);
}

/** The box whose last line is `end` (which must be a box line). */
export function boxEndingAt(lines: readonly string[], end: number): Box {
  let start = end;
  while (start > 0 && isBoxLine(lines[start - 1] ?? '')) start--;
  const inner = lines.slice(start, end + 1).map((l) => {
    const t = l.trimStart();
    return t.slice(1);
  });
  return { start, end, inner };
}
