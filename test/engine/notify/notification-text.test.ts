import { describe, expect, it } from 'vitest';
import {
  itemCategory,
  itemNotificationText,
  itemUrgency,
  notificationButtons,
  notificationTag,
  outcomeNotificationText,
  summaryNotificationText,
  waitedWords,
} from '../../../main/engine/notify/notification-text.ts';
import { idleItem, queueItem } from '../../support/queue-items.ts';

const T0 = 1_000_000;

describe('itemNotificationText', () => {
  it('names agent and pane and what it wants, as in the product brief', () => {
    const text = itemNotificationText(queueItem(), T0);
    expect(text.sentence).toBe('claude · api-worker wants to run `rm -rf build`');
    expect(text.title).toBe('claude · api-worker');
    expect(text.body).toBe('wants to run `rm -rf build`\napi-worker:1.0 · claude');
  });

  it('names the host of an agent on another machine in the title, the body and the summary', () => {
    const remote = queueItem({ host: 'gpu', unreachable: 'host gpu unreachable since …' });
    const text = itemNotificationText(remote, T0);
    expect(text.title).toBe('claude · gpu:api-worker');
    expect(text.body).toBe('wants to run `rm -rf build`\ngpu: api-worker:1.0 · claude · host unreachable');
    expect(summaryNotificationText([remote, queueItem({ id: 'b' })]).body).toBe(
      'claude · gpu:api-worker, claude · api-worker — open the queue to answer them.',
    );
  });

  it('uses the verb of the tool: edit, create, read, fetch', () => {
    expect(itemNotificationText(queueItem({ tool: 'Edit file', subject: 'src/a.ts' }), T0).sentence).toContain('wants to edit `src/a.ts`');
    expect(itemNotificationText(queueItem({ tool: 'Create file', subject: 'b.ts' }), T0).sentence).toContain('wants to create `b.ts`');
    expect(itemNotificationText(queueItem({ tool: 'Read', subject: '/etc/hosts' }), T0).sentence).toContain('wants to read `/etc/hosts`');
    expect(itemNotificationText(queueItem({ tool: 'Fetch', subject: 'https://example.com' }), T0).sentence).toContain(
      'wants to fetch `https://example.com`',
    );
  });

  it('names an unfamiliar tool rather than guessing a verb', () => {
    expect(itemNotificationText(queueItem({ tool: 'Access external directory', subject: '/srv' }), T0).sentence).toBe(
      'claude · api-worker asks to use Access external directory: `/srv`',
    );
  });

  it('says "asks for permission" when the tool is unknown', () => {
    expect(itemNotificationText(queueItem({ tool: null, subject: 'something' }), T0).sentence).toBe(
      'claude · api-worker asks for permission: `something`',
    );
  });

  it('quotes a dialog’s question', () => {
    const text = itemNotificationText(
      queueItem({ reason: 'dialog', tool: null, question: 'Do you trust the files in this folder?', approveLabel: null }),
      T0,
    );
    expect(text.sentence).toBe('claude · api-worker asks: Do you trust the files in this folder?');
  });

  it('says an idle agent waits for an instruction', () => {
    expect(itemNotificationText(idleItem(), T0).sentence).toBe('claude · api-worker is waiting for your next instruction');
  });

  it('says when the watchdog gave up on an idle agent', () => {
    expect(itemNotificationText(idleItem({ reason: 'idle-after-nudges' }), T0).sentence).toContain('still idle after the watchdog');
  });

  it('asks the user to look at an unrecognised screen', () => {
    expect(itemNotificationText(queueItem({ reason: 'unknown', tool: null }), T0).sentence).toContain('does not recognise');
  });

  it('adds how long it has waited on a reminder', () => {
    const text = itemNotificationText(queueItem({ reminderStep: 2, firstSeen: T0 }), T0 + 15 * 60_000);
    expect(text.body).toBe('wants to run `rm -rf build`\napi-worker:1.0 · claude · waiting 15 min');
  });

  it('says stuck in the title after the last reminder', () => {
    const text = itemNotificationText(queueItem({ reminderStep: 6, stuck: true, firstSeen: T0 }), T0 + 4 * 3_600_000);
    expect(text.title).toBe('Stuck: claude · api-worker');
    expect(text.body).toContain('stuck, waiting 4 h');
  });

  it('shows only the first line of a multi-line command, marked as cut', () => {
    expect(itemNotificationText(queueItem({ subject: 'cat <<EOF\nsecret\nEOF' }), T0).sentence).toBe(
      'claude · api-worker wants to run `cat <<EOF …`',
    );
  });

  it('shows control characters (colour escapes) of the subject as text, never as controls', () => {
    expect(itemNotificationText(queueItem({ subject: '\u001b[31mrm\u001b[0m -rf x' }), T0).sentence).toBe(
      'claude · api-worker wants to run `␛[31mrm␛[0m -rf x`',
    );
  });

  it('escapes every part at output: bidi overrides and controls in a subject, a target or an outcome message', () => {
    const text = itemNotificationText(queueItem({ subject: 'ls \u202Etxt.exe', target: 'w\u0007:1.0' }), T0);
    expect(text.sentence).toContain('ls <U+202E>txt.exe');
    expect(text.body).toContain('w␇:1.0');
    const outcome = outcomeNotificationText({ action: 'approve', itemId: 'a', outcome: 'changed', message: 'x\u001b]0;t\u0007' } as never);
    expect(outcome?.body).toBe('x␛]0;t␇');
  });
});

describe('notificationTag', () => {
  it('is the same for the same item, so a reminder replaces the notice', () => {
    expect(notificationTag('a')).toBe(notificationTag('a'));
    expect(notificationTag('a')).not.toBe(notificationTag('b'));
  });
});

describe('summaryNotificationText', () => {
  it('counts the waiting agents and names the first few', () => {
    const items = ['a', 'b', 'c', 'd', 'e'].map((s) => queueItem({ sessionName: s }));
    const text = summaryNotificationText(items);
    expect(text.title).toBe('5 agents are waiting');
    expect(text.body).toBe('claude · a, claude · b, claude · c and 2 more — open the queue to answer them.');
  });
});

describe('notificationButtons', () => {
  it('offers approve with the exact label and the shown fingerprint, deny, and jump', () => {
    expect(notificationButtons(queueItem({ id: 'x', approveLabel: 'Yes', fingerprint: 'f1' }))).toEqual([
      { text: 'Approve: Yes', action: { kind: 'approve', itemId: 'x', fingerprint: 'f1' } },
      { text: 'Deny', action: { kind: 'deny', itemId: 'x', fingerprint: 'f1' } },
      { text: 'Jump', action: { kind: 'jump', itemId: 'x' } },
    ]);
  });

  it('offers no approve button when approve is impossible, and only jump for an idle agent', () => {
    expect(notificationButtons(queueItem({ approveLabel: null })).map((b) => b.action.kind)).toEqual(['deny', 'jump']);
    expect(notificationButtons(idleItem()).map((b) => b.action.kind)).toEqual(['jump']);
  });

  it('starts every label with the word it does', () => {
    const labels = notificationButtons(queueItem({ approveLabel: 'Yes, run once' })).map((b) => b.text);
    expect(labels).toEqual(['Approve: Yes, run once', 'Deny', 'Jump']);
  });
});

describe('outcomeNotificationText', () => {
  it('is silent for a confirmed outcome', () => {
    expect(outcomeNotificationText({ itemId: 'a', action: 'approve', outcome: 'confirmed', message: 'ok' })).toBeNull();
  });

  it('says nothing was sent when the prompt changed', () => {
    expect(
      outcomeNotificationText({ itemId: 'a', action: 'approve', outcome: 'changed', message: 'the pane shows another prompt' })?.title,
    ).toBe('approve: not sent — the prompt changed');
  });
});

describe('waitedWords', () => {
  it('reads as minutes, hours or days', () => {
    expect([waitedWords(30_000), waitedWords(5 * 60_000), waitedWords(125 * 60_000), waitedWords(3 * 86_400_000)]).toEqual([
      'less than a minute',
      '5 min',
      '2 h 5 min',
      '3 d',
    ]);
  });
});

describe('itemUrgency and itemCategory', () => {
  it('makes a blocked or stuck agent critical and an idle one normal', () => {
    expect(itemUrgency(queueItem())).toBe('critical');
    expect(itemUrgency(queueItem({ reason: 'dialog' }))).toBe('critical');
    expect(itemUrgency(idleItem())).toBe('normal');
    expect(itemUrgency(idleItem({ stuck: true }))).toBe('critical');
  });

  it('gives each reason its own vendor category', () => {
    expect(itemCategory(queueItem())).toBe('x-trailboss.permission');
    expect(itemCategory(idleItem())).toBe('x-trailboss.idle');
  });
});
