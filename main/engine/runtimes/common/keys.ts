/** Safety-critical: which tmux key approves once, and which denies, for a parsed permission prompt. */
import type { PermissionPrompt } from '../types.ts';

/**
 * The key that grants exactly this one invocation, or null when that cannot be said with confidence.
 * Null cases: low-confidence parse, zero or several single-use options, a single-use option without a
 * key, or (Enter-on-highlight runtimes) the highlight not visibly on the single-use option.
 */
export function approveKeyFor(prompt: PermissionPrompt): string | null {
  if (prompt.confidence !== 'high') return null;
  const once = prompt.options.map((option, index) => ({ option, index })).filter(({ option }) => option.kind === 'once');
  if (once.length !== 1) return null;
  const only = once[0];
  if (!only) return null;
  if (prompt.approveByEnterOnHighlight) {
    return prompt.highlighted === only.index ? 'Enter' : null;
  }
  const key = only.option.key;
  // Enter/Space select whatever is highlighted: only safe when we can see the highlight is on "once".
  if (key === 'Enter' || key === 'Space') return prompt.highlighted === only.index ? key : null;
  return key;
}

/**
 * The key that says no: the single deny option's own key when the parse is confident and the key
 * selects it directly, else Escape where the runtime cancels with it, else null.
 */
export function denyKeyFor(prompt: PermissionPrompt): string | null {
  const deny = prompt.options.filter((o) => o.kind === 'deny');
  const direct = deny.length === 1 ? (deny[0]?.key ?? null) : null;
  if (prompt.confidence === 'high' && direct && direct !== 'Enter' && direct !== 'Space') return direct;
  return prompt.escapeDenies ? 'Escape' : null;
}
