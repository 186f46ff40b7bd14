/**
 * Cursor's first-run workspace trust modal (unverified, from a third-party capture):
 *   ⚠ Workspace Trust Required / Do you trust the contents of this directory? / [a] … / [q] Quit
 */
import { classifyOptionLabel } from '../common/classify-option.ts';
import type { DialogScreen } from '../types.ts';
import { bottom } from './screen.ts';

const BRACKET_OPTION = /^\[([a-z])\] (\S.*)$/;

/** The trust modal at the bottom of the screen, or null. */
export function parseCursorTrust(lines: readonly string[]): DialogScreen | null {
  const rows = bottom(lines, 15);
  const question = rows.find((r) => /trust the contents of this directory\?$|Workspace Trust Required/.test(r.text));
  if (!question) return null;
  const options = rows.flatMap((r) => {
    const m = BRACKET_OPTION.exec(r.text);
    return m ? [{ key: m[1] ?? null, label: m[2] ?? '', kind: classifyOptionLabel(m[2] ?? '') }] : [];
  });
  if (options.length === 0) return null;
  const asked = rows.find((r) => r.text.endsWith('?'));
  return {
    kind: 'dialog',
    runtime: 'cursor',
    dialogId: 'cursor.workspace-trust',
    question: (asked ?? question).text,
    options,
    highlighted: null,
  };
}
