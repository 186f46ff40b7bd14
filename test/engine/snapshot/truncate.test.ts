import { describe, expect, it } from 'vitest';
import { ConversationCollector } from '../../../main/engine/snapshot/conversation.ts';
import { ASSISTANT_HEADER, USER_HEADER } from '../../../main/engine/snapshot/format.ts';
import { PENDING_HEADING, truncateConversation } from '../../../main/engine/snapshot/truncate.ts';
import type { Block, Role } from '../../../main/engine/snapshot/types.ts';
import { rng } from './support/transcript-gen.ts';

type Message = { role: Role; text: string };

function collect(messages: readonly Message[], maxLines: number) {
  const c = new ConversationCollector(maxLines);
  for (const m of messages) c.add(m.role, m.text);
  return c.finish();
}

/** Random conversations: mostly alternating, with same-role runs, huge messages and header look-alikes. */
function randomMessages(r: () => number): Message[] {
  const n = Math.floor(r() * 60);
  const out: Message[] = [];
  let role: Role = r() < 0.8 ? 'user' : 'assistant';
  for (let i = 0; i < n; i++) {
    const big = r() < 0.05;
    const lines = 1 + Math.floor(r() * (big ? 600 : 8));
    const text = Array.from({ length: lines }, (_, j) => (r() < 0.03 ? '=== ASSISTANT ===' : `${role[0]}${i}.${j}`)).join('\n');
    out.push({ role, text });
    if (r() < 0.85) role = role === 'user' ? 'assistant' : 'user';
  }
  return out;
}

const render = (blocks: readonly Block[]): string[] =>
  blocks.flatMap((b, i) => [...(i > 0 ? [''] : []), b.role === 'user' ? USER_HEADER : ASSISTANT_HEADER, ...b.lines]);

/** Brute force: the earliest USER block whose blocks through the last answer fit the budget. */
function bestStart(blocks: readonly Block[], last: number, budget: number): number {
  for (let s = 0; s < last; s++) {
    if (blocks[s]!.role !== 'user') continue;
    if (render(blocks.slice(s, last + 1)).length <= budget) return s;
  }
  return -1;
}

describe('truncateConversation (property: many random conversations and limits)', () => {
  const r = rng(2024);
  const cases = Array.from({ length: 1500 }, () => ({ messages: randomMessages(r), maxLines: 10 + Math.floor(r() * 250) }));

  it('never exceeds max_lines, starts at USER, ends with assistant text', () => {
    for (const { messages, maxLines } of cases) {
      const all = collect(messages, 1e9);
      const t = truncateConversation(all, maxLines);
      const ctx = JSON.stringify({ maxLines, messages }).slice(0, 300);
      expect(t.conversation.length + t.pending.length, ctx).toBeLessThanOrEqual(maxLines);
      if (t.conversation.length === 0) continue;
      expect(t.conversation[0], ctx).toBe(USER_HEADER);
      const lastHeader = t.conversation.findLastIndex((l) => l === USER_HEADER || l === ASSISTANT_HEADER);
      expect(t.conversation[lastHeader], ctx).toBe(ASSISTANT_HEADER);
      const lastAnswer = all.blocks.findLast((b) => b.role === 'assistant')!;
      expect(t.conversation.at(-1), ctx).toBe(lastAnswer.lines.at(-1));
    }
  });

  it('shows the unanswered request exactly when the conversation ends with one', () => {
    for (const { messages, maxLines } of cases) {
      const all = collect(messages, 1e9);
      const t = truncateConversation(all, maxLines);
      expect(t.pending[0] === PENDING_HEADING).toBe(all.blocks.at(-1)?.role === 'user');
    }
  });

  it('keeps as much history as fits: whole blocks from the earliest fitting USER block', () => {
    for (const { messages, maxLines } of cases) {
      const all = collect(messages, 1e9);
      const t = truncateConversation(all, maxLines);
      const last = all.blocks.findLastIndex((b) => b.role === 'assistant');
      const start = bestStart(all.blocks, last, maxLines - t.pending.length);
      if (start >= 0) expect(t.conversation).toEqual(render(all.blocks.slice(start, last + 1)));
      else if (last >= 1) expect(t.conversation.length).toBeGreaterThan(0); // the cut last exchange
    }
  });

  it('gives the same snapshot from the bounded collector as from keeping everything', () => {
    for (const { messages, maxLines } of cases) {
      expect(truncateConversation(collect(messages, maxLines), maxLines)).toEqual(truncateConversation(collect(messages, 1e9), maxLines));
    }
  });
});

describe('truncateConversation (cases)', () => {
  const msgs = (...m: [Role, string][]): Message[] => m.map(([role, text]) => ({ role, text }));

  it('keeps a short conversation whole, uncut', () => {
    const t = truncateConversation(collect(msgs(['user', 'hi'], ['assistant', 'hello']), 200), 200);
    expect(t).toEqual({
      conversation: [USER_HEADER, 'hi', '', ASSISTANT_HEADER, 'hello'],
      pending: [],
      droppedLines: 0,
      pendingCut: false,
      maxLines: 200,
    });
  });

  it('drops a leading answer that has no request before it', () => {
    const t = truncateConversation(collect(msgs(['assistant', 'orphan'], ['user', 'q'], ['assistant', 'a']), 200), 200);
    expect(t.conversation).toEqual([USER_HEADER, 'q', '', ASSISTANT_HEADER, 'a']);
    expect(t.droppedLines).toBe(3);
  });

  it('cuts an over-long last exchange to the head of the request and the tail of the answer', () => {
    const answer = Array.from({ length: 500 }, (_, i) => `line ${i}`).join('\n');
    const request = Array.from({ length: 50 }, (_, i) => `ask ${i}`).join('\n');
    const t = truncateConversation(collect(msgs(['user', request], ['assistant', answer]), 20), 20);
    expect(t.conversation).toEqual([
      USER_HEADER,
      'ask 0',
      'ask 1',
      'ask 2',
      '[… 47 more lines of this message not shown]',
      '',
      ASSISTANT_HEADER,
      '[… 488 earlier lines of this message not shown]',
      ...Array.from({ length: 12 }, (_, i) => `line ${488 + i}`),
    ]);
  });

  it('keeps an unanswered request apart, cut to a fifth of the limit', () => {
    const pending = Array.from({ length: 30 }, (_, i) => `p${i}`).join('\n');
    const t = truncateConversation(collect(msgs(['user', 'q'], ['assistant', 'a'], ['user', pending]), 50), 50);
    expect(t.pending).toEqual([
      PENDING_HEADING,
      ...Array.from({ length: 8 }, (_, i) => `p${i}`),
      '[… 22 more lines of this request not shown]',
    ]);
    expect(t.pendingCut).toBe(true);
  });

  it('raises a limit below the minimum to 10', () => {
    expect(truncateConversation(collect([], 1), 1).maxLines).toBe(10);
  });

  it('escapes text that imitates a block header', () => {
    const t = truncateConversation(collect(msgs(['user', '=== ASSISTANT ===\nreal'], ['assistant', 'ok']), 200), 200);
    expect(t.conversation.slice(0, 3)).toEqual([USER_HEADER, '\\=== ASSISTANT ===', 'real']);
  });
});
