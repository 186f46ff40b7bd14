/**
 * Copilot CLI 1.0.102's `ask_user` form (test/fixtures/panes/copilot/question-*): between two full-width rules at the
 * bottom, in place of the composer, `Copilot needs information.`, the agent's message, the field's title (`Colour:`),
 * its choices (`❯ Red`, `Blue`, `Other (type your answer)`) and the hints `↑/↓ select · enter accept · ctrl+d decline
 * · esc cancel`. Ink wraps every row in a narrow pane. The agent waits on the user's answer: a dialog, never a key.
 */
import type { DialogScreen, PromptOption } from '../types.ts';
import { isRule } from './screen.ts';

const HEADER = 'Copilot needs information.';
const HINT = /^↑\/↓ select · enter accept\b.* · esc cancel$/;
const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

/** Rows `from`..`to` as Ink wrapped them at `width`: a row is continued when the next word would not have fitted. */
function paragraphs(raw: readonly string[], width: number): { text: string; marked: boolean }[] {
  const out: { text: string; marked: boolean; last: string }[] = [];
  for (const line of raw) {
    const t = line.trim();
    if (t === '') {
      out.push({ text: '', marked: false, last: '' });
      continue;
    }
    const prev = out[out.length - 1];
    const firstWord = t.split(' ')[0] ?? '';
    const continued = prev !== undefined && prev.text !== '' && [...prev.last].length + 1 + [...firstWord].length > width;
    if (continued) {
      prev.text = `${prev.text} ${t}`;
      prev.last = line.trimEnd();
    } else out.push({ text: t.replace(/^❯\s*/, ''), marked: t.startsWith('❯'), last: line.trimEnd() });
  }
  return out.map(({ text, marked }) => ({ text, marked }));
}

/** The form ending the screen, or null. */
export function parseCopilotAskUser(lines: readonly string[]): DialogScreen | null {
  const end = lines.length - 1;
  if (!isRule(lines[end] ?? '')) return null;
  let top = end - 1;
  while (top >= 0 && top > end - 80 && !isRule(lines[top] ?? '')) top--;
  if (top < 0 || !isRule(lines[top] ?? '')) return null;
  const width = [...(lines[end] ?? '').trim()].length;
  const rows = paragraphs(lines.slice(top + 1, end), width).filter((p) => p.text !== '');
  // The header and the hints may themselves have wrapped over rows that did not look full: join them by text.
  let at = 0;
  let header = '';
  while (at < rows.length && header.length < HEADER.length) header = squash(`${header} ${rows[at++]?.text ?? ''}`);
  if (header !== HEADER) return null;
  let hintAt = rows.length;
  let hint = '';
  while (hintAt > at && !hint.startsWith('↑/↓')) hint = squash(`${rows[--hintAt]?.text ?? ''} ${hint}`);
  if (!HINT.test(hint)) return null;
  const fieldAt = rows.findIndex((p, i) => i >= at && i < hintAt && p.text.endsWith(':'));
  const question = rows
    .slice(at, fieldAt < 0 ? hintAt : fieldAt)
    .map((p) => p.text)
    .join(' ');
  const choices = fieldAt < 0 ? [] : rows.slice(fieldAt + 1, hintAt);
  const options: PromptOption[] = choices.map((p) => ({ key: null, label: p.text, kind: 'other' }));
  const marked = choices.flatMap((p, k) => (p.marked ? [k] : []));
  return {
    kind: 'dialog',
    runtime: 'copilot',
    dialogId: 'copilot.ask-user',
    question,
    options,
    highlighted: marked.length === 1 ? (marked[0] ?? null) : null,
  };
}
