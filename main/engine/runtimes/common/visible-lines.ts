/** The capture as every runtime's recognisers read it. */

/**
 * Every line right-trimmed, trailing blank lines dropped. Native `trimEnd`, not a `\s+$` regex: a
 * regex trim is quadratic on the long runs of spaces a full-width pane line holds.
 */
export function visibleLines(lines: readonly string[]): string[] {
  const out = lines.map((line) => line.trimEnd());
  let end = out.length;
  while (end > 0 && out[end - 1] === '') end--;
  return out.slice(0, end);
}
