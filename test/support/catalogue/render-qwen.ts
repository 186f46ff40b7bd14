/**
 * Qwen Code 0.24.4 layouts, from its bundle (`ToolConfirmationMessage`, `FolderTrustDialog`,
 * `IdeIntegrationNudge`, `TrustDialog`, `AskUserQuestionDialog`) and the captures in test/fixtures/panes/qwen
 * (perm-*-60 at 60 columns, perm-*, dialog-trust, dialog-question at 120):
 *
 * - `confirm` (tool confirmations, plan approval, `ask_user_question`): drawn inline, no box. The
 *   `? Tool description ←` row (continuations indented four), a blank row, the body indented five, a blank
 *   row, the question indented three and cut with `…` to its row, a blank row, the options indented three (`› 1.`;
 *   labels cut with `…` at `width - 8`), two blank rows and ` ⠏ Waiting for user confirmation...` (cut too). `compact` (the
 *   `ui.compactMode` setting) drops the blank rows and the body.
 * - `dialog` (folder trust, IDE connection, `/trust`): a rounded box from column 3, its left side drawn
 *   (dialog-trust.txt), padding 1: a blank row, the question, the body, a blank row, the options, a blank row.
 */
import type { CatalogueDialog } from './catalogue.ts';
import { wrapText } from './render.ts';
import { radioRows, truncateText } from './render-ink.ts';
import type { RadioStyle } from './render-ink.ts';

const RADIO: RadioStyle = { marker: '›', labels: 'truncate' };
/**
 * `ask_user_question`: `❯ 1. Red`, a description row under each label; a label too long for its row goes on at the
 * list's own margin (`3. Type` / `something...`, captured at 20 columns: dialog-question-20.txt).
 */
const ASK: RadioStyle = { marker: '❯', labels: 'wrap', wrapIndent: '' };
const WAITING = '  ⠏ Waiting for user confirmation...';

/**
 * The waiting line, cut to the row with `…` and the cut's last characters on a row of their own, as a narrow pane
 * shows it (`  ⠏ Waiting for user confirmat` / `i…`, perm-shell-30.txt).
 */
function waiting(width: number): string[] {
  const chars = [...WAITING];
  if (chars.length <= width) return [WAITING];
  return [chars.slice(0, width).join(''), `${chars[width] ?? ''}…`];
}

function header(d: CatalogueDialog, width: number): string[] {
  if (!d.title) return [];
  // `? ` and the tool's name start the first row; a name longer than the row is cut over the next (hard wrap).
  const rows = wrapText(d.title.replace(/^\?\s+/, ''), Math.max(1, width - 6), '  ? ', '    ');
  rows[0] = `${(rows[0] ?? '').padEnd(Math.max(1, width - 4))} ←`;
  return rows;
}

function confirm(d: CatalogueDialog, width: number): string[] {
  const room = Math.max(1, width - 8);
  const compact = d.variant === 'compact';
  const gap = compact ? [] : [''];
  const ask = d.options.some((o) => o.description !== undefined);
  const out = ['  > [[do]] it now', ...header(d, width), ...gap];
  if (!compact) {
    for (const line of d.boxed ?? []) out.push(...wrapText(line, width - 2, '   ', '   '));
    for (const line of d.body ?? []) out.push(...wrapText(line, width - 2, '     ', '     '));
    if ((d.boxed ?? d.body ?? []).length > 0) out.push('');
  }
  if (d.heading) out.push(...wrapText(d.heading, room, '   ', '   '), ...gap);
  // The question is one row, cut with `…` when too long (perm-shell-20.txt: `Allow execu…`).
  out.push(`   ${truncateText(d.question, room)}`, ...gap);
  out.push(...radioRows(d.options, d.highlighted, room, ask ? ASK : RADIO).map((r) => `   ${r}`));
  if (d.footer !== '') out.push('', '', ...wrapText(d.footer, room, '   ', '   '));
  out.push('', '', ...waiting(width));
  return out;
}

function dialog(d: CatalogueDialog, width: number): string[] {
  const room = Math.max(1, width - 8);
  const side = (r: string) => (r === '' ? '   │' : `   │ ${r}`);
  const rows = ['', ...(d.question === '' ? [] : wrapText(d.question, room, '', ''))];
  for (const line of d.body ?? []) rows.push(...wrapText(line, room, '', ''));
  rows.push('', ...radioRows(d.options, d.highlighted, room, RADIO), '');
  if (d.footer !== '') rows.push(...wrapText(d.footer, room, '', ''), '');
  const rule = '─'.repeat(Math.max(1, width - 4));
  return ['  ●︎ Qwen Code started.', `   ╭${rule}`, ...rows.map(side), `   ╰${rule}`];
}

/** The pane rows of a Qwen Code dialog at `width` columns. */
export function renderQwen(d: CatalogueDialog, width: number): string[] {
  return d.variant === 'dialog' ? dialog(d, width) : confirm(d, width);
}
