/**
 * opencode 1.18.33 draws its permission prompt and the dialogs that follow it (`△ Always allow`) inline at the
 * bottom of the session, in a box with a `┃` left border (its permission view `Va` in the binary; captures
 * test/fixtures/panes/opencode/approval-*, approval-bash-20/30/40/60/80/100): the triangle and the title, the header
 * (`# Shell command`, `← Access external directory …`) four columns in, the body two columns in, then the buttons
 * (` Allow once `, one column of padding each, one apart) and the key hints. From 80 columns the hints sit right of
 * the buttons, right-aligned five columns from the edge; under 80 they take their own row under the buttons, a blank
 * row between. Rows are cut at the pane's edge, not wrapped (`… enter con`); body text wraps twelve columns short of
 * the edge. Which button is highlighted shows only in colour: its background is palette 215, the panel's 234.
 *
 * The views the user opens (sessions, models, a delete confirmation) are drawn over the transcript, centred, with
 * the title left and `esc` right on their first row, while the composer stays at the bottom (sessions-80, models-80).
 */
import type { CatalogueDialog } from './catalogue.ts';
import { labelOf, wrapText } from './render.ts';

const PANEL = '\x1b[48;5;234m';
const SELECTED = '\x1b[48;5;215m\x1b[38;5;232m';
const MUTED = '\x1b[38;5;8m';
const GAP = '\x1b[38;5;15m';
const RESET = '\x1b[0m';

const cut = (row: string, width: number) => [...row].slice(0, width).join('').trimEnd();

/** One drawn dialog: its plain rows, and the button row's index and where each button's label starts. */
interface Drawn {
  readonly rows: string[];
  readonly buttonRow: number;
  readonly labels: readonly { at: number; text: string }[];
}

function inline(d: CatalogueDialog, width: number): Drawn {
  const rows = ['  ┃', '  ┃  Please run the command', '  ┃', '     ▣  Build · Mock Model', '  ┃'];
  const text = Math.max(1, width - 12);
  rows.push(`  ┃  △ ${d.title ?? ''}`);
  const [header, ...body] = d.body ?? [];
  if (header !== undefined) rows.push(...wrapText(header, text, '  ┃    ', '  ┃    '));
  if (body.length > 0) rows.push('  ┃');
  for (const line of body) rows.push(line === '' ? '  ┃' : `  ┃  ${line}`);
  rows.push('  ┃', '  ┃');
  const labels: { at: number; text: string }[] = [];
  let buttons = '  ┃  ';
  for (const o of d.options) {
    buttons += ' ';
    labels.push({ at: buttons.length, text: labelOf(o) });
    buttons += `${labelOf(o)}  `;
  }
  buttons = buttons.trimEnd();
  const hints = d.footer;
  let buttonRow: number;
  if (width >= 80) {
    const right = width - 5 - [...hints].length;
    const gap = Math.max(2, right - [...buttons].length);
    buttonRow = rows.push(cut(`${buttons}${' '.repeat(gap)}${hints}`, width)) - 1;
  } else {
    buttonRow = rows.push(cut(buttons, width)) - 1;
    rows.push('  ┃', cut(`  ┃  ${hints}`, width));
  }
  rows.push('  ┃');
  return { rows: rows.map((r) => cut(r, width)), buttonRow, labels };
}

/** A view the user opened, over the transcript; the composer and its footer under it. */
function overlay(d: CatalogueDialog, width: number): Drawn {
  const dialog = Math.min(width - 2, 70);
  const left = ' '.repeat(Math.max(0, Math.floor((width - dialog) / 2)));
  const inner = Math.max(1, dialog - 4);
  const rows = ['  ┃', '  ┃  Please run the command', '  ┃', '     ▣  Build · Mock Model'];
  const title = d.title ?? '';
  rows.push(`${left}  ${title}${' '.repeat(Math.max(3, inner - [...title].length - 3))}esc`, '');
  for (const line of [...(d.body ?? []), d.question].filter((l) => l !== '')) {
    rows.push(...wrapText(line, inner, `${left}  `, `${left}  `), '');
  }
  if (d.footer !== '') rows.push(`${left}${' '.repeat(Math.max(0, dialog - [...d.footer].length - 2))}${d.footer}`);
  rows.push('  ┃', '  ┃  Build · Mock Model Mock', `  ╹${'▀'.repeat(Math.max(1, width - 5))}`);
  rows.push(cut(`   /tmp/project${' '.repeat(Math.max(2, width - 40))}ctrl+p commands`, width));
  return { rows: rows.map((r) => cut(r, width)), buttonRow: -1, labels: [] };
}

const draw = (d: CatalogueDialog, width: number) => (d.openedByUser ? overlay(d, width) : inline(d, width));

/** The pane rows of `d` at `width` columns. */
export function renderOpencode(d: CatalogueDialog, width: number): string[] {
  return draw(d, width).rows;
}

/**
 * The same rows as `capture-pane -e` gives them (approval-bash.ansi): the button row on the panel's background
 * (234), each label its own run (muted 8, the gaps 15), the highlighted button with its padding on 215 in 232.
 */
export function renderOpencodeAnsi(d: CatalogueDialog, width: number): string[] {
  const { rows, buttonRow, labels } = draw(d, width);
  return rows.map((row, i) => {
    if (i !== buttonRow) return row;
    const chars = [...row];
    const bar = row.indexOf('┃') + 1;
    let out = `${row.slice(0, bar)}${PANEL}${GAP}`;
    let at = bar;
    labels.forEach((label, k) => {
      const end = Math.min(chars.length, label.at + label.text.length);
      if (label.at >= chars.length) return;
      const lit = k === d.highlighted;
      const from = lit ? label.at - 1 : label.at;
      out += chars.slice(at, from).join('');
      if (lit) out += `${SELECTED} ${chars.slice(label.at, end).join('')}${GAP} ${PANEL}`;
      else out += `${MUTED}${chars.slice(label.at, end).join('')}${GAP}`;
      at = lit ? Math.min(chars.length, end + 1) : end;
    });
    return `${out}${chars.slice(at).join('')}${RESET}`;
  });
}
