/** How long an item has waited, live. Only this text re-renders on each tick. */
import { useNow } from '../../../client/react/context.tsx';
import { formatAge } from '../../../client/format/age.ts';

/** A live age counted from `since` (epoch ms). */
export function Age({ since }: { since: number }) {
  const now = useNow();
  return <time dateTime={new Date(since).toISOString()}>{formatAge(now - since)}</time>;
}
