/**
 * Auggie 0.36.0: one Screen from the bottom of a pane (verified against test/fixtures/panes/auggie).
 * Order: approval prompt, indexing consent, first-run notice, composer (working when a status line sits above it).
 */
import type { PaneCapture, Screen } from '../types.ts';
import { bottomRows, parseAuggieDialog } from './dialogs.ts';
import { parseAuggieIndexing } from './indexing.ts';
import { parseAuggieApproval } from './permission.ts';
import { parseAuggiePopover } from './popover.ts';
import { visibleLines } from '../common/visible-lines.ts';
import { auggieWorkingLine, findAuggieComposer } from './status.ts';

/** Classify an Auggie pane. What no rule explains is `unknown`, never idle. */
export function classifyAuggie(capture: PaneCapture): Screen {
  const lines = visibleLines(capture.lines);
  const approval = parseAuggieApproval(lines);
  if (approval) return approval;
  const rows = bottomRows(lines);
  const asked = parseAuggieIndexing(rows) ?? parseAuggieDialog(rows) ?? parseAuggiePopover(lines);
  if (asked) return asked;
  const composer = findAuggieComposer(lines);
  if (!composer) return { kind: 'unknown', runtime: 'auggie' };
  const working = auggieWorkingLine(lines, composer.top);
  if (working) return { kind: 'working', runtime: 'auggie', indicator: working };
  return { kind: 'idle', runtime: 'auggie', draft: composer.draft };
}
