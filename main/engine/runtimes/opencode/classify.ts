/** opencode 1.18.33: one Screen from the bottom of a pane. Order: `△` box, the question view, a view the user opened, composer state. */
import type { PaneCapture, Screen } from '../types.ts';
import { visibleLines } from '../common/visible-lines.ts';
import { readComposer } from './composer.ts';
import { parseDialogBox } from './dialogs.ts';
import { userOpenedView } from './overlay.ts';
import { parseQuestionBox } from './question.ts';
import { isPermissionTitleUnfinished, parsePermissionBox } from './permission.ts';
import { promptBoxAtBottom } from './prompt-box.ts';

/** Classify an opencode pane. The highlight needs `capture.ansiLines`; without it, no approve key. */
export function classifyOpencode(capture: PaneCapture): Screen {
  const lines = visibleLines(capture.lines);
  const box = promptBoxAtBottom(lines);
  if (box) {
    const permission = parsePermissionBox(box, capture.ansiLines);
    if (permission) return permission;
    if (isPermissionTitleUnfinished(box)) return { kind: 'unknown', runtime: 'opencode' };
    return parseDialogBox(box, capture.ansiLines);
  }
  const question = parseQuestionBox(lines);
  if (question) return question;
  const composer = readComposer(lines);
  if (!composer) return { kind: 'unknown', runtime: 'opencode' };
  // A view the user opened sits over the transcript, the composer still under it.
  const view = userOpenedView(
    lines,
    lines.findLastIndex((l) => l.trimStart().startsWith('╹▀')),
  );
  if (view) return view;
  switch (composer.kind) {
    case 'busy':
      return { kind: 'working', runtime: 'opencode', indicator: composer.footer };
    case 'idle':
      return { kind: 'idle', runtime: 'opencode', draft: composer.draft };
  }
}
