/**
 * Auggie 0.36.0 first-run dialogs (verified in test/fixtures/panes/auggie/dialog-*): the welcome
 * notice and the tips pages (`→ Continue`, Enter goes on), and the workspace-indexing choice
 * (`[1]`–`[4]`, digits select at once, `→` marks the highlighted row once the user moved).
 */
import { classifyOptionLabel } from '../common/classify-option.ts';
import type { DialogScreen, PromptOption } from '../types.ts';
import { unbox } from './screen.ts';

const CONTINUE_HINT = 'Press return to continue, or esc to skip';
const INDEX_HINT = /^Press 1\/2\/3\/4 to select directly/;
const INDEX_OPTION = /^(→\s*)?\[(\d)\] (\S.*)$/;

function continueDialog(rows: readonly string[]): DialogScreen | null {
  if (rows[rows.length - 1] !== CONTINUE_HINT || rows[rows.length - 2] !== '→ Continue') return null;
  const title = rows.find((r) => r.startsWith('✨ Welcome to Augment Code') || r.startsWith('💡 Tips for using Auggie'));
  if (!title) return null;
  const dialogId = title.startsWith('✨') ? 'auggie.welcome' : 'auggie.tips';
  // The tips carry `1 of 3` at the right of the title; the question is the title alone.
  const question = title.replace(/\s{2,}\d+ of \d+$/, '');
  const options: PromptOption[] = [{ key: 'Enter', label: 'Continue', kind: 'other' }];
  return { kind: 'dialog', runtime: 'auggie', dialogId, question, options, highlighted: 0 };
}

function indexingDialog(rows: readonly string[]): DialogScreen | null {
  if (!INDEX_HINT.test(rows[rows.length - 1] ?? '')) return null;
  if (!rows.some((r) => r.startsWith('🔍 Workspace Indexing Permission'))) return null;
  const found = rows.flatMap((r) => {
    const m = INDEX_OPTION.exec(r);
    return m ? [{ marked: m[1] !== undefined, key: m[2] ?? '', label: m[3] ?? '' }] : [];
  });
  if (found.length === 0) return null;
  const options: PromptOption[] = found.map((o) => ({ key: o.key, label: o.label, kind: classifyOptionLabel(o.label) }));
  const marked = found.flatMap((o, i) => (o.marked ? [i] : []));
  return {
    kind: 'dialog',
    runtime: 'auggie',
    dialogId: 'auggie.indexing',
    question: 'Workspace Indexing Permission',
    options,
    highlighted: marked.length === 1 ? (marked[0] ?? null) : null,
  };
}

/** A first-run dialog ending the screen, or null. */
export function parseAuggieDialog(lines: readonly string[]): DialogScreen | null {
  const rows = lines
    .slice(-40)
    .map(unbox)
    .filter((r) => r !== '');
  return continueDialog(rows) ?? indexingDialog(rows);
}
