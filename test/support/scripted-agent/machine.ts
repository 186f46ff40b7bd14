/** What a state does with one key: pure, so the program and the tests share one truth. */
import type { Key } from './keys.ts';
import type { StateSpec } from './scenario.ts';
import { canonicalKeys } from './scenario.ts';
import { editDraft } from './line-editor.ts';

/** The reaction to a key. `ignore` means the CLI shows nothing new (Claude's `y` on a prompt). */
export type Reaction =
  | { readonly kind: 'goto'; readonly next: string }
  | { readonly kind: 'edit'; readonly draft: string }
  | { readonly kind: 'submit'; readonly text: string; readonly next: string }
  | { readonly kind: 'ignore' };

/**
 * React to `key` in `state` with the current `draft`. Explicit key transitions win; then the line
 * editor (input states only); Enter submits a non-empty draft and does nothing on an empty one.
 */
export function react(state: StateSpec, draft: string, key: Key): Reaction {
  const next = canonicalKeys(state).get(key.name);
  if (next !== undefined) return { kind: 'goto', next };
  const input = state.input;
  if (!input) return { kind: 'ignore' };
  if (key.name === 'Enter') return draft.trim() === '' ? { kind: 'ignore' } : { kind: 'submit', text: draft, next: input.submit };
  const edited = editDraft(draft, key);
  return edited === null || edited === draft ? { kind: 'ignore' } : { kind: 'edit', draft: edited };
}
