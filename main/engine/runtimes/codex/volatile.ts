/** Codex lines that change while nothing meaningful changes. */
import { isStatusLine } from './turn.ts';

/** Lines made only of braille cells (the animated start-up logo). */
const BRAILLE_ART = /^[\s\u2800-\u28ff]+$/;

/** The `• Working (3s • esc to interrupt)` status (timer, toggling bullet) and the animated logo. */
export function isCodexVolatileLine(line: string): boolean {
  if (isStatusLine(line)) return true;
  return BRAILLE_ART.test(line) && /[\u2801-\u28ff]/.test(line);
}
