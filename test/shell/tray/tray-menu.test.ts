import { describe, expect, it } from 'vitest';
import { buildTrayMenu, flattenMenu, type TrayMenuEntry } from '../../../main/shell/tray/tray-menu.ts';
import { PAUSED_INDEFINITELY } from '../../../main/engine/notify/pause.ts';
import { idleItem, queueItem } from '../../support/queue-items.ts';

const NOW = 2_000_000;
const clockTime = (ms: number): string => `t${ms}`;
const build = (items = [queueItem()], pausedUntil: number | null = null, maxItems?: number) =>
  buildTrayMenu({ items, now: NOW, pausedUntil, clockTime, maxItems });
const labels = (entries: readonly TrayMenuEntry[]): string[] => entries.map((e) => (e.type === 'separator' ? '---' : e.label));
const find = (entries: readonly TrayMenuEntry[], id: string) => flattenMenu(entries).find((e) => e.id === id);
const submenu = (entries: readonly TrayMenuEntry[], id: string) => {
  const e = entries.find((x) => x.id === id);
  if (e?.type !== 'submenu') throw new Error(`no submenu ${id}`);
  return e.entries;
};

describe('buildTrayMenu', () => {
  it('with nothing waiting shows the headline and the app entries only', () => {
    const menu = build([]);
    expect(labels(menu.entries)).toEqual([
      'No agent is waiting',
      '---',
      'Open queue',
      'Pause notifications',
      'Settings…',
      '---',
      'Quit Trail Boss',
    ]);
    expect(menu.count).toBe(0);
  });

  it('with one item gives it a submenu naming the agent and what it wants', () => {
    const menu = build([queueItem({ id: 'a' })]);
    expect(labels(menu.entries).slice(0, 2)).toEqual(['1 agent is waiting', 'claude · api-worker — wants to run `rm -rf build`']);
  });

  it('labels approve with the exact single-use option label and carries the shown fingerprint', () => {
    const menu = build([queueItem({ id: 'a', approveLabel: 'Yes, proceed', fingerprint: 'fp-seen' })]);
    const approve = find(menu.entries, 'item:a:approve');
    expect(approve).toMatchObject({
      label: 'Approve: Yes, proceed',
      enabled: true,
      action: { kind: 'approve', itemId: 'a', fingerprint: 'fp-seen' },
    });
  });

  it('shows approve disabled, with the reason, when a permission prompt has no approvable option', () => {
    const menu = build([queueItem({ id: 'a', approveLabel: null, approveBlockedReason: 'the prompt was not read with confidence' })]);
    const approve = find(menu.entries, 'item:a:approve');
    expect(approve).toMatchObject({ enabled: false, action: null });
    expect(approve?.label).toContain('the prompt was not read with confidence');
    expect(approve?.label.startsWith('Approve:')).toBe(false);
  });

  it('has no approve entry at all for an idle agent', () => {
    const menu = build([idleItem({ id: 'a' })]);
    expect(find(menu.entries, 'item:a:approve')).toBeUndefined();
    expect(labels(submenu(menu.entries, 'item:a'))).toEqual(['is waiting for your next instruction', 'Jump to the pane', 'Show in queue']);
  });

  it('offers deny with its option label, jump and show-in-queue for each item', () => {
    const menu = build([queueItem({ id: 'a', denyLabel: 'No' })]);
    expect(labels(submenu(menu.entries, 'item:a'))).toEqual([
      'wants to run `rm -rf build`',
      'Approve: Yes',
      'Deny: No',
      'Jump to the pane',
      'Show in queue',
    ]);
    expect(find(menu.entries, 'item:a:deny')?.action).toEqual({ kind: 'deny', itemId: 'a', fingerprint: 'fp-a' });
    expect(find(menu.entries, 'item:a:jump')?.action).toEqual({ kind: 'jump', itemId: 'a' });
  });

  it('lists only the oldest few, in queue order, with a way to the rest', () => {
    const items = ['a', 'b', 'c', 'd'].map((id) => queueItem({ id, sessionName: `s-${id}` }));
    const menu = build(items, null, 2);
    expect(menu.entries.filter((e) => e.type === 'submenu' && e.id.startsWith('item:')).map((e) => e.id)).toEqual(['item:a', 'item:b']);
    expect(find(menu.entries, 'more')).toMatchObject({ label: '2 more in the queue…', action: { kind: 'open-queue', itemId: null } });
    expect(menu.count).toBe(4);
  });

  it('leaves snoozed items out of the count and the list', () => {
    const menu = build([queueItem({ id: 'a', snoozedUntil: NOW + 1000 }), queueItem({ id: 'b' })]);
    expect(menu.count).toBe(1);
    expect(menu.entries.some((e) => e.id === 'item:a')).toBe(false);
  });

  it('marks stuck items and says how many are stuck', () => {
    const menu = build([queueItem({ id: 'a', stuck: true }), queueItem({ id: 'b' })]);
    expect(menu.stuck).toBe(true);
    expect(labels(menu.entries)[0]).toBe('2 agents are waiting · 1 stuck');
    expect(menu.entries.find((e) => e.id === 'item:a')).toMatchObject({ label: expect.stringMatching(/^⚠ claude · api-worker/) });
  });

  it('offers pausing for an hour or until resumed when not paused', () => {
    const entries = submenu(build().entries, 'pause');
    expect(flattenMenu(entries).map((e) => e.action)).toEqual([
      { kind: 'pause', choice: 'hour' },
      { kind: 'pause', choice: 'indefinitely' },
    ]);
  });

  it('when paused says until when and offers resume', () => {
    const menu = build([], NOW + 60_000);
    expect(find(menu.entries, 'pause:status')?.label).toBe(`Notifications: paused until t${NOW + 60_000}`);
    expect(find(menu.entries, 'pause:resume')?.action).toEqual({ kind: 'resume' });
    expect(menu.entries.some((e) => e.id === 'pause')).toBe(false);
  });

  it('says "until resumed" for an indefinite pause', () => {
    expect(find(build([], PAUSED_INDEFINITELY).entries, 'pause:status')?.label).toBe('Notifications: paused until resumed');
  });

  it('treats an expired pause as not paused', () => {
    expect(build([], NOW - 1).entries.some((e) => e.id === 'pause')).toBe(true);
  });

  it('ends with settings and quit', () => {
    const flat = flattenMenu(build().entries);
    expect(flat.slice(-2).map((e) => e.action)).toEqual([{ kind: 'open-settings' }, { kind: 'quit' }]);
  });

  it('keeps a multi-line subject to its first line and a long one short', () => {
    const menu = build([queueItem({ id: 'a', subject: `npm run build && ${'x'.repeat(200)}\nsecond line` })]);
    const label = menu.entries.find((e) => e.id === 'item:a');
    expect(label?.type === 'submenu' && label.label.length).toBeLessThanOrEqual(60);
    expect(JSON.stringify(menu)).not.toContain('second line');
  });

  it('is plain data that survives JSON', () => {
    const menu = build([queueItem(), idleItem()]);
    expect(JSON.parse(JSON.stringify(menu))).toEqual(menu);
  });
});

describe('buildTrayMenu start at login', () => {
  it('shows a checkbox that toggles, where the shell can manage it', () => {
    const on = buildTrayMenu({ items: [], now: NOW, pausedUntil: null, clockTime, startAtLogin: true });
    expect(find(on.entries, 'start-at-login')).toMatchObject({ checked: true, action: { kind: 'start-at-login', enabled: false } });
    const off = buildTrayMenu({ items: [], now: NOW, pausedUntil: null, clockTime, startAtLogin: false });
    expect(find(off.entries, 'start-at-login')?.action).toEqual({ kind: 'start-at-login', enabled: true });
  });

  it('is absent where it cannot be managed', () => {
    expect(find(build().entries, 'start-at-login')).toBeUndefined();
  });
});
