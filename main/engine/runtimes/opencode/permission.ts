/** opencode 1.18.33 "△ Permission required": header, subject, buttons, and the highlight from colour. */
import { withKinds } from '../common/option-context.ts';
import type { PermissionPrompt } from '../types.ts';
import { highlightedButton } from './buttons.ts';
import { parseHeader } from './headers.ts';
import type { PromptBox } from './prompt-box.ts';

/** The buttons verified in 1.18.33, in order. Anything else is read, but never with confidence. */
const VERIFIED_BUTTONS = ['Allow once', 'Allow always', 'Reject'];

const TITLE = 'Permission required';

/**
 * How the box's title reads: "Permission required" whole after `taken` body rows (a 20-column pane cuts it
 * mid-word: `△Permissio` / `n require` / `d`), its start with the rows that would finish it not drawn yet
 * (`unfinished`: a box caught mid-draw), or another title.
 */
function readTitle(box: PromptBox): { readonly taken: number } | 'unfinished' | 'other' {
  let text = box.title;
  for (let taken = 0; taken <= 2; taken++) {
    if (text === TITLE) return { taken };
    const next = box.body[taken] ?? '';
    if (next === '') return TITLE.startsWith(text) ? 'unfinished' : 'other';
    text += next;
  }
  return 'other';
}

/** A permission box caught mid-draw: neither a prompt nor another dialog until it settles. */
export function isPermissionTitleUnfinished(box: PromptBox): boolean {
  return readTitle(box) === 'unfinished';
}

/** The permission prompt in `box`, or null when the box is something else. */
export function parsePermissionBox(box: PromptBox, ansiLines?: readonly string[]): PermissionPrompt | null {
  const title = readTitle(box);
  if (typeof title === 'string') return null;
  const taken = title.taken;
  const body = box.body.slice(taken);
  const headerAt = body.findIndex((l) => l !== '');
  const header = headerAt >= 0 ? (body[headerAt] ?? '') : '';
  const parsed = parseHeader(header, body.slice(headerAt + 1));
  const options = withKinds(box.buttons.map((b) => ({ key: null, label: b.label })));
  const exact =
    box.row !== null &&
    parsed !== null &&
    parsed.subject !== '' &&
    box.buttons.map((b) => b.label).join('|') === VERIFIED_BUTTONS.join('|');
  return {
    kind: 'permission',
    runtime: 'opencode',
    tool: parsed?.tool ?? null,
    question: TITLE,
    subject: parsed?.subject ?? header,
    options,
    // Enter confirms the highlighted button; End/Home/Tab do nothing (End, Enter would ALLOW).
    highlighted: box.row ? highlightedButton(box.row, box.buttons, ansiLines) : null,
    confidence: exact ? 'high' : 'low',
    // Verified: Esc rejects straight away (in a subagent session it opens "Reject permission").
    escapeDenies: true,
    approveByEnterOnHighlight: true,
  };
}
