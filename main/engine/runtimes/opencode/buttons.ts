/**
 * opencode button rows (`Allow once   Allow always   Reject   …   enter confirm`). Which button is
 * highlighted shows ONLY in colour: the selected one is drawn on the theme's warning background
 * (palette 215 in the default theme, an RGB value on truecolor terminals).
 */
import { stripAnsi, styledRuns } from '../common/ansi.ts';

/** One button: its label and where it starts in the plain line. */
export interface Button {
  readonly label: string;
  readonly at: number;
}

/** Key hints right of the buttons (`ctrl+f fullscreen`, `⇆ select`, `enter confirm`). */
const HINT = /^(?:ctrl\+\S+|⇆|enter|esc|tab|shift\+\S+) /;

const MAX_BUTTONS = 6;

/** `enter confirm`, or what is left of it where the pane's edge cuts the row (`enter con` at 80 columns). */
const isConfirmHint = (text: string) => text.length >= 'enter'.length && 'enter confirm'.startsWith(text);

/** Words separated by single spaces form one token; two or more spaces separate tokens. */
function tokensOf(line: string, bar: number): { text: string; at: number }[] {
  return [...line.slice(bar + 1).matchAll(/\S+(?: \S+)*/g)].map((m) => ({ text: m[0], at: bar + 1 + m.index }));
}

/** A row of key hints only, starting with `ctrl+f fullscreen` (or the like), however far the edge cut it. */
function isHintRow(line: string, bordered: boolean): boolean {
  const bar = line.indexOf('┃');
  if (bordered ? bar < 0 : bar >= 0) return false;
  const tokens = tokensOf(line, bar);
  return tokens.length > 0 && HINT.test(tokens[0]?.text ?? '');
}

/**
 * Buttons of a row that ends in an `enter confirm` hint, or null when the line is no button row.
 * `bordered`: the row is inside the `┃` box (as captured); false reads a row drawn without it.
 */
export function parseButtonRow(line: string, bordered = true, hintsBelow?: string): Button[] | null {
  const bar = line.indexOf('┃');
  if (bordered ? bar < 0 : bar >= 0) return null;
  const tokens = tokensOf(line, bar);
  const firstHint = tokens.findIndex((t) => HINT.test(t.text));
  // A narrow pane moves the hints to a row of their own under the buttons (40 columns), cut at the edge.
  if (firstHint < 0 && hintsBelow !== undefined && isHintRow(hintsBelow, bordered)) {
    return tokens.length >= 1 && tokens.length <= MAX_BUTTONS ? tokens.map((t) => ({ label: t.text, at: t.at })) : null;
  }
  if (firstHint < 1 || !tokens.slice(firstHint).some((t) => isConfirmHint(t.text))) return null;
  // opencode draws two or three buttons; a long run of "buttons" is text, not a prompt.
  if (firstHint > MAX_BUTTONS) return null;
  return tokens.slice(0, firstHint).map((t) => ({ label: t.text, at: t.at }));
}

type Bg = number | string | null;

/** Background of every character of the plain text of an `-e` captured line. */
function backgrounds(ansiLine: string): Bg[] {
  const out: Bg[] = [];
  for (const run of styledRuns(ansiLine)) for (let i = 0; i < run.text.length; i++) out.push(run.bg);
  return out;
}

function uniform(bgs: readonly Bg[]): Bg | undefined {
  const first = bgs[0];
  return bgs.every((b) => b === first) ? first : undefined;
}

/**
 * Index of the highlighted button, read from the colour line of the same row; null when there is
 * no colour line for exactly this row, or the colours do not single out one button.
 * Rule: the one button whose background differs from the panel's; failing that (three or more
 * buttons on a menu colour), the one whose background differs from all the others.
 */
export function highlightedButton(row: string, buttons: readonly Button[], ansiLines?: readonly string[]): number | null {
  const ansi = ansiLines?.findLast((l) => stripAnsi(l).trimEnd() === row);
  if (ansi === undefined) return null;
  const bg = backgrounds(ansi);
  const panel = bg[row.indexOf('┃') + 1];
  const own: Bg[] = [];
  for (const b of buttons) {
    const u = uniform(bg.slice(b.at, b.at + b.label.length));
    if (u === undefined) return null;
    own.push(u);
  }
  const offPanel = own.flatMap((b, i) => (b !== panel ? [i] : []));
  if (offPanel.length === 1) return offPanel[0] ?? null;
  if (own.length < 3) return null;
  const counts = new Map<Bg, number>();
  for (const b of own) counts.set(b, (counts.get(b) ?? 0) + 1);
  const odd = own.flatMap((b, i) => (counts.get(b) === 1 ? [i] : []));
  return odd.length === 1 && counts.size === 2 ? (odd[0] ?? null) : null;
}
