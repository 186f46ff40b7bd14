/**
 * Collects USER/ASSISTANT blocks in transcript order with bounded memory: a transcript of hundreds
 * of MB keeps only what a snapshot of `maxLines` could ever show. Dropping is exact, not a
 * heuristic: the oldest block goes only when the blocks after it, up to the last assistant block,
 * already need more than `maxLines` lines — then no snapshot start can include it.
 */
import { textLines } from './format.ts';
import type { Block, Role } from './types.ts';

interface MutableBlock {
  role: Role;
  lines: string[];
  totalLines: number;
}

/** What the collector kept, and how much it dropped from the front. */
export interface CollectedConversation {
  readonly blocks: readonly Block[];
  /** Rendered lines (headers, text, separators) of the dropped blocks. */
  readonly droppedLines: number;
  readonly droppedBlocks: number;
}

/** Rendered size of a block: its header line plus its text lines. */
export const renderedSize = (b: { readonly totalLines: number }): number => 1 + b.totalLines;

/** Bounded, order-preserving block collector. */
export class ConversationCollector {
  private readonly blocks: MutableBlock[] = [];
  private rendered = 0;
  private droppedLines = 0;
  private droppedBlocks = 0;
  private readonly maxLines: number;

  // No parameter property: this module also runs under Node's own type stripping (the benchmark child).
  constructor(maxLines: number) {
    this.maxLines = maxLines;
  }

  /** Add one message; consecutive messages of the same role join one block, a blank line between. */
  add(role: Role, text: string): void {
    const lines = textLines(text);
    const last = this.blocks.at(-1);
    if (last && last.role === role) {
      this.append(last, ['', ...lines]);
    } else {
      const block: MutableBlock = { role, lines: [], totalLines: 0 };
      this.blocks.push(block);
      this.rendered += 1;
      this.append(block, lines);
    }
    this.compact();
  }

  /** The blocks kept, each cut to at most `maxLines` text lines. */
  finish(): CollectedConversation {
    const cap = this.maxLines;
    const blocks = this.blocks.map((b): Block => {
      const lines = b.role === 'user' ? b.lines.slice(0, cap) : b.lines.slice(-cap);
      return { role: b.role, lines, totalLines: b.totalLines };
    });
    return { blocks, droppedLines: this.droppedLines, droppedBlocks: this.droppedBlocks };
  }

  private append(block: MutableBlock, lines: string[]): void {
    const cap = this.maxLines;
    block.totalLines += lines.length;
    this.rendered += lines.length;
    if (block.role === 'user') {
      // A snapshot shows at most the head of a user block: the start of a request says what it wants.
      const room = cap - block.lines.length;
      if (room > 0) block.lines.push(...(lines.length > room ? lines.slice(0, room) : lines));
      return;
    }
    // …and at most the tail of an assistant block: the latest state. Trim in batches (amortised O(1)).
    for (const line of lines.length > cap ? lines.slice(-cap) : lines) block.lines.push(line);
    if (block.lines.length > 2 * cap) block.lines.splice(0, block.lines.length - cap);
  }

  private compact(): void {
    const b = this.blocks;
    while (b.length >= 3) {
      const lastIsAssistant = b[b.length - 1]!.role === 'assistant';
      const lastAssistant = lastIsAssistant ? b.length - 1 : b.length - 2;
      // Blocks alternate, so a user block lies in [1, lastAssistant) whenever lastAssistant >= 2.
      if (lastAssistant < 2) return;
      const pending = lastIsAssistant ? 0 : renderedSize(b[b.length - 1]!);
      const first = renderedSize(b[0]!);
      const fromSecond = this.rendered - first - pending + (lastAssistant - 1);
      if (fromSecond <= this.maxLines) return;
      b.shift();
      this.rendered -= first;
      this.droppedLines += first + 1;
      this.droppedBlocks += 1;
    }
  }
}
