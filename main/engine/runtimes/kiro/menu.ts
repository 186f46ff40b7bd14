/**
 * The kiro-cli terminal-UI approval menu as Kiro CLI 2.24–2.27 draws it (peer captures,
 * test/fixtures/peer-screens/screens/kiro-*):
 *   ↓ Shell ls -la
 *   ───────────
 *    shell requires approval[ · trust options | · Modify request]
 *    ❯ Yes, single permission
 *      Trust, always allow in this session
 *      No (Tab to edit)
 *   ───────────
 *    esc to close · ↑↓ to navigate · ↵ to select · Tab to edit
 * The footer's wording follows the focused row (`esc to close · Enter to see more options` on Trust,
 * `ESC to close | Tab to edit` in another capture), so only its start is matched.
 */
import { lastNonBlank } from './screen.ts';

/** One row of the menu body, marker removed. */
export interface KiroMenuRow {
  readonly text: string;
  readonly marked: boolean;
}

/** The menu block at the bottom of the screen. */
export interface KiroMenu {
  /** `shell`, `write`, `web_fetch`, `subagent`. */
  readonly tool: string;
  /** The whole header line (`shell requires approval · trust options`). */
  readonly header: string;
  /** The part after ` · ` (`trust options`, `Modify request`), or null on the first level. */
  readonly level: string | null;
  /** Line index of the header in the capture. */
  readonly headerAt: number;
  readonly rows: readonly KiroMenuRow[];
}

const HEADER = /^(\S.*?) requires approval(?: · (\S.*))?$/;
const FOOTER = /^esc to close\b/i;
const RULE = /^[─━]{8,}$/;
const MARKER = '❯ ';

/** The menu that ends the screen (footer last, a rule above it, the header above the rows), or null. */
export function kiroMenu(lines: readonly string[]): KiroMenu | null {
  const tail = lastNonBlank(lines, 14);
  const footer = tail[tail.length - 1];
  if (!footer || !FOOTER.test(footer.text)) return null;
  if (!RULE.test(tail[tail.length - 2]?.text ?? '')) return null;
  const rows: KiroMenuRow[] = [];
  for (let k = tail.length - 3; k >= 0; k--) {
    const row = tail[k];
    if (!row || RULE.test(row.text)) return null;
    const header = HEADER.exec(row.text);
    if (header) {
      return { tool: header[1] ?? '', header: row.text, level: header[2] ?? null, headerAt: row.index, rows: rows.reverse() };
    }
    const marked = row.text.startsWith(MARKER);
    rows.push({ text: marked ? row.text.slice(MARKER.length).trim() : row.text, marked });
  }
  return null;
}

/** `↓ Shell ls -la` above the menu: the call under review, without the tool's own name when it leads. */
export function kiroCallAbove(lines: readonly string[], tool: string, headerAt: number): string {
  for (let i = headerAt - 1; i >= Math.max(0, headerAt - 30); i--) {
    const text = (lines[i] ?? '').trim();
    if (!text.startsWith('↓ ')) continue;
    const call = text.slice(2).trim();
    const space = call.indexOf(' ');
    const first = space > 0 ? call.slice(0, space) : call;
    const same = first.toLowerCase() === tool.replace(/_/g, '').toLowerCase();
    return same && space > 0 ? call.slice(space + 1).trim() : call;
  }
  return '';
}
