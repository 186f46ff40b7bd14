/** Which pane-tail lines are worth showing: an idle agent's screen is mostly blank space above its prompt. */

/** True when a line shows nothing once colour escapes and spaces are gone. */
function blank(line: string): boolean {
  // eslint-disable-next-line no-control-regex
  return line.replace(/\x1b\[[0-9;:]*[A-Za-z]/g, '').trim() === '';
}

/**
 * The lines without the leading blank ones (and blank runs longer than one squeezed to one), keeping
 * the last `max` lines that are left: the end of the screen, where prompts are, always stays.
 */
export function visibleTail(lines: readonly string[], max = 40): string[] {
  const out: string[] = [];
  for (const line of lines) {
    if (blank(line)) {
      if (out.length === 0 || blank(out[out.length - 1] as string)) continue;
    }
    out.push(line);
  }
  while (out.length > 0 && blank(out[out.length - 1] as string)) out.pop();
  return out.slice(-max);
}
