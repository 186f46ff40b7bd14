/**
 * Screen shapes we generate rather than only saw: the pane 20–250 columns wide with long lines
 * wrapped as tmux wraps them (cut at the width, going on at column 0), a single-use label replaced by
 * a broader one wrapped right after its "Yes", hint and frame rows under the menu, box borders taken
 * off or drawn around the screen, and the highlight drawn in other SGR encodings and theme colours.
 * A variant that wraps says which rows go on in the next one, so the oracle can read the logical lines back.
 */
import { stripAnsi } from '../../../main/engine/runtimes/common/ansi.ts';
import type { ScreenVariant } from './screen-variants.ts';

const OPTION_ROW = /^(\s*[❯›>]?\s*\d+\.\s+)(.+?)\s*$/;
const SINGLE_USE_ROW = /^(\s*[❯›>]?\s*\d+\.\s+)(Yes|Yes, proceed \(y\)|Allow once)\s*$/;

/** Rows as tmux shows lines wider than `width`: cut at the width; `continued[i]` says row i goes on in row i+1. */
export function hardWrap(lines: readonly string[], width: number): { rows: string[]; continued: boolean[] } {
  const rows: string[] = [];
  const continued: boolean[] = [];
  for (const line of lines) {
    const chars = [...line.trimEnd()];
    if (chars.length <= width) {
      rows.push(line);
      continued.push(false);
      continue;
    }
    for (let i = 0; i < chars.length; i += width) {
      rows.push(chars.slice(i, i + width).join(''));
      continued.push(i + width < chars.length);
    }
  }
  return { rows, continued };
}

/** The narrowest and widest panes the invariant draws (issue 29: 20–250 columns). */
export const MIN_WIDTH = 20;
export const MAX_WIDTH = 250;

/** The screen at `count` widths drawn from 20..250, each wrapped as tmux wraps it. */
export function widthVariants(lines: readonly string[], random: () => number, count: number): ScreenVariant[] {
  const out: ScreenVariant[] = [];
  for (let i = 0; i < count; i++) {
    const width = MIN_WIDTH + Math.floor(random() * (MAX_WIDTH - MIN_WIDTH + 1));
    if (lines.every((l) => [...l.trimEnd()].length <= width)) continue;
    const { rows, continued } = hardWrap(lines, width);
    out.push({ name: `${width} columns, wrapped`, lines: rows, continued });
  }
  return out;
}

/**
 * The single-use option replaced by "Yes" + a broader grant, the row filled to `width` right after
 * "Yes" so the broader words go on at column 0 of the next row (a parser reading one row sees "Yes").
 */
export function wrappedTemptingVariants(lines: readonly string[], tempting: readonly string[]): ScreenVariant[] {
  const at = lines.findLastIndex((l) => SINGLE_USE_ROW.test(l));
  if (at < 0) return [];
  const prefix = SINGLE_USE_ROW.exec(lines[at] ?? '')?.[1] ?? '';
  const out: ScreenVariant[] = [];
  for (const [n, rest] of tempting.entries()) {
    const width = Math.max(60, prefix.length + 3 + 1 + n);
    const first = `${prefix}Yes`.padEnd(width, ' ');
    const { rows, continued } = hardWrap([first + rest], width);
    const flags = [...lines.slice(0, at).map(() => false), ...continued, ...lines.slice(at + 1).map(() => false)];
    out.push({
      name: `yes wrapped before "${rest}" at ${width}`,
      lines: [...lines.slice(0, at), ...rows, ...lines.slice(at + 1)],
      continued: flags,
    });
  }
  return out;
}

/**
 * A tall pane (up to 1000 rows): hundreds of blank rows under the screen (the pane is taller than what
 * the CLI draws), above it (a whole-pane capture of a short screen), and a task panel drawn under the
 * prompt with blank rows below it.
 */
export function tallVariants(lines: readonly string[]): ScreenVariant[] {
  const blank = (n: number) => Array.from({ length: n }, () => '');
  const panel = [' ◐ Tasks · 1 done · 2 remaining', '   ✔ Read the config', '   ◻ Write the tests', '   ◻ Run the suite'];
  return [
    { name: '1000 rows, blank below', lines: [...lines, ...blank(Math.max(0, 1000 - lines.length))] },
    { name: '1000 rows, blank above', lines: [...blank(Math.max(0, 1000 - lines.length)), ...lines] },
    { name: 'task panel and blank rows below', lines: [...lines, '', ...panel, ...blank(600)] },
  ];
}

/** Rows a CLI or theme adds under a menu: hints, a rule, a review line. */
const TAIL_ROWS = [
  '  ctrl+r to review changed files',
  '─'.repeat(60),
  '  Esc to cancel · Enter to select',
  '  ? for shortcuts',
  '  ↑/↓ to navigate',
];

/** Hint and frame rows inserted under the last option row, one at a time and all together. */
export function tailRowVariants(lines: readonly string[]): ScreenVariant[] {
  const last = lines.findLastIndex((l) => OPTION_ROW.test(l));
  if (last < 0) return [];
  const insert = (rows: readonly string[]) => [...lines.slice(0, last + 1), ...rows, ...lines.slice(last + 1)];
  return [
    ...TAIL_ROWS.map((row) => ({ name: `row under the menu: "${row.trim().slice(0, 20)}"`, lines: insert([row]) })),
    { name: 'every extra row under the menu', lines: insert(TAIL_ROWS) },
    { name: 'extra rows at the bottom', lines: [...lines, ...TAIL_ROWS.slice(0, 2)] },
  ];
}

const LEFT = /^(\s*)[│┃║]\s?/;
const RIGHT = /\s?[│┃║]\s*$/;

/** Box borders taken off every row, and a box drawn around the bottom 25 rows. */
export function borderVariants(lines: readonly string[]): ScreenVariant[] {
  const out: ScreenVariant[] = [];
  if (lines.some((l) => LEFT.test(l) || RIGHT.test(l))) {
    out.push({ name: 'borders off', lines: lines.map((l) => l.replace(RIGHT, '').replace(LEFT, '$1')) });
  }
  const from = Math.max(0, lines.length - 25);
  const body = lines.slice(from).map((l) => l.trimEnd());
  const inner = Math.max(...body.map((l) => [...l].length), 10);
  const boxed = [`╭${'─'.repeat(inner + 2)}╮`, ...body.map((l) => `│ ${l.padEnd(inner)} │`), `╰${'─'.repeat(inner + 2)}╯`];
  out.push({ name: 'borders on', lines: [...lines.slice(0, from), ...boxed] });
  return out;
}

/** SGR rewrites of a highlight: the same colour in other encodings, another theme's colour, bold added. */
const COLOUR_REWRITES: readonly (readonly [string, (seq: string) => string])[] = [
  ['truecolor', (s) => s.replace(/48;5;215\b/g, '48;2;255;175;95')],
  ['colon form', (s) => s.replace(/48;5;(\d+)/g, '48:5:$1')],
  ['theme 214/236', (s) => s.replace(/48;5;215\b/g, '48;5;214').replace(/48;5;234\b/g, '48;5;236')],
  ['theme blue', (s) => s.replace(/48;5;215\b/g, '44')],
  ['bold highlight', (s) => s.replace(/48;5;215m/g, '1;48;5;215m')],
  ['fg changed', (s) => s.replace(/38;5;(\d+)/g, '38;5;252')],
];

/** The colour capture with its highlight (and text colours) drawn as other themes and terminals draw them. */
export function colourVariants(lines: readonly string[], ansiLines: readonly string[]): ScreenVariant[] {
  return COLOUR_REWRITES.map(([name, rewrite]) => {
    const changed = ansiLines.map(rewrite);
    // The plain text must stay the same screen: the rewrite touches escapes only.
    const same = changed.every((l, i) => stripAnsi(l) === stripAnsi(ansiLines[i] ?? ''));
    return { name: `colours: ${name}`, lines: [...lines], ansiLines: same ? changed : [...ansiLines] };
  });
}
