import { describe, expect, it } from 'vitest';
import { rememberedFilter, rememberFilter } from '../../../client/store/queue-filter.ts';
import { displayOrder, filterChosen, initialQueueState, queueLoaded, selectionMoved } from '../../../client/store/queue-state.ts';
import { queueItem as item } from '../../support/queue-items.ts';

const idle = item({ id: 'idle', reason: 'idle', approveLabel: null, denyLabel: null, canReply: true });
const perm = item({ id: 'perm', reason: 'permission' });
const dialog = item({ id: 'dialog', reason: 'dialog' });

describe('the queue filter', () => {
  it('prompts only shows permission prompts and dialogs, in queue order', () => {
    expect(displayOrder([idle, perm, dialog], 0, 'prompts').map((i) => i.id)).toEqual(['perm', 'dialog']);
    expect(displayOrder([idle, perm, dialog], 0, 'all').map((i) => i.id)).toEqual(['idle', 'perm', 'dialog']);
  });

  it('choosing it moves a hidden selection to the first shown row; j/k move among shown rows only', () => {
    const loaded = queueLoaded(initialQueueState, [idle, perm, dialog]);
    expect(loaded.selectedId).toBe('idle');
    const filtered = filterChosen(loaded, 'prompts', 0);
    expect(filtered.selectedId).toBe('perm');
    expect(selectionMoved(filtered, 1, 0).selectedId).toBe('dialog');
    expect(selectionMoved(selectionMoved(filtered, 1, 0), 1, 0).selectedId).toBe('dialog');
  });

  it('is remembered, and anything else in storage reads as all', () => {
    const map = new Map<string, string>();
    const memory = { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v) };
    expect(rememberedFilter(memory)).toBe('all');
    rememberFilter(memory, 'prompts');
    expect(rememberedFilter(memory)).toBe('prompts');
    map.set('trailboss.queue.filter', 'bogus');
    expect(rememberedFilter(memory)).toBe('all');
    const refusing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('full');
      },
    };
    expect(rememberedFilter(refusing)).toBe('all');
    expect(() => rememberFilter(refusing, 'prompts')).not.toThrow();
  });
});
