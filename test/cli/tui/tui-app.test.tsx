/** The terminal face drawn by ink-testing-library over the shared client core and a fake bridge (no engine here; the tmux tests run the real one). */
import { render } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import type { QueueItemDto } from '../../../preload/contract/index.ts';
import { createController } from '../../../client/controller/controller.ts';
import { DepsProvider } from '../../../client/react/context.tsx';
import { createActivityStore } from '../../../client/store/activity-store.ts';
import { createAppStore } from '../../../client/store/app-store.ts';
import { createQueueStore } from '../../../client/store/queue-store.ts';
import { createSettingsStore } from '../../../client/store/settings-store.ts';
import { createTicker } from '../../../client/ticker.ts';
import { TuiApp } from '../../../main/cli/tui/tui-app.tsx';
import { fakeBridge } from '../../client/support/fake-bridge.ts';
import { poll } from '../../support/poll.ts';
import { idleItem, queueItem } from '../../support/queue-items.ts';

const NOW = 1_000_000 + 65_000;
let cleanup: (() => void) | null = null;
afterEach(() => {
  cleanup?.();
  cleanup = null;
});

function draw(items: QueueItemDto[], opts: { popupClient?: string | null; color?: boolean } = {}) {
  const fake = fakeBridge({
    'queue:list': () => ({ ok: true, value: items }),
    'item:approve': (a) => ({
      ok: true,
      value: { itemId: (a as { id: string }).id, action: 'approve', outcome: 'confirmed', message: 'sent 1' },
    }),
    'item:jump': (a) => ({
      ok: true,
      value: { itemId: (a as { id: string }).id, action: 'jump', outcome: 'confirmed', message: 'switched' },
    }),
  });
  const stores = { queue: createQueueStore(), settings: createSettingsStore(), activity: createActivityStore(), app: createAppStore() };
  stores.queue.getState().queueLoaded(items);
  const clock = { now: () => NOW };
  const controller = createController({ bridge: fake.bridge, stores, clock });
  const ui = render(
    <DepsProvider deps={{ stores, controller, ticker: createTicker(clock) }}>
      <TuiApp options={{ popupClient: opts.popupClient ?? null, color: opts.color ?? true, timeOfDay: () => '14:02:11' }} />
    </DepsProvider>,
  );
  const stop = controller.start();
  cleanup = () => {
    ui.unmount();
    stop();
  };
  return { ui, fake, stores };
}

const frame = (ui: { lastFrame(): string | undefined }) => ui.lastFrame() ?? '';

describe('TuiApp', () => {
  it('lists items in queue order and names the exact approve and deny options', () => {
    const { ui } = draw([queueItem({ id: 'a1', target: 'older:1.0' }), queueItem({ id: 'b2', target: 'newer:2.0' })]);
    const text = frame(ui);
    expect(text.indexOf('older:1.0')).toBeLessThan(text.indexOf('newer:2.0'));
    expect(text).toContain('2 waiting');
    expect(text).toContain('a Approve “Yes”');
    expect(text).toContain('d Deny “No”');
    expect(text).toContain('waited 1m 05s');
  });

  it('offers no approve when the item has no single-use option, and `a` sends nothing', async () => {
    const { ui, fake } = draw([queueItem({ approveLabel: null, approveBlockedReason: 'no option allows this once' })]);
    expect(frame(ui)).not.toContain('a Approve');
    expect(frame(ui)).toContain('No approve: no option allows this once');
    ui.stdin.write('a');
    await new Promise((r) => setImmediate(r));
    expect(fake.callsTo('item:approve')).toEqual([]);
  });

  it('`j` then `a` approves the second item with its fingerprint, once', async () => {
    const { ui, fake, stores } = draw([queueItem({ id: 'a1' }), queueItem({ id: 'b2' })]);
    ui.stdin.write('j');
    await poll(() => stores.queue.getState().selectedId === 'b2', 'the selection moved');
    ui.stdin.write('a');
    await poll(() => fake.callsTo('item:approve').length === 1, 'approve sent');
    expect(fake.callsTo('item:approve')).toEqual([{ id: 'b2', fingerprint: 'fp-b2' }]);
  });

  it('in a popup, Enter jumps the popup’s client for a local pane', async () => {
    const { ui, fake } = draw([queueItem({ id: 'a1' })], { popupClient: '/dev/pts/7' });
    expect(frame(ui)).toContain('⏎ Jump & close');
    ui.stdin.write('\r');
    await poll(() => fake.callsTo('item:jump').length === 1, 'jump sent');
    expect(fake.callsTo('item:jump')).toEqual([{ id: 'a1', client: '/dev/pts/7' }]);
  });

  it('in a popup, a pane on another host jumps as everywhere (no client named)', async () => {
    const { ui, fake } = draw([queueItem({ id: 'r1', host: 'gpu', paneKey: '@gpu:default|%3' })], { popupClient: '/dev/pts/7' });
    ui.stdin.write('\r');
    await poll(() => fake.callsTo('item:jump').length === 1, 'jump sent');
    expect(fake.callsTo('item:jump')).toEqual([{ id: 'r1' }]);
  });

  it('shows a host outage as a banner', async () => {
    const { ui, fake } = draw([queueItem()]);
    fake.emit('host:changed', {
      host: 'gpu',
      state: 'unreachable',
      since: NOW - 5000,
      reason: 'host gpu unreachable since x: the host cannot be reached',
    });
    await poll(() => frame(ui).includes('Host gpu unreachable since 14:02:11 (5s)'), 'the banner');
  });

  it('draws a new item pushed by the engine without a key press', async () => {
    const { ui, fake } = draw([queueItem({ id: 'a1', target: 'first:1.0' })]);
    // The start-up reload (answered at once by the fake) settles first: the push is what changes the screen.
    await new Promise((r) => setImmediate(r));
    fake.emit('queue:changed', { items: [queueItem({ id: 'a1', target: 'first:1.0' }), idleItem({ id: 'n2', target: 'pushed:3.0' })] });
    await poll(() => frame(ui).includes('pushed:3.0') && frame(ui).includes('2 waiting'), 'the new row');
  });

  it('draws pane text with its escape sequences neutralised: no ESC but our own colours', () => {
    const { ui } = draw(
      [queueItem({ subject: 'evil \x1b]0;owned\x07 \u202e', tail: ['\x1b[31mred\x1b[0m \x1b[2J\x1b]8;;http://x\x07link'] })],
      {
        color: false,
      },
    );
    const text = frame(ui);
    expect(text).not.toContain('\x1b');
    expect(text).toContain('␛]0;owned␇ <U+202E>');
    expect(text).toContain('red link');
  });
});
