/**
 * The text boxes of a row: a reply typed into an idle agent's input prompt (the engine refuses anywhere
 * else), or "Deny and tell the agent…": the prompt is denied and the text reaches the agent as its
 * feedback. Enter sends, Shift+Enter makes a new line, Escape (the queue's cancel key) closes it.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useController, useQueue } from '../../../client/react/context.tsx';

/** What the box is for. */
export type TextBoxPurpose = 'reply' | 'deny-message';

/** A reply or deny-message form for one item; focuses itself when opened. */
export function ReplyBox({ itemId, target, purpose = 'reply' }: { itemId: string; target: string; purpose?: TextBoxPurpose }) {
  const controller = useController();
  const closed = useQueue((s) => s.popupsClosed);
  const busy = useQueue((s) => s.pending[itemId] !== undefined);
  const [text, setText] = useState('');
  const input = useRef<HTMLTextAreaElement>(null);
  useEffect(() => input.current?.focus(), []);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (text.trim() === '' || busy) return;
    void (purpose === 'reply' ? controller.reply(itemId, text) : controller.denyWithMessage(itemId, text));
  };
  const id = `${purpose}-${itemId}`;
  return (
    <form className="reply" data-form={purpose} onSubmit={submit}>
      <label htmlFor={id}>{purpose === 'reply' ? `Reply to ${target}` : `Deny, and tell the agent in ${target} what to do instead`}</label>
      <textarea
        id={id}
        ref={input}
        rows={2}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          // Enter sends, Shift+Enter makes a new line — as in the agents' own input boxes.
          if (e.key === 'Enter' && !e.shiftKey) submit(e);
        }}
      />
      <div className="row-actions">
        <button type="submit" disabled={busy || text.trim() === ''}>
          {purpose === 'reply' ? 'Send' : 'Deny and send'}
        </button>
        <button type="button" onClick={closed}>
          Cancel
        </button>
      </div>
    </form>
  );
}
