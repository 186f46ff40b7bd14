/** Builders for queue DTOs in renderer tests. */
import type { QueueItemDto } from '../../../preload/contract/index.ts';

/** A Claude Bash permission item; override any field. */
export function queueItem(id: string, over: Partial<QueueItemDto> = {}): QueueItemDto {
  return {
    id,
    paneKey: `default|%${id}`,
    target: `work:${id}.0`,
    host: null,
    unreachable: null,
    sessionName: 'work',
    runtime: 'claude',
    runtimeVerified: true,
    reason: 'permission',
    subject: 'ls -la /tmp',
    tool: 'Bash command',
    question: 'Do you want to proceed?',
    options: [
      { label: 'Yes', kind: 'once' },
      { label: 'Yes, and switch to auto mode', kind: 'always' },
      { label: 'No', kind: 'deny' },
    ],
    approveLabel: 'Yes',
    approveBlockedReason: null,
    denyLabel: 'No',
    fingerprint: `fp-${id}`,
    canReply: false,
    firstSeen: 1_000,
    waitedMs: 0,
    reminderStep: 0,
    stuck: false,
    snoozedUntil: null,
    skippedUntil: null,
    tail: ['\x1b[1mBash command\x1b[0m', '  ls -la /tmp', ' Do you want to proceed?', ' ❯ 1. Yes', '   2. No'],
    context: null,
    ...over,
  };
}

/** An idle item that accepts a reply. */
export function idleItem(id: string, over: Partial<QueueItemDto> = {}): QueueItemDto {
  return queueItem(id, {
    reason: 'idle',
    subject: 'waiting for input',
    tool: null,
    question: null,
    options: [],
    approveLabel: null,
    approveBlockedReason: 'The agent is at its input prompt: reply instead.',
    denyLabel: null,
    canReply: true,
    ...over,
  });
}
