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

/**
 * The hint lines opencode 1.18.33 draws beside or under its buttons (its permission view `Va`: `ctrl+f fullscreen`
 * or `ctrl+f minimize` where the view can grow, then `⇆ select  enter confirm`), spaces squashed.
 */
const HINT_LINES = ['ctrl+f fullscreen ⇆ select enter confirm', 'ctrl+f minimize ⇆ select enter confirm', '⇆ select enter confirm'];

/**
 * Is `text` those hints, or their start where a narrow pane cuts the row (`… ⇆ select  enter con`)? A pane under
 * 80 columns draws them on their own row under the buttons (test/fixtures/panes/opencode/approval-bash-40).
 */
export function isButtonHintText(text: string): boolean {
  const t = text.replace(/\s+/g, ' ').trim();
  return t.length >= 8 && HINT_LINES.some((h) => h.startsWith(t));
}

const MAX_BUTTONS = 6;

/** Words separated by single spaces form one token; two or more spaces separate tokens. */
const tokensAfter = (line: string, from: number) =>
  [...line.slice(from).matchAll(/\S+(?: \S+)*/g)].map((m) => ({ text: m[0], at: from + m.index }));

/**
 * Buttons of a row that ends in the key hints (cut or whole), or null when the line is no button row.
 * `bordered`: the row is inside the `┃` box (as captured); false reads a row drawn without it.
 */
export function parseButtonRow(line: string, bordered = true): Button[] | null {
  const bar = line.indexOf('┃');
  if (bordered ? bar < 0 : bar >= 0) return null;
  const tokens = tokensAfter(line, bar + 1);
  const firstHint = tokens.findIndex((t) => HINT.test(t.text));
  if (firstHint < 1 || !isButtonHintText(line.slice(tokens[firstHint]?.at ?? 0))) return null;
  // opencode draws two or three buttons; a long run of "buttons" is text, not a prompt.
  if (firstHint > MAX_BUTTONS) return null;
  return tokens.slice(0, firstHint).map((t) => ({ label: t.text, at: t.at }));
}

/** Buttons of a `┃` row drawn alone, the hints on a row under it (a pane under 80 columns), or null. */
export function parseButtonsOnly(line: string): Button[] | null {
  const bar = line.indexOf('┃');
  if (bar < 0) return null;
  const tokens = tokensAfter(line, bar + 1);
  if (tokens.length < 1 || tokens.length > MAX_BUTTONS || tokens.some((t) => HINT.test(t.text))) return null;
  return tokens.map((t) => ({ label: t.text, at: t.at }));
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
