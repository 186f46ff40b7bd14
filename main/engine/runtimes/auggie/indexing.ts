/**
 * Auggie's workspace-indexing consent (0.36.0 capture dialog-indexing; thrum's capture): asked at every
 * start in a workspace the user has not answered with [1] or [2]. It is a permission for one thing,
 * indexing (uploading) the workspace, and the only answer bounded to this asking is
 * `[3] Index this workspace for this session` (the question comes back next session). `[1]` indexes
 * for good and is where the `→` marker starts once the user moves, so approve is the digit `3`,
 * never Enter. Digits select at once (verified with `4`); the screen says Esc skips.
 */
import { classifyOptionLabel } from '../common/classify-option.ts';
import type { PermissionPrompt, PromptOption } from '../types.ts';

const NAV_HINT = '[↑↓] Navigate • [Enter] Confirm';
const DIGIT_HINT = 'Press 1/2/3/4 to select directly • Esc to skip';
const TITLE = '🔍 Workspace Indexing Permission';
const OPTION = /^(→\s*)?\[(\d)\] (\S.*)$/;
const WORKSPACE = /^Workspace: (.+)$/;

/** The four rows as captured, in order: anything else is read, but never with confidence. */
const VERIFIED_LABELS = [
  'Always index this workspace - Unlock full workspace understanding',
  'Never index this workspace - Use basic assistance only',
  'Index this workspace for this session',
  'Skip indexing for this session',
];

/**
 * The consent prompt with its last hint row not drawn yet (`[↑↓] Navigate • [Enter] Confirm` last): a
 * frame still being drawn, which no menu reader may take for the whole prompt (common/torn-frame.ts).
 */
export function isUnfinishedAuggieIndexing(rows: readonly string[]): boolean {
  return rows[rows.length - 1] === NAV_HINT;
}

/** The consent prompt ending `rows` (unboxed, non-blank rows of the bottom of the pane), or null. */
export function parseAuggieIndexing(rows: readonly string[]): PermissionPrompt | null {
  if (!/^Press 1\/2\/3\/4 to select directly/.test(rows[rows.length - 1] ?? '')) return null;
  const chooseAt = rows.lastIndexOf('Choose an option:');
  if (chooseAt < 0 && !rows.includes(TITLE)) return null;
  const found = rows.slice(chooseAt + 1, -1).flatMap((r) => {
    const m = OPTION.exec(r);
    return m ? [{ marked: m[1] !== undefined, key: m[2] ?? '', label: m[3] ?? '' }] : [];
  });
  if (found.length === 0) return null;
  const options: PromptOption[] = found.map((o) => ({ key: o.key, label: o.label, kind: classifyOptionLabel(o.label) }));
  const marked = found.flatMap((o, i) => (o.marked ? [i] : []));
  const workspace = rows.map((r) => WORKSPACE.exec(r)?.[1]).findLast((w) => w !== undefined) ?? '';
  // The exact shape seen: the choice rows straight under "Choose an option:", then the two hint rows.
  const exact =
    chooseAt >= 0 &&
    rows.slice(chooseAt + 1, chooseAt + 1 + found.length).every((r) => OPTION.test(r)) &&
    rows[chooseAt + 1 + found.length] === NAV_HINT &&
    rows[rows.length - 1] === DIGIT_HINT &&
    found.map((o) => `${o.key} ${o.label}`).join('|') === VERIFIED_LABELS.map((l, i) => `${i + 1} ${l}`).join('|');
  return {
    kind: 'permission',
    runtime: 'auggie',
    tool: 'Workspace indexing',
    question: 'Workspace Indexing Permission',
    subject: workspace,
    options,
    highlighted: marked.length === 1 ? (marked[0] ?? null) : null,
    confidence: exact ? 'high' : 'low',
    escapeDenies: true,
    approveByEnterOnHighlight: false,
  };
}
