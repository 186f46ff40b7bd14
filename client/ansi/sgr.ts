/**
 * Turns `capture-pane -e` lines into styled text spans. Output is data (text + colours), never markup:
 * the UI renders spans as text nodes, so nothing in a pane can become HTML.
 */
import { paletteColour, rgbColour } from './palette.ts';

/** A run of text with one style. Colours are CSS colours; null means the terminal default. */
export interface Span {
  readonly text: string;
  readonly fg: string | null;
  readonly bg: string | null;
  readonly bold: boolean;
  readonly dim: boolean;
  readonly italic: boolean;
  readonly underline: boolean;
  readonly strike: boolean;
  readonly inverse: boolean;
}

/** The style part of a span. */
export type SpanStyle = Omit<Span, 'text'>;

/** No attributes, default colours. */
export const PLAIN: SpanStyle = {
  fg: null,
  bg: null,
  bold: false,
  dim: false,
  italic: false,
  underline: false,
  strike: false,
  inverse: false,
};

// CSI (any final byte), OSC (BEL or ST terminated), and two-byte ESC sequences. Only CSI …m changes style.
// eslint-disable-next-line no-control-regex
const ESCAPE = /\x1b\[([0-?]*)([ -/]*)([@-~])|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?|\x1b[@-Z\\-_]?/g;
// Other C0 controls would show as boxes or do nothing useful; tmux does not emit them in captures.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f]/g;

/** Reads an extended colour from its arguments (`5;n`, `2;r;g;b`, or colon form `2:<space>:r:g:b`). */
function extendedColour(args: readonly number[], colonForm: boolean): { colour: string | null; used: number } {
  const mode = args[0];
  if (mode === 5) return { colour: paletteColour(args[1] ?? -1), used: 2 };
  if (mode === 2) {
    // The colon form may carry a colour-space id before r:g:b (`38:2:<id>:r:g:b`).
    const skip = colonForm && args.length >= 5 ? 1 : 0;
    return { colour: rgbColour(args[1 + skip] ?? 0, args[2 + skip] ?? 0, args[3 + skip] ?? 0), used: 4 + skip };
  }
  return { colour: null, used: colonForm ? args.length : 1 };
}

type MutableStyle = { -readonly [K in keyof SpanStyle]: SpanStyle[K] };

/** Applies one simple SGR code (not 38/48). */
function applyCode(s: MutableStyle, c: number): void {
  if (c === 0) Object.assign(s, PLAIN);
  else if (c === 1) s.bold = true;
  else if (c === 2) s.dim = true;
  else if (c === 3) s.italic = true;
  else if (c === 4) s.underline = true;
  else if (c === 7) s.inverse = true;
  else if (c === 9) s.strike = true;
  else if (c === 22) [s.bold, s.dim] = [false, false];
  else if (c === 23) s.italic = false;
  else if (c === 24) s.underline = false;
  else if (c === 27) s.inverse = false;
  else if (c === 29) s.strike = false;
  else if (c >= 30 && c <= 37) s.fg = paletteColour(c - 30);
  else if (c >= 90 && c <= 97) s.fg = paletteColour(c - 90 + 8);
  else if (c === 39) s.fg = null;
  else if (c >= 40 && c <= 47) s.bg = paletteColour(c - 40);
  else if (c >= 100 && c <= 107) s.bg = paletteColour(c - 100 + 8);
  else if (c === 49) s.bg = null;
}

/** Applies one SGR parameter string (between `ESC[` and `m`) to a style. */
export function applySgr(style: SpanStyle, params: string): SpanStyle {
  const next: MutableStyle = { ...style };
  // `;` separates attributes; `:` separates sub-parameters of one attribute (`38:5:n`).
  const groups = (params === '' ? '0' : params).split(';').map((g) => g.split(':').map((p) => (p === '' ? 0 : Number(p))));
  for (let i = 0; i < groups.length; i++) {
    const group = groups[i] ?? [0];
    const code = group[0] ?? 0;
    if (code !== 38 && code !== 48) {
      applyCode(next, code);
      continue;
    }
    const colon = group.length > 1;
    // Semicolon form: the arguments are the following groups (`38;5;153`).
    const args = colon ? group.slice(1) : groups.slice(i + 1).map((g) => g[0] ?? 0);
    const { colour, used } = extendedColour(args, colon);
    if (code === 38) next.fg = colour;
    else next.bg = colour;
    if (!colon) i += used;
  }
  return next;
}

/** One parsed line and the style still in effect at its end (tmux carries style across lines). */
export interface ParsedLine {
  readonly spans: readonly Span[];
  readonly endStyle: SpanStyle;
}

/** Parses one line starting in `style`; adjacent text in the same style is merged into one span. */
export function parseLine(line: string, style: SpanStyle = PLAIN): ParsedLine {
  const spans: Span[] = [];
  let current = style;
  let last = 0;
  const push = (raw: string) => {
    const text = raw.replace(CONTROL, '');
    if (text === '') return;
    const prev = spans[spans.length - 1];
    if (prev && sameStyle(prev, current)) spans[spans.length - 1] = { ...prev, text: prev.text + text };
    else spans.push({ ...current, text });
  };
  for (const m of line.matchAll(ESCAPE)) {
    push(line.slice(last, m.index));
    last = m.index + m[0].length;
    if (m[3] === 'm' && m[2] === '' && !(m[1] ?? '').startsWith('?')) current = applySgr(current, m[1] ?? '');
  }
  push(line.slice(last));
  return { spans, endStyle: current };
}

/** Parses consecutive pane lines, carrying the style from one line into the next as the terminal does. */
export function parseLines(lines: readonly string[]): Span[][] {
  let style = PLAIN;
  return lines.map((line) => {
    const parsed = parseLine(line, style);
    style = parsed.endStyle;
    return [...parsed.spans];
  });
}

function sameStyle(a: SpanStyle, b: SpanStyle): boolean {
  return (
    a.fg === b.fg &&
    a.bg === b.bg &&
    a.bold === b.bold &&
    a.dim === b.dim &&
    a.italic === b.italic &&
    a.underline === b.underline &&
    a.strike === b.strike &&
    a.inverse === b.inverse
  );
}
