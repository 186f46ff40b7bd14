/**
 * Copilot CLI 1.0.102 draws every confirmation and dialog in one frame (its bundle's `ei` box with the `Js`/`B9`
 * option lists; captures test/fixtures/panes/copilot/perm-*, dialog-trust-20/40/60): a rounded box the width of
 * the pane, one column of padding, the title, a rule, the body parts and the question one blank row apart (an
 * inner rounded box around a command or path), the numbered options, a blank row and the key hints. Ink wraps
 * words; an option too long for its row gives up a column of its two-column marker (` 2. Yes, and remember …`,
 * `❯1. …`) and its wrapped rows start under its number.
 */
import type { CatalogueDialog } from './catalogue.ts';
import { labelOf } from './render.ts';

/**
 * `text` in rows of `width` as Ink wraps it: words moved whole to the next row, a word longer than the row cut,
 * and a row the words fill exactly hands its separating space on to the next row (`Do you trust the` /
 * ` files in this`, dialog-trust-20). Rows after the first start with `rest`.
 */
export function inkWrap(text: string, width: number, first = '', rest = ''): string[] {
  const rows: string[] = [];
  let prefix = first;
  let row = '';
  const room = () => Math.max(1, width - [...prefix].length);
  const flush = (next: string) => {
    rows.push(prefix + row);
    prefix = rest;
    row = next;
  };
  for (const word of text.split(/ +/)) {
    let w: string;
    if (row === '') w = word;
    else if ([...row].length + 1 + [...word].length <= room()) w = `${row} ${word}`;
    else {
      // A row the words fill exactly hands its separating space on.
      w = [...row].length === room() ? ` ${word}` : word;
      flush('');
    }
    row = '';
    while ([...w].length > room()) {
      const chars = [...w];
      row = chars.slice(0, room()).join('');
      flush('');
      w = chars.slice(room()).join('');
    }
    row = w;
  }
  if (row !== '' || rows.length === 0) rows.push(prefix + row);
  return rows;
}

/** The rows of `d` at `width` columns, a transcript row above it. */
export function renderCopilot(d: CatalogueDialog, width: number): string[] {
  const inner = Math.max(1, width - 4);
  const side = (text: string) => `│ ${text.padEnd(inner)} │`;
  const paragraph = (text: string) => inkWrap(text, inner, '', '').map(side);
  const out = [' ● Working on the task.', `╭${'─'.repeat(width - 2)}╮`];
  if (d.title) out.push(...paragraph(d.title));
  out.push(side('─'.repeat(inner)));
  const parts: string[][] = [];
  for (const line of d.body ?? []) parts.push(paragraph(line));
  if (d.boxed) {
    const room = Math.max(1, inner - 4);
    const rows = d.boxed.flatMap((line) => inkWrap(line, room, '', ''));
    parts.push([side(`╭${'─'.repeat(inner - 2)}╮`), ...rows.map((r) => side(`│ ${r.padEnd(room)} │`)), side(`╰${'─'.repeat(inner - 2)}╯`)]);
  }
  if (d.question !== '') parts.push(paragraph(d.question));
  for (const part of parts) out.push(...part, side(''));
  d.options.forEach((o, i) => {
    const text = `${i + 1}. ${labelOf(o)}`;
    const marker = i === d.highlighted ? '❯' : ' ';
    if ([...text].length + 2 <= inner) out.push(side(`${marker} ${text}`));
    else out.push(...inkWrap(text, inner, marker === ' ' ? ' ' : marker, ' ').map(side));
  });
  if (d.footer !== '') out.push(side(''), ...paragraph(d.footer));
  out.push(`╰${'─'.repeat(width - 2)}╯`);
  return out;
}
