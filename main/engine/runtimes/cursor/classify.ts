/**
 * Cursor agent (`cursor-agent`): one Screen from the bottom of a pane. Unverified: built from public
 * docs (cursor.com/docs/cli) and third-party captures; no captures of our own. Conservative: idle
 * only with the empty-input placeholder in view, prompts never confident.
 */
import type { PaneCapture, Screen } from '../types.ts';
import { visibleLines } from '../common/visible-lines.ts';
import { parseCursorPermission } from './permission.ts';
import { cursorInputEmpty, cursorWorkingLine } from './status.ts';
import { parseCursorTrust } from './trust.ts';

/** Classify a Cursor agent pane. */
export function classifyCursor(capture: PaneCapture): Screen {
  const lines = visibleLines(capture.lines);
  const prompt = parseCursorPermission(lines) ?? parseCursorTrust(lines);
  if (prompt) return prompt;
  const working = cursorWorkingLine(lines);
  if (working) return { kind: 'working', runtime: 'cursor', indicator: working };
  if (cursorInputEmpty(lines)) return { kind: 'idle', runtime: 'cursor', draft: '' };
  return { kind: 'unknown', runtime: 'cursor' };
}
