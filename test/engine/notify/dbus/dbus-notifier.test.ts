/** The D-Bus notifier against a real dunst on a private bus: replace by id, close, escaping, callbacks. */
import { afterEach, describe, expect, it } from 'vitest';
import { DbusNotifier } from '../../../../main/engine/notify/dbus/dbus-notifier.ts';
import type { NotificationAction } from '../../../../main/engine/notify/notification-text.ts';
import type { NotificationOp } from '../../../../main/engine/notify/notification-policy.ts';
import { MemoryLogger } from '../../../../main/engine/platform/log.ts';
import { poll } from '../../../support/poll.ts';
import type { PrivateDesktop } from '../../../support/desktop-bus.ts';
import { startPrivateDesktop } from '../../../support/desktop-bus.ts';

let desktop: PrivateDesktop | null = null;
let notifier: DbusNotifier | null = null;
afterEach(async () => {
  await notifier?.close();
  notifier = null;
  await desktop?.kill();
  desktop = null;
});

function show(tag: string, body: string, fingerprint = 'f1'): NotificationOp {
  return {
    op: 'show',
    tag,
    itemId: tag,
    text: { title: `agent ${tag}`, body, sentence: body },
    buttons: [
      { text: 'Approve: Yes', action: { kind: 'approve', itemId: tag, fingerprint } },
      { text: 'Deny', action: { kind: 'deny', itemId: tag, fingerprint } },
    ],
    silent: false,
    urgency: 'critical',
    category: 'x-trailboss.permission',
  };
}

async function open(): Promise<{ d: PrivateDesktop; n: DbusNotifier; actions: NotificationAction[]; dismissed: string[] }> {
  desktop = await startPrivateDesktop({ dunst: true });
  notifier = await DbusNotifier.open({ address: desktop.busAddress, icon: '', logger: new MemoryLogger() });
  const actions: NotificationAction[] = [];
  const dismissed: string[] = [];
  return { d: desktop, n: notifier, actions, dismissed };
}

describe('DbusNotifier against dunst', () => {
  it('replaces a notification in place (same id, new buttons) and closes it', async () => {
    const { d, n, actions, dismissed } = await open();
    const callbacks = { onAction: (a: NotificationAction) => void actions.push(a), onDismissed: (t: string) => void dismissed.push(t) };
    n.apply(show('a', 'first'), callbacks);
    await n.settled();
    const first = (await d.menu()).filter((e) => e.key.startsWith('approve-'));
    n.apply(show('a', 'second', 'f2'), callbacks);
    await n.settled();
    const second = (await d.menu()).filter((e) => e.key.startsWith('approve-'));
    expect(await d.displayed()).toBe(1);
    expect(second.map((e) => e.id)).toEqual(first.map((e) => e.id));
    expect(second[0]?.key).not.toBe(first[0]?.key);
    // The button invoked now is the second content's, with its fingerprint.
    await d.invoke(second[0]!.id, second[0]!.key);
    await poll(() => actions.length > 0, 'the action callback');
    expect(actions).toEqual([{ kind: 'approve', itemId: 'a', fingerprint: 'f2' }]);
    n.apply({ op: 'close', tag: 'a' }, callbacks);
    await n.settled();
    const closed = await poll(async () => (await d.history()).find((e) => e.id === first[0]!.id), 'the closed notification in history');
    expect(closed.body).toBe('second');
    expect(dismissed).toEqual([]);
  });

  it('escapes pane text, so dunst (markup on) shows it as typed, never as markup', async () => {
    const { d, n } = await open();
    n.apply(show('a', 'run `echo <b>hi</b> && ls`'), { onAction: () => {}, onDismissed: () => {} });
    await n.settled();
    n.apply({ op: 'close', tag: 'a' }, { onAction: () => {}, onDismissed: () => {} });
    await n.settled();
    const closed = await poll(async () => (await d.history())[0], 'the closed notification');
    expect(closed.body).toBe('run `echo &lt;b&gt;hi&lt;/b&gt; &amp;&amp; ls`');
    // dunst hands its renderer (Pango) markup: the tag arrives as text entities, never as a tag.
    expect(closed.message).not.toContain('<b>');
    expect(closed.message).toContain('echo &lt;b&gt;hi&lt;/b&gt; &amp;&amp; ls');
  });

  it('tells the policy when the user dismisses a notification', async () => {
    const { d, n, dismissed } = await open();
    n.apply(show('a', 'body'), { onAction: () => {}, onDismissed: (t) => void dismissed.push(t) });
    await n.settled();
    await d.dunstctl('close');
    await poll(() => dismissed.length > 0, 'the dismissal');
    expect(dismissed).toEqual(['a']);
  });
});
