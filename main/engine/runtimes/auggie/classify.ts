/**
 * Auggie: one Screen from the bottom of a pane. Unverified: built from public docs
 * (docs.augmentcode.com/cli), which show no screen layouts; no captures of our own. Generic and
 * conservative: prompts never confident, idle only inside a bordered input box at the bottom.
 */
import type { PaneCapture, Screen } from '../types.ts';
import { visibleLines } from '../common/visible-lines.ts';
import { parseAuggiePrompt } from './permission.ts';
import { auggieInputDraft, auggieWorkingLine } from './status.ts';

/** Classify an Auggie pane. */
export function classifyAuggie(capture: PaneCapture): Screen {
  const lines = visibleLines(capture.lines);
  const prompt = parseAuggiePrompt(lines);
  if (prompt) return prompt;
  const working = auggieWorkingLine(lines);
  if (working) return { kind: 'working', runtime: 'auggie', indicator: working };
  const draft = auggieInputDraft(lines);
  if (draft !== null) return { kind: 'idle', runtime: 'auggie', draft };
  return { kind: 'unknown', runtime: 'auggie' };
}
