/** opencode 1.18.33 "△ Permission required": header, subject, buttons, and the highlight from colour. */
import { withKinds } from '../common/option-context.ts';
import type { PermissionPrompt } from '../types.ts';
import { highlightedButton } from './buttons.ts';
import { parseHeader } from './headers.ts';
import type { PromptBox } from './prompt-box.ts';

/** The buttons verified in 1.18.33, in order. Anything else is read, but never with confidence. */
const VERIFIED_BUTTONS = ['Allow once', 'Allow always', 'Reject'];

/** The permission prompt in `box`, or null when the box is something else. */
export function parsePermissionBox(box: PromptBox, ansiLines?: readonly string[]): PermissionPrompt | null {
  if (box.title !== 'Permission required') return null;
  const headerAt = box.body.findIndex((l) => l !== '');
  const header = headerAt >= 0 ? (box.body[headerAt] ?? '') : '';
  const parsed = parseHeader(header, box.body.slice(headerAt + 1));
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
    question: box.title,
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
