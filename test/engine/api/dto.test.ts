import { describe, expect, it } from 'vitest';
import { itemDto } from '../../../main/engine/api/dto.ts';
import type { Reachability } from '../../../main/engine/hosts/reachability.ts';
import { initialPaneState } from '../../../main/engine/sessions/pane-state.ts';
import type { Item } from '../../../main/engine/store/index.ts';
import { claudePrompt } from '../actions/support/fake-panes.ts';

const T = 1_700_000_000_000;
const PANE = '@gpu:S:/tmp/s|%3';

const item: Item = {
  id: 'abcd1234',
  paneKey: PANE,
  kind: 'permission',
  prompt: claudePrompt(),
  fingerprint: 'fp',
  summary: 'rm -rf build',
  firstSeen: T,
  queueOrder: 1,
  reminderStep: 0,
  nextReminderAt: null,
  snoozedUntil: null,
  skipCooldownUntil: null,
  stuck: false,
  claimedBy: null,
  claimedAt: null,
  expiresAt: T + 3600_000,
  tail: ['$ make'],
  context: null,
};

describe('itemDto over an unchanged item (queue rebuilt on every change)', () => {
  it('moves only the wait time, and follows every input that changes', () => {
    const live = initialPaneState(PANE, 'claude', T, 'work:1.0', 42);
    let down: string | null = null;
    const reach: Reachability = { unreachable: () => (down ? { since: T, reason: down } : null) };
    const first = itemDto(item, null, live, T + 1000, reach);
    expect(first).toMatchObject({ waitedMs: 1000, approveLabel: 'Yes', canReply: false, unreachable: null, target: 'work:1.0' });
    const again = itemDto(item, null, live, T + 5000, reach);
    expect(again).toEqual({ ...first, waitedMs: 5000 });
    expect(itemDto(item, null, { ...live, state: 'idle' }, T + 5000, reach).canReply).toBe(true);
    down = 'ssh: connection refused';
    expect(itemDto(item, null, live, T + 5000, reach).unreachable).toBe('ssh: connection refused');
    down = null;
    expect(itemDto({ ...item, summary: 'ls' }, null, live, T + 5000, reach).subject).toBe('ls');
    expect(itemDto(item, null, { ...live, target: 'other:2.1' }, T + 5000, reach).target).toBe('other:2.1');
  });
});
