/** opencode lines that change while nothing meaningful changes. */

/** The footer while working: eight `⬝`/`■` spinner cells, then the esc hint (split over rows in a narrow pane). */
const FOOTER_SPINNER = /^\s*[⬝■]{4,}\s+esc\b/;
/** A braille spinner in front of a running command or "Thinking" (`┃  ⠦ sleep 8`, `⠴ Thinking`). */
const BRAILLE_SPINNER = /^\s*(?:┃\s*)?[\u2801-\u28ff] \S/;

/** Spinner lines only: the rest of an opencode screen changes when something happens. */
export function isOpencodeVolatileLine(line: string): boolean {
  return FOOTER_SPINNER.test(line) || BRAILLE_SPINNER.test(line);
}
