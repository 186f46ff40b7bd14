/**
 * Draw a catalogued dialog the way its CLI draws it in a pane of a given width, from the layouts of
 * the captures in test/fixtures/panes (Claude Code 2.1.332, Codex 0.169–0.171, auggie 0.36.0 at 120 columns):
 * text wrapped at word boundaries to the width (Ink and ratatui both wrap words; a word longer than the
 * row is cut), continuation rows indented to where the text started.
 */
import type { CatalogueDialog } from './catalogue.ts';
import { renderCopilot } from './render-copilot.ts';
import { renderGemini } from './render-gemini.ts';
import { renderOpencode, renderOpencodeAnsi } from './render-opencode.ts';
import { renderQwen } from './render-qwen.ts';

/** `text` wrapped to `width` columns, the first row after `first`, the rest after `rest` (prefixes). */
export function wrapText(text: string, width: number, first: string, rest: string): string[] {
  const rows: string[] = [];
  let prefix = first;
  let row = '';
  const room = () => Math.max(1, width - [...prefix].length);
  const flush = () => {
    rows.push(prefix + row);
    prefix = rest;
    row = '';
  };
  for (const word of text.split(/ +/)) {
    let w = word;
    while ([...w].length > room()) {
      if (row !== '') flush();
      const chars = [...w];
      row = chars.slice(0, room()).join('');
      w = chars.slice(room()).join('');
      flush();
    }
    if (w === '') continue;
    const next = row === '' ? w : `${row} ${w}`;
    if ([...next].length > room()) {
      flush();
      row = w;
    } else row = next;
  }
  if (row !== '' || rows.length === 0) flush();
  return rows;
}

/** An option as printed: its label and its key hint in brackets. */
export const labelOf = (o: { label: string; hint?: string }) => (o.hint ? `${o.label} (${o.hint})` : o.label);

/**
 * Claude Code 2.1.332: a `─` rule, the header, the description, a `╌` box, the question, the list, a
 * blank row and the hints. Start-up dialogs (`spaced`) put a blank row between every paragraph.
 */
function claude(d: CatalogueDialog, width: number): string[] {
  const out = ['● Working on the task.', ''];
  const gap = () => {
    if (d.spaced) out.push('');
  };
  out.push('─'.repeat(width));
  if (d.title) out.push(...wrapText(d.title, width, ' ', ' '));
  for (const line of d.body ?? []) {
    gap();
    out.push(...wrapText(line, width, ' ', ' '));
  }
  if (d.boxed) {
    out.push('╌'.repeat(width));
    for (const line of d.boxed) out.push(...wrapText(line, width, ' ', ' '));
    out.push('╌'.repeat(width));
  }
  if (d.question !== '') out.push(...wrapText(d.question, width, ' ', ' '));
  gap();
  d.options.forEach((o, i) => {
    const marker = i === d.highlighted ? ' ❯ ' : '   ';
    const head = d.numbered ? `${marker}${i + 1}. ` : marker;
    out.push(...wrapText(labelOf(o), width, head, ' '.repeat([...head].length)));
  });
  if (d.footer !== '') out.push('', ...wrapText(d.footer, width, ' ', ' '));
  return out;
}

/** Codex 0.169–0.171: the question, a blank row, the body (`$ command`), a blank row, the list, the hint. */
function codex(d: CatalogueDialog, width: number): string[] {
  const out = ['• Running the command', ''];
  out.push(...wrapText(d.question, width, '  ', '  '), '');
  for (const line of d.body ?? []) out.push(...wrapText(line, width, '  ', '    '), '');
  out.push('');
  d.options.forEach((o, i) => {
    const head = `${i === d.highlighted ? '›' : ' '} ${i + 1}. `;
    out.push(...wrapText(labelOf(o), width, head, '     '));
  });
  out.push('');
  out.push(...wrapText(d.footer, width, '  ', '  '));
  return out;
}

/**
 * auggie 0.36.0: a rounded box (`╭ │ ╰`) around the title and the subject, padded by two columns and a
 * blank row, then the hotkey line ` [A]llow [D]eny` under it.
 */
function auggie(d: CatalogueDialog, width: number): string[] {
  const inner = Math.max(1, width - 2);
  const row = (text: string) => `│${text.padEnd(inner).slice(0, inner)}│`;
  const out = ['● I will run a command.', `╭${'─'.repeat(inner)}╮`, row('')];
  for (const text of [d.title ?? '', ...(d.body ?? [])]) {
    for (const line of wrapText(text, inner - 2, '  ', '  ')) out.push(row(line));
    out.push(row(''));
  }
  out.push(`╰${'─'.repeat(inner)}╯`);
  out.push(` ${d.options.map((o) => `[${o.label.slice(0, 1)}]${o.label.slice(1)}`).join(' ')}`);
  return out;
}

/**
 * auggie 0.36.0 popovers (plan complete, Ask User): one rounded box (padding two columns and a row) holding
 * the bold title, a blank row, the paragraphs with a blank row between them, the question, the list (the
 * cursor `marker` on the highlighted row, spaces of its width on the others; a wrapped label goes on at
 * the box's left, as Ink wraps one text), then the key hints under the box, padded by a column.
 */
function auggiePopover(d: CatalogueDialog, width: number): string[] {
  const inner = Math.max(5, width - 2);
  const content = inner - 4;
  const row = (text: string) => `│  ${text.padEnd(content).slice(0, content)}  │`;
  const out = ['● I have a question.', `╭${'─'.repeat(inner)}╮`, row('')];
  const paragraph = (text: string) => {
    for (const line of wrapText(text, content, '', '')) out.push(row(line));
  };
  if (d.title) {
    paragraph(d.title);
    out.push(row(''));
  }
  for (const line of d.body ?? []) {
    paragraph(line);
    out.push(row(''));
  }
  if (d.question !== '') paragraph(d.question);
  if (d.spaced) out.push(row(''));
  const marker = d.marker ?? '› ';
  d.options.forEach((o, i) => {
    const head = i === d.highlighted ? marker : ' '.repeat([...marker].length);
    for (const line of wrapText(labelOf(o), content, head, '')) out.push(row(line));
  });
  out.push(row(''), `╰${'─'.repeat(inner)}╯`);
  out.push(...wrapText(d.footer, width, ' ', ' '));
  return out;
}

/** The pane rows of `d` at `width` columns. */
export function renderDialog(d: CatalogueDialog, width: number): string[] {
  switch (d.layout) {
    case 'claude':
      return claude(d, width);
    case 'codex':
      return codex(d, width);
    case 'auggie':
      return auggie(d, width);
    case 'gemini':
      return renderGemini(d, width);
    case 'qwen':
      return renderQwen(d, width);
    case 'auggie-popover':
      return auggiePopover(d, width);
    case 'copilot':
      return renderCopilot(d, width);
    case 'opencode':
      return renderOpencode(d, width);
  }
}

/** The same rows with their colours (`capture-pane -e`), for layouts whose highlight only colour shows; else undefined. */
export function renderDialogAnsi(d: CatalogueDialog, width: number): string[] | undefined {
  return d.layout === 'opencode' ? renderOpencodeAnsi(d, width) : undefined;
}
