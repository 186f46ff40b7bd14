/**
 * What a threaded text reply means, by the kind of item its message is about (pure). `y`/`n` and
 * their short forms answer a prompt; at an agent waiting for input the text is typed; on a
 * permission prompt any other text denies it and tells the agent what to do instead (deny with a
 * message); on a dialog or anything else it sends nothing and says how to answer.
 */
import type { ItemKind } from '../store/types.ts';
import type { Act } from './chat-action.ts';
import type { TypedAnswer } from './answer-words.ts';
import { threadedAnswer } from './answer-words.ts';

/** The meaning of one threaded reply. */
export type ThreadedReply =
  | { readonly kind: 'answer'; readonly answer: TypedAnswer }
  | { readonly kind: 'type'; readonly text: string }
  | { readonly kind: 'deny-with-message'; readonly message: string }
  | { readonly kind: 'refuse'; readonly why: string };

/** What the reply `text` to a message about an item of `kind` asks for (`kind` undefined: the item is gone). */
export function threadedReply(text: string, kind: ItemKind | undefined): ThreadedReply {
  const answer = threadedAnswer(text);
  if (answer !== null) return { kind: 'answer', answer };
  if (kind === 'idle' || kind === 'stuck-idle') return { kind: 'type', text };
  if (kind === 'permission' && text.trim() !== '') return { kind: 'deny-with-message', message: text.trim() };
  return {
    kind: 'refuse',
    why: 'Text is typed only into an agent waiting for input, or sent with a denial to a permission prompt. To answer this one, reply y or n, or use the buttons.',
  };
}

/** The engine action a reply asks for, bound to the item and prompt its message showed. */
export function replyAct(reply: Exclude<ThreadedReply, { kind: 'refuse' }>, bound: { itemId: string; fingerprint: string }): Act {
  return reply.kind === 'answer'
    ? { action: reply.answer, ...bound }
    : reply.kind === 'type'
      ? { action: 'text', ...bound, text: reply.text }
      : { action: 'deny', ...bound, message: reply.message };
}

/** A typed answer does only what the message's buttons offer (no Approve where its text was hidden or cut). */
export function notOffered(answer: TypedAnswer): string {
  return `Not sent: that message offers no ${answer === 'approve' ? 'Approve' : 'Deny'} (it says why). Answer at the desk.`;
}
