/** The reply (or deny-with-a-message) input line: typed text is sent once with Enter; Escape closes it and sends nothing. */
import { Text, useInput } from 'ink';
import { useState } from 'react';
import { safeLine } from './safe-text.ts';

/** An input line for a reply to `target`. */
export function ReplyLine(props: { readonly target: string; readonly label?: string; onSend(text: string): void; onCancel(): void }) {
  const [text, setText] = useState('');
  useInput((input, key) => {
    if (key.escape) props.onCancel();
    else if (key.return) {
      if (text.trim() !== '') props.onSend(text);
    } else if (key.backspace || key.delete) setText((t) => t.slice(0, -1));
    else if (!key.ctrl && !key.meta && input !== '') setText((t) => t + input);
  });
  return (
    <Text wrap="truncate-start">
      {props.label ?? 'Reply to'} {safeLine(props.target)}: {safeLine(text)}█ <Text dimColor>(Enter sends, Esc cancels)</Text>
    </Text>
  );
}
