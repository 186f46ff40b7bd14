/**
 * Fits a conversation into `maxLines`, dropping the oldest first. The result always starts at a
 * USER block and ends with assistant text; a request the assistant has not answered yet is kept
 * apart (it would otherwise end the conversation on a USER block, or be lost). Pure.
 */
import type { CollectedConversation } from './conversation.ts';
import { renderedSize } from './conversation.ts';
import { ASSISTANT_HEADER, USER_HEADER } from './format.ts';
import type { Block } from './types.ts';
import { MIN_MAX_LINES } from './types.ts';

/** Heading of the section holding a request with no reply yet. */
export const PENDING_HEADING = '## Unanswered request';

/** A conversation cut to size, as rendered lines. */
export interface TruncatedConversation {
  /** `=== USER ===` … `=== ASSISTANT ===` … blocks, blank lines between; empty when there is no exchange. */
  readonly conversation: readonly string[];
  /** The unanswered-request section (heading included), or empty. */
  readonly pending: readonly string[];
  /** Conversation lines not shown (dropped blocks, cut text). */
  readonly droppedLines: number;
  /** The unanswered request was cut. */
  readonly pendingCut: boolean;
  /** The limit actually applied (never below MIN_MAX_LINES). */
  readonly maxLines: number;
}

const header = (b: Block): string => (b.role === 'user' ? USER_HEADER : ASSISTANT_HEADER);
const more = (n: number, what: string): string => `[… ${n} more lines of this ${what} not shown]`;
const earlier = (n: number): string => `[… ${n} earlier lines of this message not shown]`;

function renderBlocks(blocks: readonly Block[]): string[] {
  const out: string[] = [];
  blocks.forEach((b, i) => {
    if (i > 0) out.push('');
    out.push(header(b), ...b.lines);
  });
  return out;
}

function pendingSection(block: Block | undefined, cap: number): { lines: string[]; cut: boolean } {
  if (!block) return { lines: [], cut: false };
  if (1 + block.totalLines <= cap) return { lines: [PENDING_HEADING, ...block.lines], cut: false };
  const keep = cap - 2;
  return { lines: [PENDING_HEADING, ...block.lines.slice(0, keep), more(block.totalLines - keep, 'request')], cut: true };
}

/** The last exchange alone is too long: keep the head of the request and the tail of the answer. */
function cutExchange(user: Block, assistant: Block, budget: number): string[] {
  const text = budget - 3; // two headers and the blank line between them
  let userShare = Math.min(user.totalLines, Math.max(2, Math.floor(text / 4)));
  let assistantShare = text - userShare;
  if (assistant.totalLines < assistantShare) {
    assistantShare = assistant.totalLines;
    userShare = Math.min(user.totalLines, text - assistantShare);
  }
  const userLines =
    user.totalLines <= userShare ? user.lines : [...user.lines.slice(0, userShare - 1), more(user.totalLines - (userShare - 1), 'message')];
  const assistantLines =
    assistant.totalLines <= assistantShare
      ? assistant.lines
      : [earlier(assistant.totalLines - (assistantShare - 1)), ...assistant.lines.slice(-(assistantShare - 1))];
  return [USER_HEADER, ...userLines, '', ASSISTANT_HEADER, ...assistantLines];
}

/** Cut `collected` to at most `maxLines` lines (conversation and unanswered request together). */
export function truncateConversation(collected: CollectedConversation, maxLines: number): TruncatedConversation {
  const max = Math.max(MIN_MAX_LINES, Math.floor(maxLines));
  const blocks = collected.blocks;
  let last = blocks.length - 1;
  while (last >= 0 && blocks[last]!.role !== 'assistant') last--;
  // Blocks alternate, so at most one (user) block follows the last assistant block.
  const pending = pendingSection(blocks[last + 1], Math.max(3, Math.floor(max / 5)));
  const budget = max - pending.lines.length;

  let fullLines = 0;
  let start = -1;
  for (let i = last; i >= 0; i--) {
    fullLines += renderedSize(blocks[i]!) + (i < last ? 1 : 0);
    if (fullLines <= budget && blocks[i]!.role === 'user') start = i;
  }
  const total = collected.droppedLines + fullLines;
  let conversation: string[];
  if (start >= 0) conversation = renderBlocks(blocks.slice(start, last + 1));
  else if (last >= 1) conversation = cutExchange(blocks[last - 1]!, blocks[last]!, budget);
  else conversation = []; // no request before the first answer: nothing to anchor a USER start on
  return { conversation, pending: pending.lines, droppedLines: total - conversation.length, pendingCut: pending.cut, maxLines: max };
}
