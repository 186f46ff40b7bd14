/**
 * Codex overlays the user opens (titles from the 0.171.0 binary): the transcript pager (Ctrl+T, a
 * `/ T R A N S C R I P T /` header across the top) and the /model picker (`Select Model and Effort`).
 * They are dialogs nobody is queued for and no key answers.
 */
import { withKinds } from '../common/option-context.ts';
import { userOverlay } from '../common/user-overlay.ts';
import type { DialogScreen } from '../types.ts';
import { markedIndex, optionBlockAbove, pressEnterFooterTop } from './options.ts';

const TRANSCRIPT = /^\s*\/ T R A N S C R I P T \/*/;
const MODEL_PICKER = /^\s*Select Model and Effort\s*$/;
/**
 * Confirmations the user asked for (0.171.0 binary): deleting or archiving a session or worktree, full
 * access picked in /permissions. The user is at the pane.
 */
const USER_CONFIRMATION = /^\s*(Delete this session\?|Delete this worktree\?|Archive this session\?|Enable full access\?)\s*$/;

/** The overlay on screen, or null. */
export function codexOverlay(lines: readonly string[]): DialogScreen | null {
  // The pager covers the screen: its header is among the top rows.
  if (lines.slice(0, 3).some((l) => TRANSCRIPT.test(l))) return userOverlay('codex', 'codex.transcript', 'Transcript');
  const confirmation = userConfirmation(lines);
  if (confirmation) return confirmation;
  const title = lines.findLastIndex((l) => MODEL_PICKER.test(l));
  if (title < 0 || lines.length - title > 30) return null;
  let end = lines.length - 1;
  while (end > title && !/^\s*(?:[›>]\s*)?\d{1,2}\.\s/.test(lines[end] ?? '')) end--;
  const block = end > title ? optionBlockAbove(lines, end) : null;
  const options = (block?.options ?? []).map((o) => ({ key: null, label: o.label, kind: 'other' as const }));
  return {
    ...userOverlay('codex', 'codex.model-picker', 'Select Model and Effort', options),
    highlighted: block ? markedIndex(block.options) : null,
  };
}

/** A delete or archive confirmation the user opened, its options read without keys, or null. */
function userConfirmation(lines: readonly string[]): DialogScreen | null {
  // The title may wrap over up to three rows in a narrow pane.
  const joined = (i: number, rows: number) =>
    lines
      .slice(i, i + rows)
      .map((l) => l.trim())
      .join(' ');
  // Only the bottom 60 rows can hold it (a long warning wraps tall in a narrow pane); a cheap word test
  // first keeps the common screen fast.
  let title = -1;
  for (let i = lines.length - 1; i >= Math.max(0, lines.length - 60) && title < 0; i--) {
    if (/\b(?:Delete|Archive|Enable)\b/.test(lines[i] ?? '') && [1, 2, 3].some((rows) => USER_CONFIRMATION.test(joined(i, rows))))
      title = i;
  }
  if (title < 0) return null;
  const footer = pressEnterFooterTop(lines);
  const block = footer > title ? optionBlockAbove(lines, footer - 1) : null;
  if (!block) return null;
  const options = withKinds(block.options.map((o) => ({ key: null, label: [o.label, ...o.extra].join(' ') })));
  const rows = [1, 2, 3].find((n) => USER_CONFIRMATION.test(joined(title, n))) ?? 1;
  const asked = USER_CONFIRMATION.exec(joined(title, rows))?.[1] ?? '';
  return { ...userOverlay('codex', 'codex.user-confirmation', asked, options), highlighted: markedIndex(block.options) };
}
