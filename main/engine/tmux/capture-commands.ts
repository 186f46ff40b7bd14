/** The capture command both clients send, and how its output becomes screen lines. */
import { stripAnsi } from '../runtimes/common/ansi.ts';
import type { PaneScreenCapture } from './types.ts';

/**
 * `capture-pane -p` of the visible screen, with `-e` for colours. No `-J`: joining wrapped lines
 * would change the line structure the runtime parsers (and the fixtures they are tested on) expect.
 */
export function captureArgs(paneId: string, colour: boolean): string[] {
  return colour ? ['capture-pane', '-p', '-e', '-t', paneId] : ['capture-pane', '-p', '-t', paneId];
}

/** Screen lines from CLI output: one `\n`-terminated line per screen row. */
export function outputLines(stdout: string): string[] {
  if (stdout === '') return [];
  const lines = stdout.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** CLI-style stdout (every line `\n`-terminated) from reply lines, so both clients return the same text. */
export function joinOutput(lines: readonly string[]): string {
  return lines.map((l) => `${l}\n`).join('');
}

/** A capture result; a colour capture's plain lines are its lines with every escape removed. */
export function screenCapture(paneId: string, lines: readonly string[], colour: boolean): PaneScreenCapture {
  return colour ? { paneId, lines: lines.map(stripAnsi), ansiLines: lines } : { paneId, lines };
}
