/**
 * A menu only the generic recogniser read (a new prompt shape) reaches every text surface with its
 * question and its options: the notification, `trailboss queue` and `trailboss status`.
 */
import { describe, expect, it } from 'vitest';
import { formatQueueTable } from '../../../main/cli/format-queue.ts';
import { formatStatusTable } from '../../../main/cli/format-status.ts';
import { promptDto, approvePreview } from '../../../main/engine/api/dto.ts';
import { claudeRuntime } from '../../../main/engine/runtimes/claude/index.ts';
import { itemNotificationText } from '../../../main/engine/notify/notification-text.ts';
import { optionsInWords } from '../../../main/engine/notify/item-words.ts';
import { queueItem } from '../../support/queue-items.ts';

const NEW_SHAPE = [
  '● Thinking about the deploy',
  '',
  '  Would you like to run the deploy now?',
  '  ▸ [1] Run it',
  '    [2] Run it, and never ask again',
  '    [3] Cancel',
  '',
  '  ↑↓ select · ⏎ confirm · esc cancel',
];

function newShapeScreen() {
  const screen = claudeRuntime.classify({ lines: NEW_SHAPE });
  if (screen.kind !== 'permission') throw new Error(`expected a permission, got ${screen.kind}`);
  return screen;
}

describe('a menu read by the generic recogniser, on the text surfaces', () => {
  it('numbers the options on one line', () => {
    expect(optionsInWords(['Yes', 'No'])).toBe('1. Yes · 2. No');
    expect(optionsInWords([])).toBe('');
  });

  it('notification: "asks: <question>" and the options, approve not offered', () => {
    const screen = newShapeScreen();
    expect(approvePreview(screen).label).toBeNull();
    const item = queueItem({
      tool: null,
      subject: screen.question,
      question: screen.question,
      options: screen.options.map((o) => ({ label: o.label, kind: o.kind })),
      approveLabel: null,
      approveBlockedReason: approvePreview(screen).blocked,
      denyLabel: 'Esc',
    });
    const text = itemNotificationText(item, item.firstSeen);
    expect(text.sentence).toBe('claude · api-worker asks: Would you like to run the deploy now?');
    expect(text.body.split('\n')[1]).toBe('1. Run it · 2. Run it, and never ask again · 3. Cancel');
    expect(formatQueueTable([item], item.firstSeen)).toContain(
      'Would you like to run the deploy now? — 1. Run it · 2. Run it, and never ask again · 3. Cancel',
    );
  });

  it('a prompt approve can answer keeps its body as it was', () => {
    expect(itemNotificationText(queueItem(), 0).body.split('\n')).toHaveLength(2);
  });

  it('status: the question and the options where approve is not possible', () => {
    const table = formatStatusTable(
      [
        {
          pane: '%1',
          server: 'default',
          host: null,
          target: 'w:1.0',
          runtime: 'claude',
          runtimeVerified: true,
          state: 'permission',
          since: new Date(0).toISOString(),
          prompt: promptDto(newShapeScreen())!,
        },
      ],
      0,
    );
    expect(table).toContain(
      'permission: Would you like to run the deploy now? — approve: not possible, jump to it — 1. Run it · 2. Run it, and never ask',
    );
  });
});
