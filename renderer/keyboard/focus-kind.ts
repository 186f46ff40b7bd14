/** Where keyboard focus is, for the keymap: a DOM question, so it lives with the renderer. */
import type { KeyInput } from '../../client/keyboard/keymap.ts';

/** Classifies the focused element for `KeyInput.focus`. */
export function focusKind(el: Element | null): KeyInput['focus'] {
  if (el === null) return 'other';
  const tag = el.tagName.toLowerCase();
  if (tag === 'textarea' || tag === 'select' || (el as HTMLElement).isContentEditable) return 'text';
  if (tag === 'input') {
    const type = (el as HTMLInputElement).type;
    return type === 'checkbox' || type === 'radio' || type === 'button' || type === 'submit' ? 'control' : 'text';
  }
  if (tag === 'button' || tag === 'a' || tag === 'summary') return 'control';
  return 'other';
}
