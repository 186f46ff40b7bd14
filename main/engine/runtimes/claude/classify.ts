/**
 * Claude Code screen → one Screen, read from the bottom up. Scrollback above the bottom (old prompts,
 * old "Interrupted" lines, earlier user messages) never counts: each recogniser anchors at the last lines.
 */
import type { PaneCapture, Screen } from '../types.ts';
import { lastTextRows, userOverlay } from '../common/user-overlay.ts';
import { findOptionBlock } from './option-block.ts';
import type { OptionBlock } from './option-block.ts';
import { browserTitle, recogniseBrowserPrompt } from './recognise-browser.ts';
import { knownDialogId, recogniseDialog } from './recognise-dialog.ts';
import { recogniseForm } from './recognise-form.ts';
import { isWorkflowPrompt, recogniseWorkflowPrompt } from './recognise-workflow.ts';
import { findInputBox } from './recognise-idle.ts';
import { looksLikePermission, permissionBody, recognisePermission } from './recognise-permission.ts';
import { spinnerNearBottom, workingIndicator } from './recognise-working.ts';
import { bottomLines, isBlank, ruleAbove, unboxBottom } from './screen-lines.ts';

// How far above the options a prompt's or dialog's top rule may be (an Edit diff preview is the tallest seen).
const PROMPT_HEIGHT = 80;

/**
 * Where the prompt's top edge is: its `────` rule, or, with no rule on screen, the blank row above the
 * first drawn line when only blank rows are above it (the prompt is all the pane shows, so nothing of
 * it can have scrolled away). -1 when neither.
 */
function promptTop(lines: readonly string[], block: OptionBlock): number {
  const rule = ruleAbove(lines, block.top, PROMPT_HEIGHT);
  if (rule >= 0) return rule;
  const first = lines.findIndex((l) => !isBlank(l));
  return first > 0 && first < block.top ? first - 1 : -1;
}

/** A prompt or dialog whose options are the bottom of the screen, or null. */
function promptOrDialog(lines: readonly string[], block: OptionBlock): Screen | null {
  const ruleIndex = promptTop(lines, block);
  const regionStart = ruleIndex >= 0 ? ruleIndex + 1 : Math.max(0, block.top - 40);
  const region = lines.slice(regionStart);
  const optionsTop = block.top - regionStart;
  const dialogId = knownDialogId(region, block);
  if (dialogId) return recogniseDialog(region, optionsTop, block, dialogId);
  if (block.numbered && isWorkflowPrompt(lines, ruleIndex)) return recogniseWorkflowPrompt(lines, ruleIndex, block);
  const browser = browserTitle(lines, ruleIndex, block.top);
  if (browser && block.numbered) return recogniseBrowserPrompt(lines, ruleIndex, block, browser);
  const body = permissionBody(lines, ruleIndex, block);
  if (looksLikePermission(body, block)) return recognisePermission(lines, ruleIndex, block, body);
  // An unknown menu still blocks the agent; it must show a cursor to count as one. A sent message `❯ …`
  // over its result `⎿ …` (the rest of the frame not drawn yet) is the transcript, not a menu.
  if (block.options.some((o) => o.highlighted) && !block.options.some((o) => o.text.startsWith('⎿')))
    return recogniseDialog(region, optionsTop, block, null);
  return null;
}

/** A prompt drawn inside a `╭ │ ╰` box at the bottom (older layout), read with the box taken off. */
function boxedPrompt(lines: readonly string[]): Screen | null {
  const unboxed = unboxBottom(lines);
  const block = unboxed ? findOptionBlock(unboxed) : null;
  return unboxed && block ? promptOrDialog(unboxed, block) : null;
}

/** Classify one capture of a Claude Code pane. Pure; never throws on any input. */
export function classifyClaude(capture: PaneCapture): Screen {
  const lines = bottomLines(capture.lines);
  // ctrl+o: the transcript viewer, its footer `Showing detailed transcript · ctrl+o to toggle · …` (2.1.332 bundle).
  if (lastTextRows(lines, 3).some((t) => t.startsWith('Showing detailed transcript'))) {
    return userOverlay('claude', 'claude.transcript-viewer', 'Showing detailed transcript');
  }
  const box = findInputBox(lines);
  if (box) {
    const indicator = workingIndicator(lines, box);
    if (indicator) return { kind: 'working', runtime: 'claude', indicator };
    return { kind: 'idle', runtime: 'claude', draft: box.draft };
  }
  const block = findOptionBlock(lines);
  const prompt = block ? promptOrDialog(lines, block) : null;
  if (prompt) return prompt;
  const boxed = block ? null : boxedPrompt(lines);
  if (boxed) return boxed;
  const form = recogniseForm(lines);
  if (form) return form;
  const spinner = spinnerNearBottom(lines);
  if (spinner) return { kind: 'working', runtime: 'claude', indicator: spinner };
  return { kind: 'unknown', runtime: 'claude' };
}
