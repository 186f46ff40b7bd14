/** Fitting agent-provided text into one short line for menus and notifications (which show no markup and little width). */

/** Control characters other than the line feed (ESC of colour codes, CR, BEL) never reach a menu or a notification. */
// eslint-disable-next-line no-control-regex
const CONTROL_BUT_LF = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/g;

/** The first non-blank line, trimmed, with `…` appended when more lines followed. */
export function firstLine(text: string): string {
  const lines = text.split(/\r?\n/).map((l) => l.trim());
  const at = lines.findIndex((l) => l !== '');
  if (at < 0) return '';
  const more = lines.slice(at + 1).some((l) => l !== '');
  return more ? `${lines[at]} …` : (lines[at] ?? '');
}

/** At most `max` characters (code points, so an emoji is never cut in half), ending in `…` when cut. */
export function truncate(text: string, max: number): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  return `${chars
    .slice(0, Math.max(0, max - 1))
    .join('')
    .trimEnd()}…`;
}

/** One clean line of at most `max` characters: control characters removed, first line only. */
export function oneLine(text: string, max: number): string {
  return truncate(firstLine(text.replace(/\t/g, ' ').replace(CONTROL_BUT_LF, '')), max);
}
