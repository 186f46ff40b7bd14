/** Shared vocabulary of conversation snapshots: reasons, roles, blocks, token usage. */

/** Why a snapshot was taken (shown in its header). */
export const SNAPSHOT_REASONS = ['self-initiated', 'external', 'context-threshold'] as const;
export type SnapshotReason = (typeof SNAPSHOT_REASONS)[number];

/** True for a known reason string (CLI input). */
export function isSnapshotReason(value: string): value is SnapshotReason {
  return (SNAPSHOT_REASONS as readonly string[]).includes(value);
}

/** Who said it. */
export type Role = 'user' | 'assistant';

/**
 * One `=== USER ===` or `=== ASSISTANT ===` block: consecutive messages of one role merged.
 * `lines` may be cut to bound memory (a user block keeps its head, an assistant block its tail);
 * `totalLines` is always the uncut count, so fitting decisions never mistake a cut block for a short one.
 */
export interface Block {
  readonly role: Role;
  readonly lines: readonly string[];
  readonly totalLines: number;
}

/** The context a main-chain model call used: what the context-threshold check compares to the window. */
export interface ContextUsage {
  readonly inputTokens: number;
  readonly cacheCreationInputTokens: number;
  readonly cacheReadInputTokens: number;
  /** input + cache creation + cache read: the prompt size of that call. */
  readonly total: number;
  readonly model: string | null;
}

/** The default lower bound of `restart.maxLines` (the config schema refuses less). */
export const MIN_MAX_LINES = 10;
/** `restart.maxLines` default. */
export const DEFAULT_MAX_LINES = 200;
