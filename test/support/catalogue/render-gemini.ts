/**
 * Gemini CLI 0.61.0 layouts, from its bundle (`ToolConfirmationMessage`, `ToolConfirmationQueue`,
 * `FolderTrustDialog`, `AskUserDialog`, `RadioButtonSelect`) and the captures in test/fixtures/panes/gemini
 * (perm-*-60 at 60 columns, dialog-trust, dialog-question at 120):
 *
 * - `confirm` (tool confirmations, `ask_user`, plan approval): a rounded box the pane's width at column 0,
 *   one column of padding. A heading (`Action Required`, `Answer Questions`, `Ready to start
 *   implementation?`) and a blank row when the dialog has one, the `? Tool  description` row cut to the box
 *   with `…`, the command or diff in an inner box, the body, the question (wrapped), a blank row, the
 *   options. Radio labels are cut with `…` (`wrap="truncate"`); `ask_user` labels wrap, with a description
 *   row each, and a key hint under the list.
 * - `dialog` (folder trust, policies, IDE connection): a rounded box from column 1 (`marginLeft: 1`) to the
 *   pane's edge, padding 1 all round: a blank row, the question, the body, a blank row, the options, a blank
 *   row.
 * - `consent` (extension consent): the same at column 0, padded two columns, the key hint under the list.
 * - `notice` (`/privacy`): no box, paragraphs between blank rows, the question, the options, the hint.
 */
import type { CatalogueDialog } from './catalogue.ts';
import { wrapText } from './render.ts';
import { radioRows, truncateText } from './render-ink.ts';
import type { RadioStyle } from './render-ink.ts';

const RADIO: RadioStyle = { marker: '●', labels: 'truncate' };
/** `AskUserDialog` (ask_user, plan approval): `● 1.  Red`, labels wrap, a description row under each. */
const ASK: RadioStyle = { marker: '●', labelGap: ' ', labels: 'wrap' };

/** Rows of a box `width` wide starting at `left`, padded `padX` columns, `inner` the text rows fitted to it. */
function boxed(inner: readonly string[], width: number, left = 0, padX = 1): string[] {
  const pad = ' '.repeat(left);
  const side = ' '.repeat(padX);
  const room = Math.max(1, width - left - 2 - 2 * padX);
  const line = '─'.repeat(Math.max(1, width - left - 2));
  return [`${pad}╭${line}╮`, ...inner.map((r) => `${pad}│${side}${r.padEnd(room)}${side}│`), `${pad}╰${line}╯`];
}

function confirm(d: CatalogueDialog, width: number): string[] {
  const room = Math.max(1, width - 4);
  const rows: string[] = [];
  if (d.heading) rows.push(...wrapText(d.heading, room, '', ''), '');
  if (d.title) rows.push(truncateText(d.title, room));
  if (d.boxed)
    rows.push(
      ...boxed(
        d.boxed.flatMap((l) => wrapText(l, Math.max(1, room - 4), '', '')),
        room,
      ),
    );
  for (const line of d.body ?? []) rows.push(...wrapText(line, room, '', ''));
  if (d.question !== '') rows.push(...wrapText(d.question, room, '', ''));
  rows.push('');
  const ask = d.options.some((o) => o.description !== undefined);
  rows.push(...radioRows(d.options, d.highlighted, room, ask ? ASK : RADIO));
  if (d.footer !== '') rows.push('', ...wrapText(d.footer, room, '', ''));
  return ['✦ I will do that now.', ...boxed(rows, width)];
}

function dialog(d: CatalogueDialog, width: number): string[] {
  // `consent` (extension install and update consent, `ConsentPrompt`): at column 0, padded two columns, no bottom
  // padding, the footer straight under the list.
  const consent = d.variant === 'consent';
  const room = Math.max(1, width - (consent ? 6 : 5));
  const rows: string[] = [''];
  if (d.question !== '') rows.push(...wrapText(d.question, room, '', ''));
  for (const line of d.body ?? []) rows.push(...wrapText(line, room, '', ''));
  rows.push('', ...radioRows(d.options, d.highlighted, room, RADIO));
  if (!consent) rows.push('');
  if (d.footer !== '') rows.push(...(consent ? [''] : []), ...wrapText(d.footer, room, '', ''), ...(consent ? [] : ['']));
  return ['ℹ Gemini CLI started.', ...(consent ? boxed(rows, width, 0, 2) : boxed(rows, width, 1))];
}

function notice(d: CatalogueDialog, width: number): string[] {
  const out = ['', ...wrapText(d.heading ?? '', width, '', ''), ''];
  for (const line of d.body ?? []) out.push(...wrapText(line, width, '', ''), '');
  out.push(...wrapText(d.question, width, '', ''));
  out.push(...radioRows(d.options, d.highlighted, width, { ...RADIO, labels: 'wrap' }));
  if (d.footer !== '') out.push('', ...wrapText(d.footer, width, '', ''));
  return out;
}

/** The pane rows of a Gemini CLI dialog at `width` columns. */
export function renderGemini(d: CatalogueDialog, width: number): string[] {
  switch (d.variant ?? 'confirm') {
    case 'dialog':
    case 'consent':
      return dialog(d, width);
    case 'notice':
      return notice(d, width);
    default:
      return confirm(d, width);
  }
}
