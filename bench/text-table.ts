/** A plain-text table for the terminal and for docs/benchmarks.md (Markdown pipe table). Pure. */

/** One cell: numbers are printed with their given precision, null as a dash. */
export type Cell = string | number | boolean | null;

function show(cell: Cell): string {
  if (cell === null) return '–';
  if (typeof cell === 'boolean') return cell ? 'PASS' : 'FAIL';
  return String(cell);
}

/** Columns padded to their widest cell, numbers right-aligned, in Markdown pipe-table syntax. */
export function textTable(headers: readonly string[], rows: readonly (readonly Cell[])[]): string {
  const cells = [headers.map(String), ...rows.map((r) => headers.map((_, i) => show(r[i] ?? null)))];
  const numeric = headers.map((_, i) => rows.length > 0 && rows.every((r) => typeof r[i] === 'number' || r[i] === null));
  const widths = headers.map((_, i) => Math.max(3, ...cells.map((r) => r[i]!.length)));
  const line = (r: readonly string[]): string =>
    `| ${r.map((c, i) => (numeric[i] ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => (numeric[i] ? `${'-'.repeat(w + 1)}:` : '-'.repeat(w + 2))).join('|')}|`;
  return [line(cells[0]!), rule, ...cells.slice(1).map(line)].join('\n');
}
