/**
 * Copilot CLI 1.0.102: one Screen from a pane (verified against test/fixtures/panes/copilot). Order: the box at
 * the bottom (a confirmation or a dialog), the `ask_user` form, then the composer (working when its footer says so, else idle).
 */
import { visibleLines } from '../common/visible-lines.ts';
import type { PaneCapture, Screen } from '../types.ts';
import { parseCopilotAskUser } from './ask-user.ts';
import { parseCopilotBox } from './prompt.ts';
import { findCopilotComposer, isCopilotWorkingLine } from './status.ts';

/** Classify a Copilot CLI pane. What no rule explains is `unknown`, never idle. */
export function classifyCopilot(capture: PaneCapture): Screen {
  const lines = visibleLines(capture.lines);
  const boxed = parseCopilotBox(lines);
  if (boxed) return boxed;
  const asked = parseCopilotAskUser(lines);
  if (asked) return asked;
  const composer = findCopilotComposer(lines);
  if (!composer) return { kind: 'unknown', runtime: 'copilot' };
  if (isCopilotWorkingLine(composer.footer))
    return { kind: 'working', runtime: 'copilot', indicator: composer.footer.replace(/\s{2,}\S+$/, '') };
  return { kind: 'idle', runtime: 'copilot', draft: composer.draft };
}
