import { describe, expect, it } from 'vitest';
import { rowActions } from '../../../../renderer/screens/queue/row-actions.ts';
import { queueItem as item } from '../../../support/queue-items.ts';

describe('rowActions', () => {
  it('an idle agent: Reply first, no Approve or Deny', () => {
    expect(rowActions(item({ reason: 'idle', approveLabel: null, denyLabel: null, canReply: true }))).toEqual([
      'reply',
      'jump',
      'skip',
      'snooze',
      'restart',
    ]);
    expect(rowActions(item({ reason: 'idle-after-nudges', approveLabel: null, denyLabel: null, canReply: true }))[0]).toBe('reply');
  });
  it('a permission prompt: Approve and Deny (and its second form, with a message) first, no Reply', () => {
    expect(rowActions(item({ reason: 'permission', approveLabel: 'Yes', denyLabel: 'No', canReply: false }))).toEqual([
      'approve',
      'deny',
      'deny-message',
      'jump',
      'skip',
      'snooze',
      'restart',
    ]);
  });
  it('a prompt with no single-use option keeps a disabled Approve (it says why)', () => {
    expect(rowActions(item({ reason: 'permission', approveLabel: null, denyLabel: 'No', canReply: false })).slice(0, 2)).toEqual([
      'approve',
      'deny',
    ]);
  });
  it('a screen nobody explains: Jump first (look at it)', () => {
    expect(rowActions(item({ reason: 'unknown', approveLabel: null, denyLabel: null, canReply: false }))[0]).toBe('jump');
  });
});
