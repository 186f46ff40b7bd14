/** The one builder of queue items (QueueItemDto) for the UI tests: renderer, shell and e2e stand-in. */
import type { QueueItemDto } from '../../preload/contract/queue-item.ts';

let seq = 0;

/**
 * A waiting Claude Bash permission prompt ("claude · api-worker wants to run `rm -rf build`"), any
 * field overridable. The id defaults to a fresh one; the fingerprint follows the id (`fp-<id>`).
 */
export function queueItem(over: Partial<QueueItemDto> = {}): QueueItemDto {
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
    tail: [
      '\x1b[1mBash command\x1b[0m',
      '  rm -rf build',
      ' Do you want to proceed?',
      ' ❯ 1. Yes',
      "   2. Yes, and don't ask again for rm commands in /work",
      '   3. No',
    ],
    context: null,
    ...over,
  };
}

/** An idle agent waiting at its input prompt: reply is possible, approve and deny are not. */
export function idleItem(over: Partial<QueueItemDto> = {}): QueueItemDto {
  return queueItem({
    reason: 'idle',
    subject: 'waiting for input',
    tool: null,
    question: null,
    options: [],
    approveLabel: null,
    approveBlockedReason: 'The agent is at its input prompt: reply instead.',
    denyLabel: null,
    canReply: true,
    tail: [],
    ...over,
  });
}
