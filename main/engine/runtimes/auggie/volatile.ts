/** Auggie lines that change while nothing meaningful changes. */
import { isAuggieStatusLine } from './status.ts';

/** The status line: its spinner and seconds change several times a second. */
export function isAuggieVolatileLine(line: string): boolean {
  return isAuggieStatusLine(line);
}
