/** Codex CLI 0.169.0: one Screen from the bottom of a pane. Order: prompt, dialog, composer state. */
import type { PaneCapture, Screen } from '../types.ts';
import { visibleLines } from '../common/visible-lines.ts';
import { codexOverlay } from './overlays.ts';
import { findComposer } from './composer.ts';
import { parseCodexDialog } from './dialogs.ts';
import { parseCodexPermission } from './permission.ts';
import { statusAbove, turnState } from './turn.ts';

/** Classify a Codex pane. Never guesses: what no rule explains is `unknown`. */
export function classifyCodex(capture: PaneCapture): Screen {
  const lines = visibleLines(capture.lines);
  const unknown: Screen = { kind: 'unknown', runtime: 'codex' };
  if (lines.length === 0) return unknown;
  const overlay = codexOverlay(lines);
  if (overlay) return overlay;
  // No blank rows under the screen's last row: a prompt without its footer there is cut by the pane's size.
  const prompt = parseCodexPermission(lines, lines.length === capture.lines.length);
  if (prompt) return prompt;
  const dialog = parseCodexDialog(lines);
  if (dialog) return dialog;
  const composer = findComposer(lines, capture.ansiLines);
  if (!composer) return unknown;
  // The composer stays on screen while Codex works: only the status line or the transcript tells.
  const status = statusAbove(lines, composer.index);
  if (status) return { kind: 'working', runtime: 'codex', indicator: status };
  const turn = turnState(lines, composer.index);
  switch (turn.kind) {
    case 'ended':
    case 'fresh':
      return { kind: 'idle', runtime: 'codex', draft: composer.draft };
    case 'streaming':
      return { kind: 'working', runtime: 'codex', indicator: turn.indicator };
    case 'unclear':
      return unknown;
  }
}
