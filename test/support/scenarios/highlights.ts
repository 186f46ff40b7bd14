/**
 * Synthesized highlight moves, for screens the lab captured with the highlight in one place only.
 * Built from the captured lines' own codes; the tests check that the captured positions come out
 * exactly as captured, so the synthesized ones use the same drawing.
 */
import { fixture, selfContained } from './fixtures.ts';

/**
 * Codex numbered menu (`› 1. …` highlighted in bold+reverse; other options indented, their `(y)`
 * style key hint in bold). Returns line overrides (row → `.ansi`) with option `highlight` marked.
 */
export function codexMenuLines(screen: string, highlight: number): Record<string, string> {
  const text = fixture(screen).text;
  const rows = text.flatMap((t, row) => (/^[› ] \d+\. /.test(t) ? [row] : []));
  if (rows.length === 0) throw new Error(`${screen}: no numbered menu`);
  const lines: Record<string, string> = {};
  rows.forEach((row, i) => {
    const label = (text[row] ?? '').slice(2).trimEnd();
    lines[String(row)] = i === highlight ? `\x1b[1;7m› ${label}` : `  ${label.replace(/\((\w+)\)$/, '(\x1b[1m$1\x1b[0m\x1b[39m\x1b[49m)')}`;
  });
  return lines;
}

/**
 * Claude's unnumbered menus (trust dialog, auto-mode offer): `❯` and the label in colour 153 on the
 * highlighted row, the others indented by two more spaces in the default colour.
 */
export function claudeMenuLines(screen: string, highlight: number): Record<string, string> {
  const text = fixture(screen).text;
  const marker = text.findIndex((t) => /^ *❯ \S/.test(t));
  const indent = (text[marker] ?? '').indexOf('❯');
  if (marker < 0) throw new Error(`${screen}: no ❯ menu`);
  const isOption = (row: number): boolean => row === marker || new RegExp(`^ {${indent + 2}}\\S`).test(text[row] ?? '');
  let first = marker;
  while (first > 0 && isOption(first - 1)) first--;
  let last = marker;
  while (isOption(last + 1)) last++;
  const lines: Record<string, string> = {};
  const pad = ' '.repeat(indent);
  for (let row = first; row <= last; row++) {
    const label = (text[row] ?? '').slice(indent + 2).trimEnd();
    lines[String(row)] = row - first === highlight ? `${pad}\x1b[38;5;153m❯\x1b[39m \x1b[38;5;153m${label}` : `${pad}  ${label}`;
  }
  return lines;
}

/**
 * Claude's numbered permission options with option `highlight` marked: `❯`, the number in grey
 * and the label in colour 153, as captured on option 1. No capture shows the marker elsewhere, so
 * other positions reuse that drawing (text exact, colours as on option 1).
 */
export function claudeOptionLines(screen: string, highlight: number): Record<string, string> {
  const text = fixture(screen).text;
  const first = text.findIndex((t) => /^ ❯ 1\. /.test(t));
  if (first < 0) throw new Error(`${screen}: no numbered options`);
  const lines: Record<string, string> = {};
  for (let row = first, i = 0; /^ [❯ ] \d+\. /.test(text[row] ?? ''); row++, i++) {
    const [, n, label] = /^ [❯ ] (\d+)\. (.*)$/.exec((text[row] ?? '').trimEnd()) ?? [];
    if (i === highlight) lines[String(row)] = ` \x1b[38;5;153m❯\x1b[39m \x1b[38;5;246m${n}. \x1b[38;5;153m${label}`;
    else if (i === 0) lines[String(row)] = `   \x1b[38;5;246m${n}. \x1b[39m${label}`;
    else lines[String(row)] = selfContained(screen, row);
  }
  return lines;
}

const OPENCODE_BUTTONS = ['Allow once', 'Allow always', 'Reject'] as const;

/**
 * opencode's button row with button `highlight` (0 Allow once, 1 Allow always, 2 Reject) on
 * background 215 with black text, the others grey — as approval-bash / -reject-selected show.
 */
export function opencodeButtonLine(screen: string, highlight: number): { row: number; line: string } {
  const f = fixture(screen);
  const row = f.text.findIndex((t) => t.includes(OPENCODE_BUTTONS.join('   ')));
  if (row < 0) throw new Error(`${screen}: no opencode button row`);
  // Self-contained: the row's leading cells take the screen background from the pen above.
  const captured = selfContained(screen, row);
  const start = captured.indexOf('\x1b[48;5;234m', captured.indexOf('┃')) + '\x1b[48;5;234m'.length;
  const hints = captured.indexOf('\x1b[38;5;255mctrl+f');
  if (start < '\x1b[48;5;234m'.length || hints < 0) throw new Error(`${screen}: unexpected opencode button row`);
  const buttons = OPENCODE_BUTTONS.map((label, i) =>
    i === highlight ? `\x1b[48;5;215m \x1b[38;5;232m${label}\x1b[38;5;15m \x1b[48;5;234m` : ` \x1b[38;5;8m${label}\x1b[38;5;15m `,
  );
  // Left of the buttons: the box edge and two spaces; right: 32 spaces, then the hints.
  const line = `${captured.slice(0, start)}  ${buttons.join(' ')}${' '.repeat(32)}${captured.slice(hints)}`;
  return { row, line };
}
