import { afterEach, describe, expect, it, vi } from 'vitest';
import { ManualClock } from '../../support/manual-clock.ts';
import type { HotkeyPlan } from '../../../main/shell/hotkeys/hotkey-status.ts';
import type { HotkeyName } from '../../../main/shell/hotkeys/hotkeys.ts';
import type { NotificationCallbacks } from '../../../main/engine/notify/notification-driver.ts';
import type { NotificationOp } from '../../../main/engine/notify/notification-policy.ts';
import type { ApiMethods } from '../../../preload/contract/api.ts';
import type { SettingsStateDto } from '../../../preload/contract/index.ts';
import { hostNotificationTag, notificationTag, SUMMARY_TAG } from '../../../main/engine/notify/notification-text.ts';
import type { NotificationText } from '../../../main/engine/notify/notification-text.ts';
import { shellApiMethods } from '../../../main/shell/app/shell-api.ts';
import { ShellController } from '../../../main/shell/app/shell-controller.ts';
import type { ShellAction } from '../../../main/shell/app/shell-action.ts';
import type { ShellProblem } from '../../../main/shell/app/shell-problem.ts';
import type { TrayIconSpec } from '../../../main/shell/tray/tray-icon.ts';
import type { TrayMenuModel } from '../../../main/shell/tray/tray-menu.ts';
import { flattenMenu } from '../../../main/shell/tray/tray-menu.ts';
import type { EventName, HostChangeDto } from '../../../preload/contract/events.ts';
import { FakeEngine, settingsDto } from '../support/fake-engine.ts';
import { queueItem } from '../../support/queue-items.ts';
import { poll } from '../../support/poll.ts';

const T0 = 10_000_000;

/** A settings:changed payload: these settings, nothing else of note (no hotkeys, no phone). */
const settingsChanged = (settings = settingsDto()): SettingsStateDto => ({
  settings,
  configPath: '/c',
  hotkeys: [],
  loadError: null,
  logFile: null,
  phone: { paired: false, name: null, bot: null, lastPollAt: null, problem: null },
});

/** A controller over a fake engine with recording ports. */
function harness(
  opts: {
    platform?: NodeJS.Platform;
    registerOk?: boolean;
    notificationApi?: ApiMethods;
    problem?: ShellProblem;
    hostOutages?: () => readonly HostChangeDto[];
  } = {},
) {
  const engine = new FakeEngine();
  const clock = new ManualClock(T0);
  const renders: { menu: TrayMenuModel; icon: TrayIconSpec; onAction: (a: ShellAction) => void }[] = [];
  const ops: NotificationOp[] = [];
  let callbacks: NotificationCallbacks | null = null;
  const notices: NotificationText[] = [];
  const broadcasts: { event: EventName; payload: unknown }[] = [];
  const opened: string[] = [];
  const plans: HotkeyPlan[][] = [];
  let pressed: ((name: HotkeyName) => void) | null = null;
  let jumps = 0;
  const clicks: (() => void)[] = [];
  const api = shellApiMethods(engine.api, {
    jump: async (id) => (jumps++, { itemId: id, action: 'jump', outcome: 'confirmed', message: 'jumped' }),
    hotkeyStatuses: () => controller.hotkeyStatuses(),
  });
  const controller: ShellController = new ShellController({
    engine,
    api,
    ...(opts.notificationApi ? { notificationApi: opts.notificationApi } : {}),
    clock,
    platform: opts.platform ?? 'darwin',
    tray: {
      render: (menu, icon, onAction) => void renders.push({ menu, icon, onAction }),
      onClick: (listener) => void clicks.push(listener),
    },
    notifier: {
      apply: (op, cb) => {
        ops.push(op);
        callbacks = cb;
      },
      notice: (t) => void notices.push(t),
    },
    hotkeys: {
      apply: (p, onPressed) => {
        plans.push([...p]);
        pressed = onPressed;
        return p.map((x) => ({
          name: x.name,
          accelerator: x.accelerator,
          registered: x.kind === 'register' && (opts.registerOk ?? true),
          problem: null,
        }));
      },
    },
    windows: {
      openQueue: (id) => void opened.push(`queue:${id}`),
      openSettings: () => void opened.push('settings'),
      broadcast: (event, payload) => void broadcasts.push({ event, payload }),
    },
    quit: () => void opened.push('quit'),
    clockTime: (ms) => `t${ms}`,
    problem: opts.problem ?? null,
    ...(opts.hostOutages ? { hostOutages: opts.hostOutages } : {}),
  });
  return {
    engine,
    clock,
    controller,
    renders,
    ops,
    notices,
    broadcasts,
    opened,
    plans,
    press: (n: HotkeyName) => pressed?.(n),
    jumps: () => jumps,
    callbacks: () => callbacks,
    /** A left click on the tray icon, as Electron's `click` delivers it (no listener: nothing happens). */
    clickTray: () => clicks.forEach((listener) => listener()),
  };
}

let current: ReturnType<typeof harness> | null = null;
afterEach(() => {
  current?.controller.dispose();
  current = null;
});
const start = async (h: ReturnType<typeof harness>) => {
  current = h;
  await h.controller.start();
  return h;
};

describe('ShellController start-up', () => {
  it('with tmux missing, the tray headline says so and one notification gives the fix', async () => {
    const h = harness({ problem: { headline: 'tmux not found: nothing is watched', fix: 'Install it with `brew install tmux`.' } });
    await start(h);
    expect(h.notices).toEqual([
      expect.objectContaining({ title: 'Trail Boss: tmux not found: nothing is watched', body: 'Install it with `brew install tmux`.' }),
    ]);
    expect(h.renders[0]?.menu.entries[0]).toMatchObject({ label: '⚠ tmux not found: nothing is watched' });
    expect(h.renders[0]?.icon).toMatchObject({ tone: 'stuck', badge: '!', toolTip: 'Trail Boss — tmux not found: nothing is watched' });
    h.engine.emit('queue:changed', { items: [] });
    expect(h.notices).toHaveLength(1);
  });

  it('renders the tray from the queue it finds', async () => {
    const h = harness();
    h.engine.items = [queueItem({ id: 'a' })];
    await start(h);
    expect(h.renders).toHaveLength(1);
    expect(h.renders[0]?.menu.count).toBe(1);
    expect(h.renders[0]?.icon.badge).toBe('1');
  });

  it('shows one summary for a full queue at launch', async () => {
    const h = harness();
    h.engine.items = ['a', 'b', 'c', 'd', 'e'].map((id) => queueItem({ id }));
    await start(h);
    expect(h.ops.map((o) => o.tag)).toEqual([SUMMARY_TAG]);
  });

  it('registers the configured hotkeys', async () => {
    const h = await start(harness());
    expect(h.plans[0]?.map((p) => [p.name, p.kind])).toEqual([
      ['jumpOldest', 'register'],
      ['openQueue', 'register'],
    ]);
  });
});

describe('ShellController tray click', () => {
  it('opens the queue on a left click on Linux (KDE Plasma sends `click`) and Windows, not on macOS (the click opens the menu)', async () => {
    for (const platform of ['linux', 'win32'] as const) {
      const h = await start(harness({ platform }));
      h.clickTray();
      await poll(() => h.opened.length > 0 || null, 'the queue opened');
      expect(h.opened).toEqual(['queue:null']);
      h.controller.dispose();
    }
    const mac = await start(harness({ platform: 'darwin' }));
    mac.clickTray();
    await Promise.resolve();
    expect(mac.opened).toEqual([]);
  });
});

describe('ShellController events', () => {
  it('notifies a new item and withdraws it when resolved', async () => {
    const h = await start(harness());
    h.engine.emit('item:added', { item: queueItem({ id: 'a' }) });
    h.engine.emit('item:resolved', { id: 'a', resolution: 'answered-in-pane' });
    expect(h.ops.map((o) => [o.op, o.tag])).toEqual([
      ['show', notificationTag('a')],
      ['close', notificationTag('a')],
    ]);
  });

  it("shows one notification for a host's outage and replaces it when the host is back", async () => {
    const h = await start(harness());
    h.engine.emit('host:changed', {
      host: 'gpu',
      state: 'unreachable',
      since: 0,
      reason: 'host gpu unreachable since 1970-01-01T00:00:00.000Z: the host cannot be reached',
    });
    h.engine.emit('host:changed', { host: 'gpu', state: 'reachable', since: 60_000 });
    expect(h.ops.map((o) => [o.op, o.tag, o.op === 'show' ? o.text.title : null])).toEqual([
      ['show', hostNotificationTag('gpu'), 'Host gpu unreachable'],
      ['show', hostNotificationTag('gpu'), 'Host gpu is back'],
    ]);
  });

  it('tells at start a host outage the engine announced before the shell listened, once', async () => {
    const outage: HostChangeDto = {
      host: 'gpu',
      state: 'unreachable',
      since: 0,
      reason: 'host gpu unreachable since 1970-01-01T00:00:00.000Z: refused',
    };
    const h = await start(harness({ hostOutages: () => [outage] }));
    h.engine.emit('host:changed', { host: 'gpu', state: 'reachable', since: 5 });
    expect(h.ops.map((o) => [o.op, o.tag, o.op === 'show' ? o.text.title : null])).toEqual([
      ['show', hostNotificationTag('gpu'), 'Host gpu unreachable'],
      ['show', hostNotificationTag('gpu'), 'Host gpu is back'],
    ]);
  });

  it('replaces the notification on a reminder with the step and stuck flag from the event', async () => {
    const h = await start(harness());
    const a = queueItem({ id: 'a', firstSeen: T0 });
    h.engine.emit('queue:changed', { items: [a] });
    h.engine.emit('item:added', { item: a });
    h.clock.advance(4 * 3_600_000);
    h.engine.emit('reminder', { id: 'a', step: 6, stuck: true });
    const last = h.ops.at(-1);
    expect(last?.op === 'show' && [last.tag, last.text.title]).toEqual([notificationTag('a'), 'Stuck: claude · api-worker']);
  });

  it('rebuilds the tray only when the queue changes what it shows', async () => {
    const h = await start(harness());
    const a = queueItem({ id: 'a' });
    h.engine.emit('queue:changed', { items: [a] });
    h.engine.emit('queue:changed', { items: [{ ...a, waitedMs: 999 }] });
    h.engine.emit('queue:changed', { items: [a, queueItem({ id: 'b' })] });
    expect(h.renders.map((r) => r.menu.count)).toEqual([0, 1, 2]);
  });

  it('forwards every engine event to the windows, with hotkey statuses inside settings', async () => {
    const h = await start(harness({ registerOk: false }));
    h.engine.emit('action:outcome', { itemId: 'a', action: 'skip', outcome: 'confirmed', message: 'ok' });
    h.engine.emit('settings:changed', settingsChanged());
    expect(h.broadcasts.map((b) => b.event)).toEqual(['action:outcome', 'settings:changed']);
    expect((h.broadcasts[1]?.payload as { hotkeys: { registered: boolean }[] }).hotkeys.map((s) => s.registered)).toEqual([false, false]);
  });

  it('re-registers hotkeys only when they change', async () => {
    const h = await start(harness());
    h.engine.emit('settings:changed', settingsChanged());
    h.engine.emit('settings:changed', settingsChanged(settingsDto({ hotkeys: { jumpOldest: 'Control+Alt+Shift+M', openQueue: null } })));
    expect(h.plans.map((p) => p[0]?.accelerator)).toEqual(['CommandOrControl+Alt+Shift+J', 'Control+Alt+Shift+M']);
  });
});

describe('ShellController actions', () => {
  it('the jump hotkey jumps to the oldest waiting item', async () => {
    const h = await start(harness());
    h.engine.items = [queueItem({ id: 'old' }), queueItem({ id: 'new' })];
    h.press('jumpOldest');
    await vi.waitFor(() => expect(h.jumps()).toBe(1), { timeout: 2000 });
    expect(h.engine.calls.map((c) => c.channel)).toEqual(['queue:list', 'settings:get', 'queue:list']);
  });

  it('the queue hotkey opens the queue', async () => {
    const h = await start(harness());
    expect(await h.controller.hotkeyPressed('openQueue')).toEqual({ kind: 'done' });
    expect(h.opened).toEqual(['queue:null']);
  });

  it('a tray approve goes to the engine with the menu’s fingerprint', async () => {
    const h = await start(harness());
    h.engine.emit('queue:changed', { items: [queueItem({ id: 'a', fingerprint: 'fp-menu' })] });
    const render = h.renders.at(-1);
    const approve = flattenMenu(render?.menu.entries ?? []).find((e) => e.id === 'item:a:approve');
    await h.controller.act(approve?.action as ShellAction);
    expect(h.engine.calls.at(-1)).toEqual({ channel: 'item:approve', args: { id: 'a', fingerprint: 'fp-menu' } });
  });

  it('a notification button goes through the methods of the surface "notification"', async () => {
    const engine2 = new FakeEngine();
    const h = await start(harness({ notificationApi: engine2.api }));
    h.engine.emit('item:added', { item: queueItem({ id: 'a', fingerprint: 'fp-note' }) });
    const shown = h.ops.at(-1);
    const approve = shown?.op === 'show' ? shown.buttons.find((b) => b.action.kind === 'approve') : undefined;
    h.callbacks()?.onAction(approve!.action);
    await poll(() => engine2.calls.length > 0, 'a call to the new engine');
    expect(engine2.calls.at(-1)).toEqual({ channel: 'item:approve', args: { id: 'a', fingerprint: 'fp-note' } });
    expect(h.engine.calls.filter((c) => c.channel === 'item:approve')).toEqual([]);
  });

  it('tells the user when an action from the tray did not simply work', async () => {
    const h = await start(harness());
    await h.controller.act({ kind: 'jump-oldest' });
    expect(h.notices.map((n) => n.body)).toEqual(['No agent is waiting.']);
  });

  it('pausing silences new items, changes the icon, and the tray comes back when the hour is over', async () => {
    const h = await start(harness());
    await h.controller.act({ kind: 'pause', choice: 'hour' });
    expect(h.renders.at(-1)?.icon.paused).toBe(true);
    h.engine.emit('item:added', { item: queueItem({ id: 'a' }) });
    expect(h.ops).toEqual([]);
    h.clock.advance(3_600_001);
    expect(h.renders.at(-1)?.icon.paused).toBe(false);
    h.engine.emit('item:added', { item: queueItem({ id: 'b' }) });
    expect(h.ops.map((o) => o.tag)).toEqual([notificationTag('b')]);
  });
});

describe('ShellController dispose', () => {
  it('unsubscribes from the engine and leaves no timer', async () => {
    const h = await start(harness());
    h.engine.emit('queue:changed', { items: [queueItem({ id: 'a', snoozedUntil: T0 + 60_000 })] });
    expect(h.clock.pending).toBe(1);
    h.controller.dispose();
    expect(h.engine.listenerCount()).toBe(0);
    expect(h.clock.pending).toBe(0);
  });
});
