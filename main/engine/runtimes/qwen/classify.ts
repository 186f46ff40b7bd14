/**
 * Qwen Code 0.24.4: one Screen from a pane (verified against test/fixtures/panes/qwen). Order: tool
 * confirmation, dialog (a box, a question from the model, plan approval), composer (working when the status line or the steer hint shows, else idle).
 */
import { visibleLines } from '../common/visible-lines.ts';
import type { PaneCapture, Screen } from '../types.ts';
import { parseQwenDialog, parseQwenPlan, parseQwenQuestion } from './dialogs.ts';
import { parseQwenPermission } from './permission.ts';
import { findQwenComposer, qwenWorkingLine } from './status.ts';

/** Classify a Qwen Code pane. What no rule explains is `unknown`, never idle. */
export function classifyQwen(capture: PaneCapture): Screen {
  const lines = visibleLines(capture.lines);
  // No blank rows under the screen's last row: a prompt that is not whole there is cut by the pane's size.
  const prompt = parseQwenPermission(lines, lines.length === capture.lines.length);
  if (prompt) return prompt;
  const dialog = parseQwenDialog(lines) ?? parseQwenQuestion(lines) ?? parseQwenPlan(lines);
  if (dialog) return dialog;
  const composer = findQwenComposer(lines);
  if (!composer) return { kind: 'unknown', runtime: 'qwen' };
  const working = qwenWorkingLine(lines, composer);
  if (working) return { kind: 'working', runtime: 'qwen', indicator: working };
  return { kind: 'idle', runtime: 'qwen', draft: composer.draft };
}
