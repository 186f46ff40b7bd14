/**
 * Cursor's first-run workspace trust modal, as Cursor agent 2026.09.26 draws it (peer capture):
 *   ⚠ Workspace Trust Required / Do you trust the contents of this directory? /
 *   ▶ [a] Trust this workspace / [q] Quit / Use arrow keys to navigate, Enter to select, …
 * Live only while its box is the last thing on screen: once answered it stays in the scrollback
 * (with `⏳ Trusting workspace...`) above the session.
 */
import { withKinds } from '../common/option-context.ts';
import type { DialogScreen } from '../types.ts';
import { bottom } from './screen.ts';

const BRACKET_OPTION = /^(▶ |→ |❯ )?\[([a-z])\] (\S.*)$/;
const BOX_END = /^[╰└]─+[╯┘]$/;

/**
 * The trust modal at the bottom of the screen, or null. Cursor draws it whole, its box closed under the
 * options and the key hint; its options without the box's end are read only when the pane's last row
 * cuts them (`reachesPaneBottom`). With blank rows under them they are the top of a frame still being
 * drawn (common/torn-frame.ts).
 */
export function parseCursorTrust(lines: readonly string[], reachesPaneBottom: boolean): DialogScreen | null {
  const last = lines.findLast((l) => l.trim() !== '') ?? '';
  if (!BOX_END.test(last.trim()) && !(reachesPaneBottom && last.includes('['))) return null;
  const rows = bottom(lines, 18);
  const question = rows.find((r) => /trust the contents of this directory\?$|Workspace Trust Required/.test(r.text));
  if (!question || rows.some((r) => r.text.startsWith('⏳'))) return null;
  const found = rows.flatMap((r) => {
    const m = BRACKET_OPTION.exec(r.text);
    return m ? [{ marked: m[1] !== undefined, key: m[2] ?? null, label: m[3] ?? '' }] : [];
  });
  if (found.length === 0) return null;
  const marked = found.flatMap((o, k) => (o.marked ? [k] : []));
  const asked = rows.find((r) => r.text.endsWith('?'));
  return {
    kind: 'dialog',
    runtime: 'cursor',
    dialogId: 'cursor.workspace-trust',
    question: (asked ?? question).text,
    options: withKinds(found.map((o) => ({ key: o.key, label: o.label }))),
    highlighted: marked.length === 1 ? (marked[0] ?? null) : null,
  };
}
