/** The queue as rows: one line per waiting agent, oldest first, the selection marked and kept in view. */
import { Box, Text } from 'ink';
import type { QueueItemDto } from '../../../preload/contract/index.ts';
import { formatAge } from '../../../client/format/age.ts';
import { reasonLabel, runtimeName } from '../../../client/format/labels.ts';
import { isSnoozed } from '../../../client/store/queue-state.ts';
import { scrollTop } from './layout.ts';
import { safeLine } from './safe-text.ts';

/** Where the pane is: its target, and the host when it is not this machine. */
export function whereOf(item: QueueItemDto): string {
  return item.host === null ? safeLine(item.target) : `${safeLine(item.target)} @${safeLine(item.host)}`;
}

/** One row's text (pure, for tests): runtime, pane, reason, waited, what it wants. */
export function rowText(item: QueueItemDto, now: number): string {
  const waited = isSnoozed(item, now) ? 'snoozed' : formatAge(now - item.firstSeen);
  const cells = [
    runtimeName(item.runtime).padEnd(11),
    whereOf(item).padEnd(16),
    reasonLabel(item.reason).padEnd(10),
    waited.padStart(7),
    safeLine(item.subject),
  ];
  return `${cells.join('  ')}${item.stuck ? '  (stuck)' : ''}`;
}

/** The visible window of rows. */
export function QueueRows(props: {
  readonly items: readonly QueueItemDto[];
  readonly selectedId: string | null;
  readonly rows: number;
  readonly now: number;
  readonly color: boolean;
}) {
  const at = Math.max(
    props.items.findIndex((i) => i.id === props.selectedId),
    0,
  );
  const top = scrollTop(at, props.rows, props.items.length);
  const shown = props.items.slice(top, top + props.rows);
  return (
    <Box flexDirection="column">
      {shown.map((item) => {
        const selected = item.id === props.selectedId;
        return (
          <Text
            key={item.id}
            wrap="truncate-end"
            inverse={selected}
            {...(props.color && item.unreachable !== null ? { color: 'yellow' } : {})}
          >
            {selected ? '› ' : '  '}
            {rowText(item, props.now)}
          </Text>
        );
      })}
    </Box>
  );
}
