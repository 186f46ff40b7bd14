/**
 * The question of a dialog a narrow pane may have wrapped over rows (Gemini CLI, Qwen Code): a sentence ending in
 * `?`, its rows joined. Shared by the runtimes whose dialogs draw the question above a numbered list.
 */
import { wrappedRowsAbove } from './numbered-block.ts';

/** How a question starts (`> ` heads Gemini's and Qwen's IDE connection question). */
const ASKS =
  /^(?:>\s*)?(?:Do|Does|Did|Would|Will|Allow|Apply|Trust|Run|Continue|Is|Are|Can|Could|Should|Which|What|Where|When|How|Ready|Use|Enable|Install|Update|Delete|Overwrite|Proceed|Accept|Save)\b/;

/**
 * The question nearest above row `to` and not above row `from` (rows without box sides, trimmed), or null. One that
 * starts the way questions start is preferred, so a wrapped row that starts in a capital (`Gemini CLI?`) is not
 * taken for the whole question.
 */
export function questionAbove(rows: readonly string[], from: number, to: number): string | null {
  for (const starts of [ASKS, /^[A-Z]/]) {
    const found = wrappedRowsAbove(rows, to, to - from, 6, (text) => starts.test(text) && text.endsWith('?'));
    if (found && found.start >= from) return found.text;
  }
  return null;
}
