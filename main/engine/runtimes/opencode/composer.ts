/** The opencode composer box (`┃` lines closed by `╹▀▀▀`) and the footer under it. */
import { boxEndingAt } from './screen.ts';

/** `Ask anything… "Fix a TODO in the codebase"` (the example in quotes varies). */
const PLACEHOLDER = /^Ask anything… "[^"]*"$/;
/** Footer while a turn runs: spinner cells, then `esc interrupt` or, after one Esc, `esc again to interrupt`. */
const BUSY = /\besc (?:again to )?interrupt\b/;
/** The footer's spinner: eight `⬝`/`■` cells, drawn only while a turn runs. */
const SPINNER = /^\s*[⬝■]{4,}/;

const MAX_FOOTER_ROWS = 4;

/** `ctrl+p` ending one footer row and `commands` the next one's right cell (test/fixtures/panes/opencode/idle-40). */
function footerHintWrapped(footer: readonly string[]): boolean {
  return footer.some((l, i) => /\bctrl\+p$/.test(l.trimEnd()) && /\bcommands$/.test((footer[i + 1] ?? '').trimEnd()));
}

/** What the bottom of an opencode screen with a composer says. */
export type ComposerState = { readonly kind: 'busy'; readonly footer: string } | { readonly kind: 'idle'; readonly draft: string };

/**
 * Find the composer near the bottom and read the footer: busy (spinner + esc interrupt), idle
 * (`ctrl+p commands` and no busy hint), or null when there is no composer or the footer says
 * neither.
 */
export function readComposer(lines: readonly string[]): ComposerState | null {
  // The start screen centres the composer, far above its bottom line: search the whole screen.
  const edge = lines.findLastIndex((l) => l.trimStart().startsWith('╹▀'));
  if (edge < 1) return null;
  const footer = lines.slice(edge + 1).filter((l) => l.trim() !== '');
  // A pane about 40 columns wide wraps each footer cell on its own (`15 (0 ctrl+p` / `commands`): up to 4 rows.
  if (footer.length === 0 || footer.length > MAX_FOOTER_ROWS) return null;
  // A narrow pane cuts the hint (`esc` / `interru` / `pt`); the spinner's cells still lead the row.
  const busy = footer.find((l) => BUSY.test(l) || SPINNER.test(l));
  // The footer pads hints far apart; the indicator keeps the words, not the padding.
  if (busy) return { kind: 'busy', footer: busy.trim().replace(/ {3,}/g, '  ') };
  if (!footer.some((l) => l.includes('ctrl+p commands')) && !footerHintWrapped(footer)) return null;
  if (!(lines[edge - 1] ?? '').trimStart().startsWith('┃')) return null;
  const box = boxEndingAt(lines, edge - 1);
  // The last box line names agent · model · provider; the lines above it hold the input.
  const input = box.inner.slice(0, -1).map((l) => l.trim());
  while (input[0] === '') input.shift();
  while (input[input.length - 1] === '') input.pop();
  const text = input.join('\n');
  return { kind: 'idle', draft: PLACEHOLDER.test(text) ? '' : text };
}
