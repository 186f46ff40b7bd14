/** Auggie lines that change while nothing meaningful changes (unverified). */
import { auggieWorkingLine } from './status.ts';

/** Spinner and working-hint lines. */
export function isAuggieVolatileLine(line: string): boolean {
  return auggieWorkingLine([line]) !== null;
}
