/** The draft of an input prompt: what typing, pasting, BSpace and C-u do to it. */
import type { Key } from './keys.ts';

/** The draft after `key`, or null when the key is not an editing key (Enter, arrows, Escape…). */
export function editDraft(draft: string, key: Key): string | null {
  if (key.name === 'Paste') return draft + (key.text ?? '');
  if (key.name === 'Space') return `${draft} `;
  if (key.name === 'C-u') return '';
  if (key.name === 'BSpace' || key.name === 'C-h') return [...draft].slice(0, -1).join('');
  if (key.name === 'C-w') return draft.replace(/\S+\s*$/, '');
  // A printable character is its own name; named keys (Enter, C-x, M-x, ^[[…) are longer.
  if ([...key.name].length === 1 && key.name === key.raw) return draft + key.raw;
  return null;
}

/** The draft as one screen line: pasted line breaks shown as spaces. */
export function draftForDisplay(draft: string): string {
  return draft.replace(/\r\n|[\r\n]/g, ' ');
}
