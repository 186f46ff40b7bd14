/**
 * Deny with a message from a Linux notification: where the server advertises `inline-reply` (KDE
 * Plasma's extension of the freedesktop spec: an action keyed `inline-reply` becomes a text field, and
 * the server answers with the `NotificationReplied(id, text)` signal), a permission prompt's notification
 * offers "Deny and tell the agent…", and the typed text goes to `item:deny` with that message. Where it
 * does not (dunst, GNOME), nothing changes. Pure.
 */
import type { NotificationOp } from '../notification-policy.ts';
import type { NotificationAction } from '../notification-text.ts';
import type { ServerCaps } from './notify-request.ts';

/** The action key the server turns into a reply field (the extension fixes the name). */
export const INLINE_REPLY_KEY = 'inline-reply';
/** The field's label. */
export const INLINE_REPLY_LABEL = 'Deny and tell the agent…';
/** The field's placeholder (hint `x-kde-reply-placeholder-text`). */
export const INLINE_REPLY_PLACEHOLDER = 'What should it do instead?';

type DenyAction = Extract<NotificationAction, { kind: 'deny' }>;

/**
 * The deny (bound to the item and the prompt's fingerprint) that a reply typed into this notification
 * carries, or null: no `inline-reply` (or no actions at all) on the server, not a permission prompt,
 * or no Deny on it. The engine compares the fingerprint again, so a reply to content replaced
 * meanwhile (the key is always `inline-reply`, not per generation) sends nothing.
 */
export function inlineReplyFor(op: Extract<NotificationOp, { op: 'show' }>, caps: ServerCaps): DenyAction | null {
  if (!caps.actions || !caps.all.includes(INLINE_REPLY_KEY)) return null;
  if (op.itemId === null || !op.category.endsWith('.permission')) return null;
  const deny = op.buttons.find((b) => b.action.kind === 'deny')?.action;
  return deny?.kind === 'deny' && deny.itemId === op.itemId ? deny : null;
}
