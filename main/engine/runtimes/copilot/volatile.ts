/** Copilot CLI lines that change while nothing meaningful changes. */
import { isCopilotWorkingLine } from './status.ts';

/** The working footer (spinner, byte count) and the elapsed seconds at the end of a running tool's row. */
export function isCopilotVolatileLine(line: string): boolean {
  return isCopilotWorkingLine(line) || /^\s*\S\s+(Shell|\S+)\s.*\s\d+s$/.test(line);
}
