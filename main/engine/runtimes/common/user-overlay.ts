/** Overlays the user opens over an agent's screen (a model picker, help, the transcript viewer). */
import type { DialogScreen, RuntimeId } from '../types.ts';

/**
 * The dialog for an overlay the user opened: queued for nobody (the user is at the pane) and answered by
 * no key. `question` is the overlay's title as drawn.
 */
export function userOverlay(runtime: RuntimeId, dialogId: string, question: string, options: DialogScreen['options'] = []): DialogScreen {
  return { kind: 'dialog', runtime, dialogId, question, options, highlighted: null, openedByUser: true };
}

/** The last `count` rows with text, trimmed, bottom last. */
export function lastTextRows(lines: readonly string[], count: number): string[] {
  const out: string[] = [];
  for (let i = lines.length - 1; i >= 0 && out.length < count; i--) {
    const t = (lines[i] ?? '').trim();
    if (t !== '') out.unshift(t);
  }
  return out;
}
