/**
 * A question Cursor agent asks inside a box, with numbered options that print their keys, as its
 * plan approval in 2026.09.26 (peer capture):
 *   │ Suggested Plan … │ Ready to build? │  1. Yes, build locally (b) │ → 2. No, propose changes (p or Esc) │
 *   └──────┘
 * Notices printed under the box (a usage-limit error) do not end the question; a composer drawn
 * under it does (Cursor hides the composer while it asks), so an answered box in the scrollback is
 * never read. A dialog: building a plan runs many tools, nothing here is a single-use approval.
 */
import { withKinds } from '../common/option-context.ts';
import type { DialogScreen, PromptOption } from '../types.ts';
import { keyOfHint } from './hints.ts';
import { cursorOptionRow, isCursorQuestion } from './options.ts';
import { unbox } from './screen.ts';

const BOX_TOP = /^┌─+┐$/;
const BOX_BOTTOM = /^└─+┘$/;
const COMPOSER_BAR = /^[▄▀]{8,}$/;

/** The boxed question with numbered options that is the last box on screen, or null. */
export function parseCursorBoxedQuestion(lines: readonly string[]): DialogScreen | null {
  const bottomAt = lines.findLastIndex((l) => BOX_BOTTOM.test(l.trim()));
  if (bottomAt < 0 || lines.slice(bottomAt + 1).some((l) => COMPOSER_BAR.test(l.trim()))) return null;
  const topAt = lines.slice(0, bottomAt).findLastIndex((l) => BOX_TOP.test(l.trim()));
  if (topAt < 0) return null;
  const body = lines
    .slice(topAt + 1, bottomAt)
    .map(unbox)
    .filter((t) => t !== '');
  let start = body.length;
  while (start > 0 && cursorOptionRow(body[start - 1] ?? '')?.number != null) start--;
  const rows = body.slice(start).map((t) => cursorOptionRow(t));
  const question = body[start - 1] ?? '';
  if (rows.length < 2 || !isCursorQuestion(question)) return null;
  const options: PromptOption[] = withKinds(
    rows.map((r) => ({ key: keyOfHint(r?.hint ?? ''), label: `${r?.label ?? ''} (${r?.hint ?? ''})` })),
  );
  const marked = rows.flatMap((r, k) => (r?.marked ? [k] : []));
  return {
    kind: 'dialog',
    runtime: 'cursor',
    dialogId: body.some((t) => /\bPlan\b/.test(t)) ? 'cursor.plan-approval' : null,
    question,
    options,
    highlighted: marked.length === 1 ? (marked[0] ?? null) : null,
  };
}
