/**
 * One parsed transcript line → what the snapshot keeps of it. Pure. Only main-chain `user` prompts
 * and `assistant` text count; usage is read from every main-chain assistant entry a model produced.
 */
import type { SkipReason } from './prompt-text.ts';
import { assistantTextFromContent, promptFromContent } from './prompt-text.ts';
import type { ContextUsage } from './types.ts';

/** What one entry contributes. */
export type EntryVerdict =
  | { readonly kind: 'prompt'; readonly text: string }
  | { readonly kind: 'reply'; readonly text: string; readonly usage: ContextUsage | null }
  | { readonly kind: 'skip'; readonly reason: SkipReason; readonly usage?: ContextUsage | null };

interface RawEntry {
  readonly type?: unknown;
  readonly isSidechain?: unknown;
  readonly isMeta?: unknown;
  readonly isCompactSummary?: unknown;
  readonly isApiErrorMessage?: unknown;
  readonly message?: { readonly content?: unknown; readonly model?: unknown; readonly usage?: unknown };
}

const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : 0);

/**
 * The prompt size of a model call, or null: synthetic messages (`<synthetic>`, written by Claude Code
 * itself on interrupts and API errors) carry all-zero usage that would read as an empty context.
 */
export function usageOf(message: RawEntry['message']): ContextUsage | null {
  const usage = message?.usage as Record<string, unknown> | undefined;
  if (!usage || typeof usage !== 'object' || message?.model === '<synthetic>') return null;
  const inputTokens = num(usage['input_tokens']);
  const cacheCreationInputTokens = num(usage['cache_creation_input_tokens']);
  const cacheReadInputTokens = num(usage['cache_read_input_tokens']);
  const total = inputTokens + cacheCreationInputTokens + cacheReadInputTokens;
  if (total === 0) return null;
  const model = typeof message?.model === 'string' ? message.model : null;
  return { inputTokens, cacheCreationInputTokens, cacheReadInputTokens, total, model };
}

/** Classify one parsed JSONL entry. */
export function classifyEntry(value: unknown): EntryVerdict {
  if (!value || typeof value !== 'object') return { kind: 'skip', reason: 'not-conversation' };
  const entry = value as RawEntry;
  if (entry.type !== 'user' && entry.type !== 'assistant') return { kind: 'skip', reason: 'not-conversation' };
  // Sub-agent (Task) traffic: its prompts and answers are not the user's conversation, nor its context.
  if (entry.isSidechain === true) return { kind: 'skip', reason: 'sidechain' };
  if (entry.type === 'assistant') {
    const usage = usageOf(entry.message);
    if (entry.isApiErrorMessage === true) return { kind: 'skip', reason: 'api-error', usage };
    const text = assistantTextFromContent(entry.message?.content);
    return text === '' ? { kind: 'skip', reason: 'empty', usage } : { kind: 'reply', text, usage };
  }
  if (entry.isMeta === true) return { kind: 'skip', reason: 'meta' };
  if (entry.isCompactSummary === true) return { kind: 'skip', reason: 'compact-summary' };
  const prompt = promptFromContent(entry.message?.content);
  return 'skip' in prompt ? { kind: 'skip', reason: prompt.skip } : { kind: 'prompt', text: prompt.text };
}
