/** Gemini CLI lines that change while nothing meaningful changes. */
import { isGeminiStatusLine } from './status.ts';

/** The status line: its spinner, phrase and seconds change several times a second. */
export function isGeminiVolatileLine(line: string): boolean {
  return isGeminiStatusLine(line);
}
