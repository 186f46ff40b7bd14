/** The selected item: where and why it waits, what it asks, the pane's last lines, and the keys that answer it. */
import { Box, Text } from 'ink';
import type { QueueItemDto } from '../../../preload/contract/index.ts';
import { formatAge } from '../../../client/format/age.ts';
import { reasonLabel, runtimeName } from '../../../client/format/labels.ts';
import { PaneLines } from './pane-lines.tsx';
import { whereOf } from './queue-rows.tsx';
import { safeLine } from './safe-text.ts';

/** "Bash command: npm test", the question, or what the agent waits for. Pure. */
export function askText(item: QueueItemDto): string {
  const subject = item.tool === null ? item.subject : `${item.tool}: ${item.subject}`;
  return safeLine(item.question === null ? subject : `${item.question} — ${subject}`);
}

/** The key hints for this item: approve and deny name the exact option they choose, and only when possible. Pure. */
export function actionHints(item: QueueItemDto, popup: boolean): string {
  const hints = [
    item.approveLabel === null ? null : `a Approve “${safeLine(item.approveLabel)}”`,
    item.denyLabel === null ? null : `d Deny “${safeLine(item.denyLabel)}”`,
    item.denyLabel !== null && item.reason === 'permission' ? 'D Deny + tell' : null,
    item.canReply ? 'r Reply' : null,
    's Skip',
    'z Snooze',
    popup ? '⏎ Jump & close' : '⏎ Jump',
    '? Help',
    'q Quit',
  ];
  return hints.filter((h) => h !== null).join('  ');
}

/** The selected item's block. */
export function ItemDetail(props: {
  readonly item: QueueItemDto;
  readonly now: number;
  readonly tailRows: number;
  readonly color: boolean;
  readonly popup: boolean;
}) {
  const { item } = props;
  const dim = props.color ? { dimColor: true } : {};
  return (
    <Box flexDirection="column">
      <Text wrap="truncate-end" bold>
        {runtimeName(item.runtime)} · {whereOf(item)} · {reasonLabel(item.reason)} · waited {formatAge(props.now - item.firstSeen)}
        {item.stuck ? ' · stuck' : ''}
      </Text>
      <Text wrap="truncate-end">{askText(item)}</Text>
      <Text wrap="truncate-end" {...(props.color ? { color: 'yellow' } : {})}>
        {item.unreachable !== null
          ? safeLine(item.unreachable)
          : item.approveLabel === null && item.approveBlockedReason !== null
            ? `No approve: ${safeLine(item.approveBlockedReason)}`
            : ' '}
      </Text>
      <PaneLines lines={item.tail} rows={props.tailRows} color={props.color} />
      <Text wrap="truncate-end" {...dim}>
        {actionHints(item, props.popup)}
      </Text>
    </Box>
  );
}
