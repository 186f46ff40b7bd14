/** Qwen Code lines that change while nothing meaningful changes. */
import { isQwenStatusLine } from './status.ts';

/** The status line (spinner, phrase, seconds, tokens) and the confirmation's spinner line. */
export function isQwenVolatileLine(line: string): boolean {
  return isQwenStatusLine(line) || /^\s*\S?\s*Waiting for user confirmation\.\.\.$/.test(line);
}
