/** The queue's filter (all / prompts only), and remembering it between windows. */
import type { QueueItemDto } from '../../preload/contract/index.ts';

/** `prompts`: only agents blocked at a permission prompt or a dialog (users with many idle agents). */
export type QueueFilter = 'all' | 'prompts';

/** Whether an item shows under a filter. */
export function passesFilter(item: QueueItemDto, filter: QueueFilter): boolean {
  return filter === 'all' || item.reason === 'permission' || item.reason === 'dialog';
}

/** Where the filter is kept: `localStorage` in a window, a Map in tests. */
export interface FilterMemory {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

const KEY = 'trailboss.queue.filter';

/** The remembered filter; `all` when none (or storage is unavailable). */
export function rememberedFilter(memory: FilterMemory | null): QueueFilter {
  try {
    return memory?.getItem(KEY) === 'prompts' ? 'prompts' : 'all';
  } catch {
    return 'all';
  }
}

/** Remembers the filter; storage that refuses (private mode, full) just forgets. */
export function rememberFilter(memory: FilterMemory | null, filter: QueueFilter): void {
  try {
    memory?.setItem(KEY, filter);
  } catch {
    // Not remembered this time: the filter still applies in this window.
  }
}
