// Rules guarded, for both chats' repositories (their shared rows, store/chat-rows.ts): an item has one
// live message; a new one kills the old one's tokens; a press is claimed once and kills its message's
// other buttons; a token of another message, a used or a revoked one, or one on a message no longer
// live claims nothing; a typed answer is claimed once; Telegram's offset moves even when a claim fails.
import { describe, expect, it } from 'vitest';
import type { Store } from '../../../main/engine/store/index.ts';
import { tempStore } from './support/temp-store.ts';

/** One chat's repository seen through the same few calls (its own ids: Telegram's numbers, Slack's strings). */
interface Chat<K> {
  readonly name: string;
  readonly chat: K;
  readonly ids: readonly [K, K, K];
  add(s: Store, id: K, first: K, item: string, hashes: readonly [string, 'approve' | 'deny'][]): void;
  live(s: Store, item: string): K | null;
  press(s: Store, hash: string, id: K): string;
  typed(s: Store, id: K): boolean;
}

const telegram: Chat<number> = {
  name: 'telegram',
  chat: 4242,
  ids: [10, 11, 12],
  add: (s, id, first, item, hashes) =>
    s.phone.addMessage(
      { chatId: 4242, messageId: id, itemId: item, fingerprint: 'fp', firstMessageId: first, header: 'h', step: 0, sentAt: id },
      hashes.map(([hash, action]) => ({ hash, itemId: item, action, fingerprint: 'fp' })),
    ),
  live: (s, item) => s.phone.liveMessage(item)?.messageId ?? null,
  press: (s, hash, id) => s.phone.claimPress(hash, 4242, id, 100, 7).kind,
  typed: (s, id) => s.phone.claimTyped(4242, id, 100, 8),
};

const slack: Chat<string> = {
  name: 'slack',
  chat: 'D0ADA',
  ids: ['1.1', '1.2', '1.3'],
  add: (s, id, first, item, hashes) =>
    s.slack.addMessage(
      { channelId: 'D0ADA', ts: id, itemId: item, fingerprint: 'fp', firstTs: first, header: 'h', step: 0, sentAt: Number(id) * 10 },
      hashes.map(([hash, action]) => ({ hash, itemId: item, action, fingerprint: 'fp' })),
    ),
  live: (s, item) => s.slack.liveMessage(item)?.ts ?? null,
  press: (s, hash, id) => s.slack.claimPress(hash, 'D0ADA', id, 100).kind,
  typed: (s, id) => s.slack.claimTyped('D0ADA', id, 100),
};

describe.each([telegram, slack] as Chat<number | string>[])('$name rows', (c) => {
  const [a, b, other] = c.ids;

  it('a press is claimed once and takes its message down with its other buttons', () => {
    const { store } = tempStore();
    c.add(store, a, a, 'item-1', [
      ['h-approve', 'approve'],
      ['h-deny', 'deny'],
    ]);
    expect(c.live(store, 'item-1')).toBe(a);
    expect(c.press(store, 'h-approve', other)).toBe('unknown');
    expect(c.press(store, 'h-approve', a)).toBe('claimed');
    expect(c.press(store, 'h-approve', a)).toBe('used');
    expect(c.press(store, 'h-deny', a)).toBe('revoked');
    expect(c.live(store, 'item-1')).toBeNull();
    expect(c.typed(store, a)).toBe(false);
  });

  it("a reminder's message takes over: the old tokens are revoked, a typed answer to the old one claims nothing", () => {
    const { store } = tempStore();
    c.add(store, a, a, 'item-1', [['h-1', 'approve']]);
    c.add(store, b, a, 'item-1', [['h-2', 'approve']]);
    expect(c.live(store, 'item-1')).toBe(b);
    expect(c.press(store, 'h-1', a)).toBe('revoked');
    expect(c.typed(store, a)).toBe(false);
    expect(c.typed(store, b)).toBe(true);
    expect(c.typed(store, b)).toBe(false);
    expect(c.press(store, 'h-2', b)).toBe('revoked');
  });

  it('a settled item claims nothing', () => {
    const { store } = tempStore();
    c.add(store, a, a, 'item-1', [['h-1', 'approve']]);
    (c.name === 'slack' ? store.slack : store.phone).settle('item-1', 'approved at the desk', 50);
    expect(c.press(store, 'h-1', a)).toBe('revoked');
    expect(c.live(store, 'item-1')).toBeNull();
  });
});

describe('telegram rows and the poll offset', () => {
  it('a claim that fails still moves the offset past its update', () => {
    const { store } = tempStore();
    expect(store.phone.claimPress('no-such-hash', 4242, 1, 100, 31).kind).toBe('unknown');
    expect(store.phone.pairing().offset).toBe(31);
    expect(store.phone.claimTyped(4242, 1, 100, 32)).toBe(false);
    expect(store.phone.pairing().offset).toBe(32);
  });
});
