/** The reply box: text typed into an idle agent's input prompt (the engine refuses anywhere else). */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useController, useQueue } from '../../../client/react/context.tsx';

/** A reply form for one item; focuses itself when opened. */
export function ReplyBox({ itemId, target }: { itemId: string; target: string }) {
  const controller = useController();
  const closed = useQueue((s) => s.popupsClosed);
  const busy = useQueue((s) => s.pending[itemId] !== undefined);
  const [text, setText] = useState('');
  const input = useRef<HTMLTextAreaElement>(null);
  useEffect(() => input.current?.focus(), []);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (text.trim() !== '') void controller.reply(itemId, text);
  };
  return (
    <form className="reply" onSubmit={submit}>
      <label htmlFor={`reply-${itemId}`}>Reply to {target}</label>
      <textarea
        id={`reply-${itemId}`}
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
          Send
        </button>
        <button type="button" onClick={closed}>
          Cancel
        </button>
      </div>
    </form>
  );
}
