/**
 * Gemini CLI 0.61.0: one Screen from a pane (verified against test/fixtures/panes/gemini). Order: tool
 * confirmation, other dialog box, composer (working when the status line sits above it, else idle).
 * Gemini draws inline: the screen's bottom is where it draws last.
 */
import { visibleLines } from '../common/visible-lines.ts';
import type { PaneCapture, Screen } from '../types.ts';
import { parseGeminiDialog } from './dialogs.ts';
import { parseGeminiPermission } from './permission.ts';
import { findGeminiComposer, geminiWorkingLine } from './status.ts';

/** Classify a Gemini CLI pane. What no rule explains is `unknown`, never idle. */
export function classifyGemini(capture: PaneCapture): Screen {
  const lines = visibleLines(capture.lines);
  // No blank rows under the screen's last row: a prompt that is not whole there is cut by the pane's size.
  const prompt = parseGeminiPermission(lines, lines.length === capture.lines.length);
  if (prompt) return prompt;
  const dialog = parseGeminiDialog(lines);
  if (dialog) return dialog;
  const composer = findGeminiComposer(lines);
  if (!composer) return { kind: 'unknown', runtime: 'gemini' };
  const working = geminiWorkingLine(lines, composer.top);
  if (working) return { kind: 'working', runtime: 'gemini', indicator: working };
  return { kind: 'idle', runtime: 'gemini', draft: composer.draft };
}
