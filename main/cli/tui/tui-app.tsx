/**
 * The terminal UI's root: the queue from the shared client core, drawn for a terminal. Keys go
 * through the shared keymap and controller, so every action is the engine's (claim → re-verify →
 * one key → confirm → audit); this face only draws and reads keys.
 */
import { Box, Text, useApp, useInput, useWindowSize } from 'ink';
import { useState } from 'react';
import { SNOOZE_CHOICES } from '../../../client/controller/queue-actions.ts';
import { useController, useApp as useAppStore, useNow, useQueue, useStores } from '../../../client/react/context.tsx';
import { displayOrder } from '../../../client/store/queue-state.ts';
import { HelpScreen } from './help-screen.tsx';
import { ItemDetail } from './item-detail.tsx';
import { tuiLayout } from './layout.ts';
import { QueueRows } from './queue-rows.tsx';
import { ReplyLine } from './reply-line.tsx';
import { StatusLine } from './status-line.tsx';
import { tuiKey, type TuiMode } from './tui-keys.ts';
import { safeLine } from './safe-text.ts';
import { hostOutageText } from '../../../client/store/host-outages.ts';

/** What the face needs besides the client core. */
export interface TuiOptions {
  /** The tmux client that opened the popup this UI runs in; null outside a popup. */
  readonly popupClient: string | null;
  /** Colours on (off under NO_COLOR). */
  readonly color: boolean;
  /** Time of day for banners ("14:02:11"). */
  readonly timeOfDay: (ms: number) => string;
}

/** The root component. */
export function TuiApp({ options }: { options: TuiOptions }) {
  const { exit } = useApp();
  const size = useWindowSize();
  // A stream that does not know its size (a pipe, a test) gets the classic 80×24.
  const columns = size.columns > 0 ? size.columns : 80;
  const rows = size.rows > 0 ? size.rows : 24;
  const controller = useController();
  const stores = useStores();
  const now = useNow();
  const [help, setHelp] = useState(false);
  const items = useQueue((s) => s.items);
  const filter = useQueue((s) => s.filter);
  const selectedId = useQueue((s) => s.selectedId);
  const replyFor = useQueue((s) => s.replyFor);
  const snoozeFor = useQueue((s) => s.snoozeFor);
  const denyMessageFor = useQueue((s) => s.denyMessageFor);
  const connected = useQueue((s) => s.connected);
  const status = useQueue((s) => s.status);
  const problem = useQueue((s) => s.problem);
  const outages = useAppStore((s) => s.hostOutages);
  const order = displayOrder(items, now, filter);
  const selected = order.find((i) => i.id === selectedId);
  const mode: TuiMode = help
    ? 'help'
    : replyFor !== null
      ? 'reply'
      : denyMessageFor !== null
        ? 'deny-message'
        : snoozeFor !== null
          ? 'snooze'
          : 'list';
  const typing = mode === 'reply' || mode === 'deny-message';

  /** Jump from a popup: move the client that opened it, and close the popup once the jump is confirmed. */
  const jumpAndClose = async (id: string, host: string | null, client: string) => {
    await controller.jump(id, host === null ? client : undefined);
    if (stores.queue.getState().outcomes[id]?.outcome === 'confirmed') exit();
  };

  useInput(
    (input, key) => {
      const meaning = tuiKey(input, key, mode);
      switch (meaning.kind) {
        case 'quit':
          exit();
          return;
        case 'help':
          setHelp((h) => !h);
          return;
        case 'snooze-choice': {
          const choice = SNOOZE_CHOICES[meaning.index];
          if (choice !== undefined && snoozeFor !== null) void controller.snooze(snoozeFor, choice.ms);
          return;
        }
        case 'command':
          if (meaning.command === 'jump' && options.popupClient !== null && selected !== undefined)
            void jumpAndClose(selected.id, selected.host, options.popupClient);
          else controller.key(meaning.command);
          return;
        case 'none':
          return;
      }
    },
    { isActive: !typing },
  );

  const banners = [
    ...(connected ? [] : ['Lost the connection to Trail Boss; reconnecting…']),
    ...outages.map((o) => safeLine(hostOutageText(o, now, options.timeOfDay))),
  ];
  const layout = tuiLayout(rows, order.length, banners.length, typing || mode === 'snooze' ? 1 : 0);
  const waiting = order.filter((i) => i.snoozedUntil === null || i.snoozedUntil <= now).length;

  if (help) return <HelpScreen />;
  return (
    <Box flexDirection="column" width={columns} height={rows} overflow="hidden">
      <Text wrap="truncate-end" bold>
        Trail Boss · {waiting === 0 ? 'nobody waits' : `${waiting} waiting`}
        {options.popupClient !== null ? ' · popup' : ''}
      </Text>
      {banners.map((b) => (
        <Text key={b} wrap="truncate-end" {...(options.color ? { color: 'yellow' } : { inverse: true })}>
          {b}
        </Text>
      ))}
      {status === 'loading' ? <Text>Loading the queue…</Text> : null}
      {status === 'failed' ? <Text>Could not load the queue: {safeLine(problem ?? '')}</Text> : null}
      {status === 'ready' && order.length === 0 ? <Text>No agent is waiting. New ones appear here. (q quits, ? help)</Text> : null}
      <QueueRows items={order} selectedId={selectedId} rows={layout.listRows} now={now} color={options.color} />
      <Text dimColor>{'─'.repeat(Math.max(columns, 1))}</Text>
      {selected !== undefined ? (
        <ItemDetail item={selected} now={now} tailRows={layout.tailRows} color={options.color} popup={options.popupClient !== null} />
      ) : null}
      {replyFor !== null ? (
        <ReplyLine
          target={order.find((i) => i.id === replyFor)?.target ?? ''}
          onSend={(text) => void controller.reply(replyFor, text)}
          onCancel={() => controller.key('cancel')}
        />
      ) : null}
      {denyMessageFor !== null ? (
        <ReplyLine
          label="Deny, and tell"
          target={order.find((i) => i.id === denyMessageFor)?.target ?? ''}
          onSend={(text) => void controller.denyWithMessage(denyMessageFor, text)}
          onCancel={() => controller.key('cancel')}
        />
      ) : null}
      {snoozeFor !== null ? (
        <Text wrap="truncate-end">Snooze for: {SNOOZE_CHOICES.map((c, i) => `${i + 1} ${c.label}`).join('  ')} (Esc cancels)</Text>
      ) : null}
      <StatusLine />
    </Box>
  );
}
