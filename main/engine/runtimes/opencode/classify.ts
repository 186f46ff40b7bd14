/** opencode 1.18.33: one Screen from the bottom of a pane. Order: `△` box, composer state. */
import type { PaneCapture, Screen } from '../types.ts';
import { visibleLines } from '../common/visible-lines.ts';
import { readComposer } from './composer.ts';
import { parseDialogBox } from './dialogs.ts';
import { parsePermissionBox } from './permission.ts';
import { promptBoxAtBottom } from './prompt-box.ts';

/** Classify an opencode pane. The highlight needs `capture.ansiLines`; without it, no approve key. */
export function classifyOpencode(capture: PaneCapture): Screen {
  const lines = visibleLines(capture.lines);
  const box = promptBoxAtBottom(lines);
  if (box) return parsePermissionBox(box, capture.ansiLines) ?? parseDialogBox(box, capture.ansiLines);
  const composer = readComposer(lines);
  if (!composer) return { kind: 'unknown', runtime: 'opencode' };
  switch (composer.kind) {
    case 'busy':
      return { kind: 'working', runtime: 'opencode', indicator: composer.footer };
    case 'idle':
      return { kind: 'idle', runtime: 'opencode', draft: composer.draft };
  }
}
