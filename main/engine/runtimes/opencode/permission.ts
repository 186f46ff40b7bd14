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
 * Body rows the title continues on, or -1 when the box has another title: a 20-column pane cuts it mid-word
 * (`△Permissio` / `n require` / `d`).
 */
function titleContinuation(box: PromptBox): number {
  let text = box.title;
  for (let taken = 0; taken <= 2; taken++) {
    if (text === TITLE) return taken;
    const next = box.body[taken] ?? '';
    if (next === '') return -1;
    text += next;
  }
  return -1;
}

/**
 * The box's title is the start of "Permission required" and the rows that would finish it are not drawn
 * yet: a permission box caught mid-draw, which is neither a prompt nor another dialog until it settles.
 */
export function isPermissionTitleUnfinished(box: PromptBox): boolean {
  let text = box.title;
  for (let taken = 0; taken <= 2 && text !== TITLE; taken++) {
    const next = box.body[taken] ?? '';
    if (next === '') return TITLE.startsWith(text);
    text += next;
  }
  return false;
}

/** The permission prompt in `box`, or null when the box is something else. */
export function parsePermissionBox(box: PromptBox, ansiLines?: readonly string[]): PermissionPrompt | null {
  const taken = titleContinuation(box);
  if (taken < 0) return null;
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
