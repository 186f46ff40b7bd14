/** Queue items for shell tests: a realistic Claude Bash prompt by default, any field overridable. */
import type { QueueItemDto } from '../../../preload/contract/queue-item.ts';

let seq = 0;

/** A waiting Claude permission prompt ("claude · api-worker wants to run `rm -rf build`"). */
export function item(over: Partial<QueueItemDto> = {}): QueueItemDto {
  const id = over.id ?? `it-${++seq}`;
  return {
    id,
    paneKey: 'default|%3',
    target: 'api-worker:1.0',
    host: null,
    unreachable: null,
    sessionName: 'api-worker',
    runtime: 'claude',
    runtimeVerified: true,
    reason: 'permission',
    subject: 'rm -rf build',
    tool: 'Bash command',
    question: 'Do you want to proceed?',
    options: [
      { label: 'Yes', kind: 'once' },
      { label: "Yes, and don't ask again for rm commands in /work", kind: 'always' },
      { label: 'No', kind: 'deny' },
    ],
    approveLabel: 'Yes',
    approveBlockedReason: null,
    denyLabel: 'No',
    fingerprint: `fp-${id}`,
    canReply: false,
    firstSeen: 1_000_000,
    waitedMs: 0,
    reminderStep: 0,
    stuck: false,
    snoozedUntil: null,
    skippedUntil: null,
    tail: [],
    context: null,
    ...over,
  };
}

/** An idle agent waiting at its input prompt. */
export function idleItem(over: Partial<QueueItemDto> = {}): QueueItemDto {
  return item({ reason: 'idle', subject: 'waiting for input', tool: null, question: null, options: [], approveLabel: null, approveBlockedReason: 'not a permission prompt', denyLabel: null, canReply: true, ...over });
}
