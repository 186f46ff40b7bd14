/**
 * Draws a captured screen so that tmux gives it back: `capture-pane -p` and `-p -e` of the pane
 * reproduce the fixture's `.txt` and `.ansi` (byte for byte at the fixture's size).
 */
import { readFileSync, existsSync } from 'node:fs';

/** A captured screen: `.ansi` lines (capture-pane -p -e), `.txt` lines, and `.meta` variables. */
export interface FixtureScreen {
  readonly ansi: readonly string[];
  readonly text: readonly string[];
  readonly meta: Readonly<Record<string, string>>;
}

/** One line to draw: its `.ansi` text and the SGR state ("pen") the capture had before it. */
export interface DrawLine {
  readonly ansi: string;
  readonly pen: string;
}

// eslint-disable-next-line no-control-regex
const SGR = /\x1b\[([0-9;:]*)m/g;
// eslint-disable-next-line no-control-regex
const ESCAPES = /\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[@-Z\\-_78]/g;
// eslint-disable-next-line no-control-regex
const ENDS_WITH_SGR = /\x1b\[[0-9;:]*m$/;

/** Split a capture into lines (the final newline ends the last line, it does not start another). */
export function splitCapture(content: string): string[] {
  const lines = content.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

/** Visible text of an `.ansi` line. */
export function stripEscapes(line: string): string {
  return line.replace(ESCAPES, '');
}

/**
 * Read `<base>.ansi`, `<base>.txt` and (if present) `<base>.meta`. A screen kept as plain text only
 * (the peer screens of CLIs that cannot be installed here: Cursor agent, kiro-cli) draws its `.txt`.
 */
export function loadFixtureScreen(base: string): FixtureScreen {
  const ansiPath = existsSync(`${base}.ansi`) ? `${base}.ansi` : `${base}.txt`;
  const ansi = splitCapture(readFileSync(ansiPath, 'utf8'));
  const text = existsSync(`${base}.txt`) ? splitCapture(readFileSync(`${base}.txt`, 'utf8')) : ansi.map(stripEscapes);
  const meta: Record<string, string> = {};
  if (existsSync(`${base}.meta`)) {
    for (const line of readFileSync(`${base}.meta`, 'utf8').split('\n')) {
      const eq = line.indexOf('=');
      if (eq > 0) meta[line.slice(0, eq)] = line.slice(eq + 1);
    }
  }
  return { ansi, text, meta };
}

/**
 * The pen before each line. `capture-pane -e` writes only attribute changes, so a line's codes
 * continue the state left by the lines above; drawing one line alone needs that state first.
 */
export function pensBefore(lines: readonly string[]): string[] {
  const pens: string[] = [];
  let pen = '';
  for (const line of lines) {
    pens.push(pen);
    for (const match of line.matchAll(SGR)) {
      const params = match[1] ?? '';
      pen = params === '' || /^0*(?:[;:]|$)/.test(params) ? match[0] : pen + match[0];
    }
  }
  return pens;
}

/** The cursor position of a fixture (0-based), from `.meta`, or null. */
export function fixtureCursor(screen: FixtureScreen): { x: number; y: number } | null {
  const x = Number(screen.meta['cursor_x']);
  const y = Number(screen.meta['cursor_y']);
  return screen.meta['cursor_x'] !== undefined && Number.isInteger(x) && Number.isInteger(y) ? { x, y } : null;
}

/**
 * Which fixture rows a pane of `rows` rows shows: all of them when it fits; otherwise the bottom of
 * the content (blank rows at the end dropped, but never the row `keepRow`), as a TUI would.
 */
export function visibleOffset(lines: readonly DrawLine[], rows: number, keepRow = -1): number {
  if (lines.length <= rows) return 0;
  let last = lines.length - 1;
  while (last > keepRow && last >= 0 && stripEscapes(lines[last]?.ansi ?? '').trim() === '') last--;
  return Math.max(0, last + 1 - rows);
}

/**
 * The bytes that draw `lines` on a `rows`-high screen from its top-left: clear, then every line
 * self-contained (reset + its pen + its codes). A line whose capture ends in codes had trailing
 * blank cells with those attributes; one such cell is drawn (over a throwaway non-blank cell,
 * because tmux does not store a default blank written on a cleared cell).
 */
export function renderLines(lines: readonly DrawLine[], rows: number, offset: number, cursor: { x: number; y: number } | null): string {
  let out = '\x1b[?7l\x1b[0m\x1b[H\x1b[2J';
  const count = Math.min(rows, lines.length - offset);
  for (let r = 0; r < count; r++) {
    const line = lines[offset + r];
    if (!line) continue;
    out += `\x1b[${r + 1};1H\x1b[0m${line.pen}${line.ansi}`;
    if (ENDS_WITH_SGR.test(line.ansi)) out += '\x1b7\x1b[0;7m \x1b8 ';
  }
  out += '\x1b[0m';
  if (cursor && cursor.y >= offset && cursor.y < offset + rows) out += `\x1b[${cursor.y - offset + 1};${cursor.x + 1}H`;
  return out;
}
