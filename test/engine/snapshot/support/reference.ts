/**
 * The slow, obviously-correct reading of a transcript for comparison: parse every line, classify,
 * keep everything (no byte filter, no bounded memory), merge consecutive roles.
 */
import { textLines } from '../../../../main/engine/snapshot/format.ts';
import { classifyEntry } from '../../../../main/engine/snapshot/transcript-entry.ts';
import type { Block, ContextUsage, Role } from '../../../../main/engine/snapshot/types.ts';

/** Merge role-tagged messages into blocks the way a snapshot shows them (escaped lines, blank between). */
export function mergeMessages(messages: readonly { role: Role; text: string }[]): Block[] {
  const blocks: { role: Role; lines: string[]; totalLines: number }[] = [];
  for (const m of messages) {
    const lines = textLines(m.text);
    const last = blocks.at(-1);
    if (last && last.role === m.role) last.lines.push('', ...lines);
    else blocks.push({ role: m.role, lines, totalLines: 0 });
  }
  return blocks.map((b) => ({ ...b, totalLines: b.lines.length }));
}

/** Reference parse of transcript lines. */
export function referenceParse(lines: readonly string[]): { blocks: Block[]; usage: ContextUsage | null; malformed: number } {
  const messages: { role: Role; text: string }[] = [];
  let usage: ContextUsage | null = null;
  let malformed = 0;
  for (const line of lines) {
    if (line.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      malformed++;
      continue;
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      malformed++;
      continue;
    }
    const v = classifyEntry(value);
    if (v.kind === 'prompt') messages.push({ role: 'user', text: v.text });
    if (v.kind === 'reply') messages.push({ role: 'assistant', text: v.text });
    if ((v.kind === 'reply' || v.kind === 'skip') && v.usage) usage = v.usage;
  }
  return { blocks: mergeMessages(messages), usage, malformed };
}
