/**
 * Codex overlays the user opens (titles from the 0.171.0 binary): the transcript pager (Ctrl+T, a
 * `/ T R A N S C R I P T /` header across the top) and the /model picker (`Select Model and Effort`).
 * They are dialogs nobody is queued for and no key answers.
 */
import { userOverlay } from '../common/user-overlay.ts';
import type { DialogScreen } from '../types.ts';
import { markedIndex, optionBlockAbove } from './options.ts';

const TRANSCRIPT = /^\s*\/ T R A N S C R I P T \/*/;
const MODEL_PICKER = /^\s*Select Model and Effort\s*$/;

/** The overlay on screen, or null. */
export function codexOverlay(lines: readonly string[]): DialogScreen | null {
  // The pager covers the screen: its header is among the top rows.
  if (lines.slice(0, 3).some((l) => TRANSCRIPT.test(l))) return userOverlay('codex', 'codex.transcript', 'Transcript');
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
