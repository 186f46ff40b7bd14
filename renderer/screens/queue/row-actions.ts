/**
 * Which buttons a row shows, in which order: only what can be done for this item. A prompt shows
 * Approve (disabled with its reason when no single-use option exists: an absent button would leave
 * the user wondering) and Deny; an idle agent shows Reply first. Pure, so the rule is tested alone.
 */
import type { QueueItemDto } from '../../../preload/contract/index.ts';

/** One button kind of the row (Restart has its own confirm step in the bar). */
export type RowAction = 'approve' | 'deny' | 'deny-message' | 'reply' | 'jump' | 'skip' | 'snooze' | 'restart';

/** The row's buttons, first the one the eye should land on. */
export function rowActions(item: QueueItemDto): RowAction[] {
  const atPrompt = item.reason === 'permission' || item.reason === 'dialog';
  const answer: RowAction[] = [];
  if (item.approveLabel !== null || item.reason === 'permission') answer.push('approve');
  // Deny has a second form on a permission prompt: deny and tell the agent what to do instead.
  if (item.denyLabel !== null) answer.push('deny', ...(item.reason === 'permission' ? (['deny-message'] as const) : []));
  const reply: RowAction[] = item.canReply ? ['reply'] : [];
  const lead = atPrompt ? [...answer, ...reply] : [...reply, ...answer];
  return [...lead, 'jump', 'skip', 'snooze', 'restart'];
}
