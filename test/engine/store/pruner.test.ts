// Rules guarded: retention removes only what is older than its setting — resolved items, closed wait
// intervals, panes long gone with no item, and audit rows only when an audit retention is set — in
// batches of at most `batch` rows per kind, rounds going on until nothing is left, open records never.
import { describe, expect, it } from 'vitest';
import { Pruner, pruneStep } from '../../../main/engine/store/pruner.ts';
import type { RetentionPolicy } from '../../../main/engine/store/retention.ts';
import { seen, tempStore } from './support/temp-store.ts';

const DAY = 86_400_000;
const KEEP_90: RetentionPolicy = { historyDays: 90, resolvedItemsDays: 90, auditDays: null };

/** `n` panes, each with an item approved (audited, resolved, its wait interval closed) at `at`. */
function fill(store: ReturnType<typeof tempStore>['store'], n: number, at: number, prefix = 'old') {
  for (let i = 0; i < n; i++) {
    const pane = `default|%${prefix}${i}`;
    store.panes.observe(seen(pane, at));
    const { item } = store.items.open({
      paneKey: pane,
      kind: 'permission',
      summary: 'Bash',
      prompt: null,
      fingerprint: `f${i}`,
      expiresAt: at + DAY,
      firstSeen: at,
    });
    store.history.begin(pane, 'permission', at);
    store.audit.append({ at, paneKey: pane, action: 'key', payload: '1', reason: 'approve', surface: 'cli', itemId: item.id });
    store.items.resolve(item.id, 'approved', 'cli', at + 1000);
    store.history.end(pane, at + 1000);
    store.panes.setState(pane, 'gone', at + 2000);
  }
}

describe('retention', () => {
  it('removes records older than 90 days and keeps newer ones and the audit', () => {
    const { store, clock } = tempStore();
    fill(store, 5, clock.now() - 100 * DAY);
    fill(store, 3, clock.now() - 10 * DAY, 'new');
    const counts = pruneStep(store, KEEP_90, clock.now(), 200);
    expect(counts).toEqual({ resolved: 5, history: 5, panes: 5, audit: 0, phone: 0 });
    expect(store.retention.rowCounts()).toMatchObject({ resolved_items: 3, wait_intervals: 3, panes: 3, audit: 8 });
  });

  it("removes the phone's settled messages and their tokens after the resolved-items retention, never a live one", () => {
    const { store, clock } = tempStore();
    const old = clock.now() - 100 * DAY;
    const tokens = (item: string, n: number) =>
      Array.from({ length: n }, (_, i) => ({ hash: `${item}-${i}`, itemId: item, action: 'deny' as const, fingerprint: 'f' }));
    const message = (id: number, item: string, at: number) => ({
      chatId: 42,
      messageId: id,
      itemId: item,
      fingerprint: 'f',
      firstMessageId: id,
      header: '<b>x</b>',
      step: 0,
      sentAt: at,
    });
    // Two old settled messages (3 tokens each), one old message still live, one recent settled one.
    store.phone.addMessage(message(1, 'a', old), tokens('a1', 3));
    store.phone.addMessage(message(2, 'a', old + 1), tokens('a2', 3));
    store.phone.settle('a', 'approved', old + 2);
    store.phone.addMessage(message(3, 'b', old), tokens('b', 3));
    store.phone.addMessage(message(4, 'c', clock.now() - DAY), tokens('c', 3));
    store.phone.settle('c', 'denied', clock.now() - DAY);
    expect(store.retention.rowCounts()).toMatchObject({ phone_messages: 4, phone_tokens: 12 });
    expect(pruneStep(store, KEEP_90, clock.now(), 200).phone).toBe(8);
    expect(store.retention.rowCounts()).toMatchObject({ phone_messages: 2, phone_tokens: 6 });
    expect(store.phone.liveMessage('b')?.messageId).toBe(3);
    expect(store.phone.message(42, 4)).not.toBeNull();
    expect(pruneStep(store, { ...KEEP_90, resolvedItemsDays: null }, clock.now() + 1000 * DAY, 200).phone).toBe(0);
  });

  it("prunes Slack's settled messages and their tokens with the resolved items, never a live one", () => {
    const { store, clock } = tempStore();
    const old = clock.now() - 100 * DAY;
    const tokens = (item: string, n: number) =>
      Array.from({ length: n }, (_, i) => ({ hash: `s-${item}-${i}`, itemId: item, action: 'deny' as const, fingerprint: 'f' }));
    const message = (ts: string, item: string, at: number) => ({
      channelId: 'D1',
      ts,
      itemId: item,
      fingerprint: 'f',
      firstTs: ts,
      header: '*x*',
      step: 0,
      sentAt: at,
    });
    store.slack.addMessage(message('1.000001', 'a', old), tokens('a', 3));
    store.slack.settle('a', 'approved', old + 2);
    store.slack.addMessage(message('2.000001', 'b', old), tokens('b', 3));
    expect(store.retention.rowCounts()).toMatchObject({ slack_messages: 2, slack_tokens: 6 });
    expect(pruneStep(store, KEEP_90, clock.now(), 200).phone).toBe(4);
    expect(store.retention.rowCounts()).toMatchObject({ slack_messages: 1, slack_tokens: 3 });
    expect(store.slack.liveMessage('b')?.ts).toBe('2.000001');
  });

  it('removes old audit rows only once an audit retention is set', () => {
    const { store, clock } = tempStore();
    fill(store, 4, clock.now() - 40 * DAY);
    expect(pruneStep(store, { ...KEEP_90, auditDays: 30 }, clock.now(), 200).audit).toBe(4);
    expect(store.retention.rowCounts()['audit']).toBe(0);
  });

  it('never removes a gone pane that still has an open item, nor an open wait interval', () => {
    const { store, clock } = tempStore();
    const at = clock.now() - 200 * DAY;
    store.panes.observe(seen('default|%9', at));
    store.items.open({
      paneKey: 'default|%9',
      kind: 'idle',
      summary: 'idle',
      prompt: null,
      fingerprint: null,
      expiresAt: at + DAY,
      firstSeen: at,
    });
    store.history.begin('default|%9', 'idle', at);
    store.panes.setState('default|%9', 'gone', at);
    expect(pruneStep(store, KEEP_90, clock.now(), 200)).toEqual({ resolved: 0, history: 0, panes: 0, audit: 0, phone: 0 });
  });

  it('deletes at most a batch per step, and the timer goes on until nothing is left', () => {
    const { store, clock, logger } = tempStore();
    fill(store, 25, clock.now() - 100 * DAY);
    expect(pruneStep(store, KEEP_90, clock.now(), 10).resolved).toBe(10);
    const pruner = new Pruner({ store, clock, logger, policy: () => KEEP_90, batch: 10, firstMs: 1000, pauseMs: 50, everyMs: 3_600_000 });
    pruner.start();
    clock.advance(1000);
    expect(store.retention.rowCounts()['resolved_items']).toBe(5);
    clock.advance(50);
    expect(store.retention.rowCounts()).toMatchObject({ resolved_items: 0, wait_intervals: 0, panes: 0 });
    pruner.dispose();
  });
});
