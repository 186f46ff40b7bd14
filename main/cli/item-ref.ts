/** Find the queue item a CLI argument means: an item id, a pane key (`default|%3`), a pane id (`%3`) or a target (`work:1.0`). */
import type { QueueItemDto } from '../../preload/contract/queue-item.ts';

export type ItemRef =
  { readonly kind: 'found'; readonly item: QueueItemDto } | { readonly kind: 'none' | 'ambiguous'; readonly message: string };

/** Pure lookup over the queue. */
export function findItem(queue: readonly QueueItemDto[], ref: string): ItemRef {
  const exact = queue.find((i) => i.id === ref || i.paneKey === ref);
  if (exact) return { kind: 'found', item: exact };
  const matches = queue.filter((i) => i.paneKey.endsWith(`|${ref}`) || i.target === ref);
  if (matches.length === 1 && matches[0]) return { kind: 'found', item: matches[0] };
  if (matches.length > 1)
    return {
      kind: 'ambiguous',
      message: `'${ref}' matches ${matches.length} items (${matches.map((m) => m.id).join(', ')}); use an item id`,
    };
  return { kind: 'none', message: `no waiting item matches '${ref}' (see \`trailboss queue\`)` };
}
