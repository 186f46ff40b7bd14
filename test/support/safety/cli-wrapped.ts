/**
 * A real screen's rows for the screen oracle, with the labels the CLI wrapped itself put back together: in a
 * narrow pane Codex draws `1. Yes, proceed` and `(y)` under it, indented past the number. Layout only, no parser:
 * a numbered row, then non-blank rows indented deeper than its number, up to a blank or shallower row. The
 * oracle joins a row marked `continued` with the next; box sides are taken off each row first, and a joined row
 * keeps one space where the CLI broke the line.
 */
const NUMBERED = /^(\s*(?:[❯›>→●]\s*)?)\d+\.\s/;

/** Rows without box sides and the `continued` flags the oracle's `logicalLines` takes. */
export function cliWrappedRows(lines: readonly string[]): { lines: string[]; continued: boolean[] } {
  const rows = lines.map((l) => l.replace(/^(\s*)[│┃║]\s?/, '$1').replace(/\s?[│┃║]\s*$/, ''));
  const continued = rows.map(() => false);
  const joined = [...rows];
  let numberAt = -1;
  for (const [i, row] of rows.entries()) {
    const m = NUMBERED.exec(row);
    if (m) {
      numberAt = (m[1] ?? '').length;
      continue;
    }
    const indent = row.length - row.trimStart().length;
    if (row.trim() === '' || numberAt < 0 || indent <= numberAt) {
      numberAt = -1;
      continue;
    }
    continued[i - 1] = true;
    joined[i - 1] = (joined[i - 1] ?? '').trimEnd();
    joined[i] = ` ${row.trim()}`;
  }
  return { lines: joined, continued };
}
