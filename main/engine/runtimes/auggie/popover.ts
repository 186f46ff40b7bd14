/**
 * Auggie 0.36.0 popover menus (bundle: the `Or` popover): a rounded box holding a bold title, paragraphs,
 * a question and a cursor list (`› ` on the plan-complete choice, `●` on the Ask User review), with the
 * key hints under the box (`[↑↓] Navigate • [Enter] Confirm • [Esc] Decline`, wrapped in a narrow pane).
 * The agent waits on them; they are dialogs answered by the user, never by a key.
 */
import { withKinds } from '../common/option-context.ts';
import type { DialogScreen } from '../types.ts';

/** Key hints of a popover: bracketed keys and what they do, `•` between them. */
const HINTS = /^\[[^\]]{1,8}\] \S/;
/** A row opening with the cursor: its column and the label after it. */
const CURSOR = /^(\s*)([›●▸]) (\S.*)$/;
/** Popovers named by their title. */
const TITLES: readonly { readonly id: string; readonly title: RegExp }[] = [
  { id: 'auggie.plan-complete', title: /^Plan Complete$/ },
  { id: 'auggie.ask-user', title: /^Ask User\b/ },
];

/** The rows inside the box whose bottom edge is at `bottom`, without the borders and the box's padding. */
function boxContent(lines: readonly string[], bottom: number): string[] | null {
  const inner: string[] = [];
  for (let i = bottom - 1; i >= Math.max(0, bottom - 120); i--) {
    const t = (lines[i] ?? '').trim();
    if (t.startsWith('╭')) {
      const rows = inner.reverse();
      const pad = Math.min(...rows.filter((r) => r.trim() !== '').map((r) => r.length - r.trimStart().length));
      return rows.map((r) => (r.trim() === '' ? '' : r.slice(Number.isFinite(pad) ? pad : 0)));
    }
    if (!t.startsWith('│') || !t.endsWith('│')) return null;
    inner.push(t.slice(1, -1).trimEnd());
  }
  return null;
}

/** The rows of `rows` from `end` up to the blank row above them, joined as one line. */
function paragraphEndingAt(rows: readonly string[], end: number): string {
  let top = end;
  while (top - 1 >= 0 && (rows[top - 1] ?? '').trim() !== '') top--;
  return rows
    .slice(top, end + 1)
    .map((r) => r.trim())
    .join(' ');
}

/** The popover menu ending the screen, or null. */
export function parseAuggiePopover(lines: readonly string[]): DialogScreen | null {
  let last = lines.length - 1;
  while (last >= 0 && (lines[last] ?? '').trim() === '') last--;
  // The hints may wrap over a few rows under the box's bottom edge.
  let edge = last;
  while (edge >= Math.max(0, last - 4) && !(lines[edge] ?? '').trim().startsWith('╰')) edge--;
  if (edge < 0 || edge === last || !(lines[edge] ?? '').trim().startsWith('╰')) return null;
  const hints = lines
    .slice(edge + 1, last + 1)
    .map((l) => l.trim())
    .join(' ');
  if (!HINTS.test(hints) || !hints.includes('[Enter]')) return null;
  const content = boxContent(lines, edge);
  if (!content) return null;
  let end = content.length - 1;
  while (end >= 0 && (content[end] ?? '').trim() === '') end--;
  let top = end;
  while (top - 1 >= 0 && (content[top - 1] ?? '').trim() !== '') top--;
  const block = content.slice(top, end + 1);
  const cursorRow = block.findIndex((r) => CURSOR.test(r));
  const cursor = CURSOR.exec(block[cursorRow] ?? '');
  if (!cursor) return null;
  const labelColumn = (cursor[1] ?? '').length + 2;
  // The list starts at the first row that is an option: the cursor row, or one indented to the labels.
  const isOptionStart = (r: string) => CURSOR.test(r) || (r.length - r.trimStart().length === labelColumn && r.trim() !== '');
  const first = block.findIndex(isOptionStart);
  if (first < 0) return null;
  const options: { label: string; highlighted: boolean }[] = [];
  for (const r of block.slice(first)) {
    const marked = CURSOR.exec(r);
    if (marked) options.push({ label: marked[3] ?? '', highlighted: true });
    else if (isOptionStart(r)) options.push({ label: r.trim(), highlighted: false });
    else if (options.length > 0) {
      // A label wrapped by Ink goes on at the box's left, under the cursor.
      const prev = options[options.length - 1];
      if (prev) prev.label = `${prev.label} ${r.trim()}`;
    }
  }
  if (options.length < 2) return null;
  const title = (content.find((r) => r.trim() !== '') ?? '').trim();
  const asked =
    first > 0
      ? block
          .slice(0, first)
          .map((r) => r.trim())
          .join(' ')
      : top - 2 >= 0
        ? paragraphEndingAt(content, top - 2)
        : '';
  const highlighted = options.findIndex((o) => o.highlighted);
  return {
    kind: 'dialog',
    runtime: 'auggie',
    dialogId: TITLES.find((t) => t.title.test(title))?.id ?? null,
    question: asked.endsWith('?') ? asked : title,
    options: withKinds(options.map((o) => ({ key: null, label: o.label }))),
    highlighted: highlighted >= 0 ? highlighted : null,
  };
}
