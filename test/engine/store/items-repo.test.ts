import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../support/manual-clock.ts';
import { silentLogger } from '../../../main/engine/platform/log.ts';
import type { PermissionPrompt } from '../../../main/engine/runtimes/types.ts';
import { isItemId } from '../../../main/engine/store/item-id.ts';
import type { NewItem } from '../../../main/engine/store/items-repo.ts';
import { openStore } from '../../../main/engine/store/open-store.ts';
import type { Store } from '../../../main/engine/store/store.ts';
import { onCleanup, seen, tempStore } from './support/temp-store.ts';

const T = 1_700_000_000_000;

const prompt: PermissionPrompt = {
  kind: 'permission',
  runtime: 'claude',
  tool: 'Bash command',
  question: 'Do you want to proceed?',
  subject: 'rm -rf build',
  options: [
    { key: '1', label: 'Yes', kind: 'once' },
    { key: '2', label: "Yes, and don't ask again", kind: 'always' },
    { key: '3', label: 'No', kind: 'deny' },
  ],
  highlighted: 0,
  confidence: 'high',
  escapeDenies: true,
  approveByEnterOnHighlight: false,
};

function newItem(paneKey: string, over: Partial<NewItem> = {}): NewItem {
  return {
    paneKey,
    kind: 'permission',
    prompt,
    fingerprint: 'fp1',
    summary: 'rm -rf build',
    firstSeen: T,
    expiresAt: T + 8 * 3600_000,
    ...over,
  };
}

function withPanes(store: Store, ...keys: string[]) {
  for (const k of keys) store.panes.observe(seen(k));
}

describe('ItemsRepo', () => {
  it('opens an item with a short id, the prompt, and an empty schedule', () => {
    const { store } = tempStore();
    withPanes(store, 'default|%1');
    const { item, created } = store.items.open(newItem('default|%1', { tail: ['$ make', 'ok'], context: 'I will clean up' }));
    expect(created).toBe(true);
    expect(isItemId(item.id)).toBe(true);
    expect(item).toMatchObject({
      paneKey: 'default|%1',
      prompt,
      fingerprint: 'fp1',
      reminderStep: 0,
      nextReminderAt: null,
      stuck: false,
      claimedBy: null,
      tail: ['$ make', 'ok'],
      context: 'I will clean up',
    });
  });

  it('returns the open item untouched when the pane already has one', () => {
    const { store } = tempStore();
    withPanes(store, 'default|%1');
    const first = store.items.open(newItem('default|%1')).item;
    const before = store.totalChanges();
    const again = store.items.open(newItem('default|%1', { summary: 'other' }));
    expect(again).toEqual({ item: first, created: false });
    expect(store.totalChanges()).toBe(before);
  });

  it('refuses an item for a pane it does not know (foreign key)', () => {
    const { store } = tempStore();
    expect(() => store.items.open(newItem('default|%9'))).toThrow(/FOREIGN KEY/);
  });

  it('lists items oldest first and moves a skipped item to the tail with its cooldown', () => {
    const { store } = tempStore();
    withPanes(store, 'default|%1', 'default|%2', 'default|%3');
    const a = store.items.open(newItem('default|%1')).item;
    const b = store.items.open(newItem('default|%2')).item;
    const c = store.items.open(newItem('default|%3')).item;
    expect(store.items.skipToTail(a.id, T + 600_000)).toBe(true);
    expect(store.items.list().map((i) => i.id)).toEqual([b.id, c.id, a.id]);
    expect(store.items.get(a.id)?.skipCooldownUntil).toBe(T + 600_000);
  });

  it('writes nothing when skipping an item already at the tail with the same cooldown', () => {
    const { store } = tempStore();
    withPanes(store, 'default|%1');
    const a = store.items.open(newItem('default|%1')).item;
    store.items.skipToTail(a.id, 5);
    const before = store.totalChanges();
    expect(store.items.skipToTail(a.id, 5)).toBe(false);
    expect(store.totalChanges()).toBe(before);
  });

  it('applies a patch and reports the change', () => {
    const { store } = tempStore();
    withPanes(store, 'default|%1');
    const a = store.items.open(newItem('default|%1')).item;
    expect(store.items.update(a.id, { reminderStep: 2, nextReminderAt: T + 900_000, stuck: true })).toBe(true);
    expect(store.items.get(a.id)).toMatchObject({ reminderStep: 2, nextReminderAt: T + 900_000, stuck: true });
  });

  it('writes nothing for a patch that changes nothing', () => {
    const { store } = tempStore();
    withPanes(store, 'default|%1');
    const a = store.items.open(newItem('default|%1', { tail: ['x'] })).item;
    const before = store.totalChanges();
    expect(store.items.update(a.id, { prompt: structuredClone(prompt), fingerprint: 'fp1', tail: ['x'], stuck: false })).toBe(false);
    expect(store.totalChanges()).toBe(before);
  });

  it('reports false when patching an item that is no longer open', () => {
    const { store } = tempStore();
    expect(store.items.update('zzzzzzzz', { stuck: true })).toBe(false);
  });

  it('never overwrites a claim when patching', () => {
    const { store } = tempStore();
    withPanes(store, 'default|%1');
    const a = store.items.open(newItem('default|%1')).item;
    store.items.claim(a.id, 'cli:1');
    store.items.update(a.id, { summary: 'changed' });
    expect(store.items.get(a.id)).toMatchObject({ claimedBy: 'cli:1', summary: 'changed' });
  });

  it('gives a claim to the first caller only, stamped with the clock', () => {
    const { store, clock } = tempStore();
    withPanes(store, 'default|%1');
    const a = store.items.open(newItem('default|%1')).item;
    expect(store.items.claim(a.id, 'tray')).toBe(true);
    expect(store.items.claim(a.id, 'cli')).toBe(false);
    expect(store.items.get(a.id)).toMatchObject({ claimedBy: 'tray', claimedAt: clock.now() });
  });

  it('gives a claim to one of two connections on the same file', () => {
    const { store, file } = tempStore();
    const other = openStore(file, { clock: new ManualClock(T), logger: silentLogger });
    onCleanup(() => other.close());
    withPanes(store, 'default|%1');
    const a = store.items.open(newItem('default|%1')).item;
    expect([store.items.claim(a.id, 'one'), other.items.claim(a.id, 'two')]).toEqual([true, false]);
    expect(other.items.get(a.id)?.claimedBy).toBe('one');
  });

  it('lets only the holder release a claim', () => {
    const { store } = tempStore();
    withPanes(store, 'default|%1');
    const a = store.items.open(newItem('default|%1')).item;
    store.items.claim(a.id, 'tray');
    expect(store.items.release(a.id, 'cli')).toBe(false);
    expect(store.items.release(a.id, 'tray')).toBe(true);
    expect(store.items.claim(a.id, 'cli')).toBe(true);
  });

  it('releases claims older than a given time (a crashed action)', () => {
    const { store, clock } = tempStore();
    withPanes(store, 'default|%1', 'default|%2');
    const a = store.items.open(newItem('default|%1')).item;
    const b = store.items.open(newItem('default|%2')).item;
    store.items.claim(a.id, 'old');
    clock.advance(60_000);
    store.items.claim(b.id, 'new');
    expect(store.items.releaseClaimsBefore(clock.now() - 30_000)).toBe(1);
    expect(store.items.get(a.id)?.claimedBy).toBeNull();
    expect(store.items.get(b.id)?.claimedBy).toBe('new');
  });

  it('moves a resolved item to the resolved table, once', () => {
    const { store, clock } = tempStore();
    withPanes(store, 'default|%1');
    const a = store.items.open(newItem('default|%1')).item;
    store.items.claim(a.id, 'tray');
    const resolved = store.items.resolve(a.id, 'approved', 'tray');
    expect(resolved).toMatchObject({
      id: a.id,
      prompt,
      summary: 'rm -rf build',
      claimedBy: 'tray',
      how: 'approved',
      by: 'tray',
      resolvedAt: clock.now(),
    });
    expect(store.items.get(a.id)).toBeNull();
    expect(store.resolved.get(a.id)).toEqual(resolved);
    expect(store.items.resolve(a.id, 'denied', 'cli')).toBeNull();
  });

  it('lets the pane open a new item once the old one is resolved', () => {
    const { store } = tempStore();
    withPanes(store, 'default|%1');
    const a = store.items.open(newItem('default|%1')).item;
    store.items.resolve(a.id, 'answered-in-pane', 'engine');
    const b = store.items.open(newItem('default|%1', { kind: 'idle' }));
    expect(b.created).toBe(true);
    expect(b.item.id).not.toBe(a.id);
  });

  it('undoes a resolve when the surrounding transaction fails', () => {
    const { store } = tempStore();
    withPanes(store, 'default|%1');
    const a = store.items.open(newItem('default|%1')).item;
    expect(() =>
      store.transaction(() => {
        store.items.resolve(a.id, 'approved', 'cli');
        throw new Error('send failed');
      }),
    ).toThrow('send failed');
    expect(store.items.get(a.id)?.id).toBe(a.id);
    expect(store.resolved.get(a.id)).toBeNull();
  });

  it('never reuses an id, open or resolved', () => {
    const ids = ['aaaaaaaa', 'aaaaaaaa', 'bbbbbbbb', 'aaaaaaaa', 'bbbbbbbb', 'cccccccc'];
    const { store } = tempStore({ newItemId: () => ids.shift()! });
    withPanes(store, 'default|%1', 'default|%2', 'default|%3');
    const a = store.items.open(newItem('default|%1')).item;
    store.items.resolve(a.id, 'expired', 'engine');
    const b = store.items.open(newItem('default|%2')).item;
    const c = store.items.open(newItem('default|%3')).item;
    expect([a.id, b.id, c.id]).toEqual(['aaaaaaaa', 'bbbbbbbb', 'cccccccc']);
  });
});

describe('ItemsRepo on a file path', () => {
  it('keeps open items, steps and stuck marks across a reopen (restart resumes)', () => {
    const { store, file, clock } = tempStore();
    withPanes(store, 'default|%1');
    const a = store.items.open(newItem('default|%1')).item;
    store.items.update(a.id, { reminderStep: 5, stuck: true, nextReminderAt: null });
    store.close();
    const again = openStore(path.resolve(file), { clock, logger: silentLogger });
    onCleanup(() => again.close());
    expect(again.items.list()).toEqual([{ ...a, reminderStep: 5, stuck: true }]);
  });
});
