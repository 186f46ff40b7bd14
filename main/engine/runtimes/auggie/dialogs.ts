/**
 * Auggie 0.36.0 first-run dialogs (verified in test/fixtures/panes/auggie/dialog-*): the welcome
 * notice and the tips pages (`→ Continue`, Enter goes on). The workspace-indexing choice is a
 * permission (indexing.ts).
 */
import type { DialogScreen, PromptOption } from '../types.ts';
import { unbox } from './screen.ts';

const CONTINUE_HINT = 'Press return to continue, or esc to skip';

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

/** The unboxed, non-blank rows of the bottom of the pane, where dialogs are read. */
export function bottomRows(lines: readonly string[]): string[] {
  return lines
    .slice(-40)
    .map(unbox)
    .filter((r) => r !== '');
}

/** A first-run notice ending the screen (`rows` from bottomRows), or null. */
export function parseAuggieDialog(rows: readonly string[]): DialogScreen | null {
  return continueDialog(rows);
}
