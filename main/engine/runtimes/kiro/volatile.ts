/** kiro-cli lines that change while nothing meaningful changes (unverified). */
import { kiroWorkingLine } from './status.ts';

/** Spinner and working lines. */
export function isKiroVolatileLine(line: string): boolean {
  return kiroWorkingLine([line]) !== null;
}
