/**
 * Notifications over a real session bus to a real dunst (under Xvfb), from the real engine watching a
 * scripted agent on a private tmux server: the buttons dunst offers, a button invoked through dunst's
 * own menu sending exactly one key, and the faults (no bus, a restarted server, a server without
 * actions, a click after the prompt changed, a forged ActionInvoked).
 */
import { afterEach, describe, expect, it } from 'vitest';
import dbus from 'dbus-native';
import type { EventName, EventPayload } from '../../../../preload/contract/events.ts';
import { systemClock } from '../../../../main/engine/platform/clock.ts';
import type { DbusNotifications, NotifyingEngine } from '../../../../main/engine/notify/dbus/dbus-notifications.ts';
import { startDbusNotifications } from '../../../../main/engine/notify/dbus/dbus-notifications.ts';
import type { EngineHarness } from '../../../support/engine-harness.ts';
import { startEngineHarness } from '../../../support/engine-harness.ts';
import { poll } from '../../../support/poll.ts';
import type { HistoryEntry, MenuEntry, PrivateDesktop } from '../../../support/desktop-bus.ts';
import { startPrivateDesktop } from '../../../support/desktop-bus.ts';
import { claudePermBash, claudePermWebFetch } from '../../../support/scenarios/index.ts';
import { assertScenario } from '../../../support/scripted-agent/scenario.ts';
import type { ScriptedAgent } from '../../../support/scripted-agent/start.ts';
import { startScriptedAgent } from '../../../support/scripted-agent/start.ts';
import { startNoActionsServer } from './no-actions-server.ts';
import { startInlineReplyServer } from './inline-reply-server.ts';
import { claudeDenyFieldPrompt } from '../../../support/scenarios/index.ts';

const TITLE = 'claude · api-worker';

let h: EngineHarness | null = null;
let desktop: PrivateDesktop | null = null;
let notes: DbusNotifications | null = null;
const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  await notes?.stop();
  notes = null;
  for (const c of cleanups.splice(0)) await c();
  await h?.dispose();
  h = null;
  await desktop?.kill();
  desktop = null;
});

/** The item's buttons as dunst offers them (its context menu), once they are there. */
async function offered(
  d: PrivateDesktop,
  test: (entries: MenuEntry[]) => boolean = (e) => e.some((x) => x.key.startsWith('approve-')),
): Promise<MenuEntry[]> {
  return poll(
    async () => {
      const entries = (await d.menu()).filter((e) => e.summary === TITLE);
      return test(entries) ? entries : null;
    },
    `the notification's buttons in dunst (${d.dunstLog()})`,
    { timeoutMs: 15_000 },
  );
}

/** Waits until dunst has closed notification `id` (into its history); the agent's next, idle, notification is another one. */
async function closed(d: PrivateDesktop, id: number): Promise<HistoryEntry> {
  return poll(async () => (await d.history()).find((e) => e.id === id), `notification ${id} closed`, { timeoutMs: 15_000 });
}

async function agentAtPrompt(harness: EngineHarness, scenario = claudePermBash()): Promise<ScriptedAgent> {
  const agent = await startScriptedAgent(harness.tmux, scenario, { session: 'api-worker' });
  await poll(
    async () => {
      const q = await harness.engine.api['queue:list']({});
      return q.ok && q.value.some((i) => i.reason === 'permission' && i.approveLabel !== null);
    },
    'a permission item with an approve label',
    { timeoutMs: 15_000 },
  );
  return agent;
}

async function auditOrigins(harness: EngineHarness): Promise<string[]> {
  const audit = await harness.engine.api['audit:list']({ limit: 10, before: null });
  return audit.ok ? audit.value.map((a) => a.origin) : [];
}

async function setup(): Promise<{ h: EngineHarness; desktop: PrivateDesktop }> {
  desktop = await startPrivateDesktop({ dunst: true });
  h = await startEngineHarness();
  return { h, desktop };
}

async function notify(engine: NotifyingEngine, address: string | undefined): Promise<DbusNotifications> {
  notes = await startDbusNotifications(engine, { address, clock: systemClock, logger: h!.logger });
  return notes;
}

// Each test starts an engine, a scripted agent and dunst's menu round trips: past 20 s on a loaded 2-core machine.
describe('notifications over D-Bus to dunst', { timeout: 60_000 }, () => {
  it('shows one notification per item with Approve: <exact label>, Deny and Jump, and a body click', async () => {
    const { h, desktop } = await setup();
    await agentAtPrompt(h);
    const n = await notify(h.engine, desktop.busAddress);
    expect(n.notifier.mode()).toBe('actions');
    const entries = await offered(desktop);
    // dunst lists a notification's actions in its own order.
    expect(entries.map((e) => `${e.key.replace(/-\d+$/, '')}=${e.label}`).sort()).toEqual([
      'approve=Approve: Yes',
      'default=Jump',
      'deny=Deny',
      'jump=Jump',
    ]);
    expect(new Set(entries.map((e) => e.id)).size).toBe(1);
    expect(await desktop.displayed()).toBe(1);
  });

  it('Approve sends exactly the approve key once, audited as the notification, and the notification closes', async () => {
    const { h, desktop } = await setup();
    const agent = await agentAtPrompt(h);
    await notify(h.engine, desktop.busAddress);
    const approve = (await offered(desktop)).find((e) => e.key.startsWith('approve-'))!;
    await desktop.invoke(approve.id, approve.key);
    await agent.waitForState('approved', { timeoutMs: 15_000 });
    await poll(async () => (await auditOrigins(h)).length > 0, 'the audit record');
    const gone = await closed(desktop, approve.id);
    expect(await agent.keyNames()).toEqual(['1']);
    // What dunst was given, read back from it: app name, category, and a body naming pane and runtime.
    expect(gone).toMatchObject({ appname: 'Trail Boss', summary: TITLE, category: 'x-trailboss.permission' });
    expect(gone.body).toMatch(/wants to run `ls -la \/tmp`\napi-worker:\d+\.\d+ · claude/);
    expect(await auditOrigins(h)).toEqual(['notification']);
  });

  it('Deny sends the deny key', async () => {
    const { h, desktop } = await setup();
    const agent = await agentAtPrompt(h);
    await notify(h.engine, desktop.busAddress);
    const deny = (await offered(desktop)).find((e) => e.key.startsWith('deny-'))!;
    await desktop.invoke(deny.id, deny.key);
    await poll(async () => (await agent.keyNames()).length > 0, 'a key at the agent', { timeoutMs: 15_000 });
    await closed(desktop, deny.id);
    expect(await agent.keyNames()).toEqual(['4']);
  });

  it('closes the notification of a prompt answered in the pane', async () => {
    const { h, desktop } = await setup();
    const agent = await agentAtPrompt(h);
    await notify(h.engine, desktop.busAddress);
    const [shown] = await offered(desktop);
    await agent.send('4');
    await closed(desktop, shown!.id);
    expect(await auditOrigins(h)).toEqual([]);
  });

  it('a click on a notification whose prompt changed meanwhile sends nothing, and the notification is updated', async () => {
    const { h, desktop } = await setup();
    // F4 swaps the Bash prompt for a WebFetch prompt (another question, another fingerprint).
    const bash = claudePermBash();
    const web = claudePermWebFetch();
    const scenario = assertScenario({
      ...bash,
      name: 'bash-then-webfetch',
      states: {
        ...bash.states,
        prompt: { ...bash.states['prompt']!, keys: { ...bash.states['prompt']!.keys, F4: 'webfetch' } },
        webfetch: { screen: web.states['prompt']!.screen },
      },
    });
    const agent = await agentAtPrompt(h, scenario);
    // The user looks at the notification while the engine's updates have not reached it yet.
    const held: (() => void)[] = [];
    let holding = false;
    const engine: NotifyingEngine = {
      on: <E extends EventName>(name: E, listener: (payload: EventPayload<E>) => void) =>
        h.engine.on(name, (payload) => (holding ? held.push(() => listener(payload)) : listener(payload))),
      apiFor: (surface) => h.engine.apiFor(surface),
      config: () => h.engine.config(),
    };
    await notify(engine, desktop.busAddress);
    const approve = (await offered(desktop)).find((e) => e.key.startsWith('approve-'))!;
    holding = true;
    await agent.send('F4');
    await agent.waitForState('webfetch');
    await poll(
      async () => {
        const q = await h.engine.api['queue:list']({});
        return q.ok && q.value.some((i) => i.subject.includes('http'));
      },
      'the engine saw the new prompt',
      { timeoutMs: 15_000 },
    );
    await desktop.invoke(approve.id, approve.key);
    await poll(() => h.logger.entries.find((e) => e.event === 'notifications.action'), 'the action outcome', { timeoutMs: 15_000 });
    expect(h.logger.entries.find((e) => e.event === 'notifications.action')?.fields).toMatchObject({ kind: 'approve' });
    expect(['changed', 'gone']).toContain(h.logger.entries.find((e) => e.event === 'notifications.action')?.fields['outcome']);
    expect(await agent.keyNames()).toEqual(['F4']);
    // The updates arrive: the notification shows the new prompt with new buttons; the old click key is gone.
    holding = false;
    for (const release of held.splice(0)) release();
    const now = await offered(desktop, (entries) => entries.some((e) => e.key.startsWith('approve-') && e.key !== approve.key));
    expect(now.some((e) => e.key === approve.key)).toBe(false);
    expect(await agent.keyNames()).toEqual(['F4']);
  });

  it('ignores an ActionInvoked that does not come from the notification server', async () => {
    const { h, desktop } = await setup();
    const agent = await agentAtPrompt(h);
    await notify(h.engine, desktop.busAddress);
    const approve = (await offered(desktop)).find((e) => e.key.startsWith('approve-'))!;
    const forger = dbus.sessionBus({ busAddress: desktop.busAddress });
    cleanups.push(() => forger.close());
    await forger.getId();
    forger.sendSignal('/org/freedesktop/Notifications', 'org.freedesktop.Notifications', 'ActionInvoked', 'us', [approve.id, approve.key]);
    // A real click after the forged one: only it may act, and it sends one key.
    await desktop.invoke(approve.id, 'deny-' + approve.key.split('-')[1]);
    await poll(async () => (await agent.keyNames()).length > 0, 'a key at the agent', { timeoutMs: 15_000 });
    await poll(() => h.logger.entries.some((e) => e.event === 'notifications.action'), 'the action outcome', { timeoutMs: 15_000 });
    expect(await agent.keyNames()).toEqual(['4']);
  });

  it('a notification server that starts after the engine gets the waiting items, with their buttons', async () => {
    desktop = await startPrivateDesktop();
    h = await startEngineHarness();
    const agent = await agentAtPrompt(h);
    const n = await notify(h.engine, desktop.busAddress);
    expect(n.notifier.mode()).toBe('no-server');
    await desktop.startDunst();
    const approve = (await offered(desktop)).find((e) => e.key.startsWith('approve-'))!;
    await desktop.invoke(approve.id, approve.key);
    await agent.waitForState('approved', { timeoutMs: 15_000 });
    expect(await agent.keyNames()).toEqual(['1']);
  });

  it('ignores a client that claims, in a NameOwnerChanged of its own, to own the notification service', async () => {
    const { h, desktop } = await setup();
    const agent = await agentAtPrompt(h);
    const n = await notify(h.engine, desktop.busAddress);
    const approve = (await offered(desktop)).find((e) => e.key.startsWith('approve-'))!;
    const forger = dbus.sessionBus({ busAddress: desktop.busAddress });
    cleanups.push(() => forger.close());
    await forger.getId();
    const ours = await poll(
      () => h.logger.entries.find((e) => e.event === 'notifications.dbus.server')?.fields['owner'],
      'the server owner',
    );
    const victim = n.notifier.busName() ?? '';
    // Unicast to the notifier: delivered whatever its match rules say.
    forger.connection.message({
      type: 4,
      serial: forger.serial++,
      destination: victim,
      path: '/org/freedesktop/DBus',
      interface: 'org.freedesktop.DBus',
      member: 'NameOwnerChanged',
      signature: 'sss',
      body: ['org.freedesktop.Notifications', ours as string, forger.name ?? ''],
    });
    forger.connection.message({
      type: 4,
      serial: forger.serial++,
      destination: victim,
      path: '/org/freedesktop/Notifications',
      interface: 'org.freedesktop.Notifications',
      member: 'ActionInvoked',
      signature: 'us',
      body: [approve.id, approve.key],
    });
    // A real click on Deny afterwards: only it may act, and the server it came from is still trusted.
    await desktop.invoke(approve.id, 'deny-' + approve.key.split('-')[1]);
    await poll(async () => (await agent.keyNames()).length > 0, 'a key at the agent', { timeoutMs: 15_000 });
    await poll(() => h.logger.entries.some((e) => e.event === 'notifications.action'), 'the action outcome', { timeoutMs: 15_000 });
    expect(await agent.keyNames()).toEqual(['4']);
    expect(n.notifier.mode()).toBe('actions');
  });

  it('shows the notifications again on a restarted server, and its buttons work', async () => {
    const { h, desktop } = await setup();
    const agent = await agentAtPrompt(h);
    const n = await notify(h.engine, desktop.busAddress);
    await offered(desktop);
    await desktop.stopDunst();
    await poll(() => n.notifier.mode() === 'no-server', 'the notifier noticed the server left');
    await desktop.startDunst();
    const approve = (await offered(desktop)).find((e) => e.key.startsWith('approve-'))!;
    expect(n.notifier.mode()).toBe('actions');
    await desktop.invoke(approve.id, approve.key);
    await agent.waitForState('approved', { timeoutMs: 15_000 });
    expect(await agent.keyNames()).toEqual(['1']);
  });
});

describe('notifications over D-Bus: degraded', () => {
  it('without a session bus: no crash, one log line, nothing shown', async () => {
    h = await startEngineHarness();
    await agentAtPrompt(h);
    const n = await notify(h.engine, undefined);
    expect(n.notifier.mode()).toBe('unavailable');
    expect(n.notifier.hasButtons()).toBe(false);
    await n.notifier.settled();
    expect(h.logger.entries.filter((e) => e.event.startsWith('notifications.dbus'))).toEqual([
      expect.objectContaining({ event: 'notifications.dbus.unavailable' }),
    ]);
  });

  it('with a bus address nobody listens on: no crash, one log line', async () => {
    h = await startEngineHarness();
    await agentAtPrompt(h);
    const n = await notify(h.engine, `unix:path=${h.home}/no-bus-here`);
    expect(n.notifier.mode()).toBe('unavailable');
    await n.notifier.settled();
    expect(h.logger.entries.filter((e) => e.event.startsWith('notifications.dbus')).map((e) => e.event)).toEqual([
      'notifications.dbus.unavailable',
    ]);
  });

  it('a server with inline-reply (Plasma): the reply field denies with the typed text, delivered to the agent', async () => {
    desktop = await startPrivateDesktop();
    const server = await startInlineReplyServer(desktop.busAddress);
    cleanups.push(() => server.stop());
    h = await startEngineHarness();
    const agent = await agentAtPrompt(h, claudeDenyFieldPrompt());
    await notify(h.engine, desktop.busAddress);
    const call = await poll(
      () => server.calls.find((c) => c.summary === TITLE && c.actions.includes('inline-reply')),
      'a Notify with a reply field',
      {
        timeoutMs: 15_000,
      },
    );
    expect(call.actions.slice(-2)).toEqual(['inline-reply', 'Deny and tell the agent…']);
    expect(call.hintKeys).toContain('x-kde-reply-placeholder-text');
    server.reply(call.id, 'use pnpm 4 y instead');
    await agent.waitForState('denied-with-message', { timeoutMs: 20_000 });
    expect((await agent.submissions()).map((s) => s.text)).toEqual(['use pnpm 4 y instead']);
    expect(await agent.keyNames()).toEqual(['Down', 'Down', 'Down', 'Tab', 'Paste', 'Enter']);
    await poll(async () => (await auditOrigins(h!)).includes('notification'), 'the audit record of the notification');
  });

  it('a server without actions gets plain notifications, and that is logged once', async () => {
    desktop = await startPrivateDesktop();
    const server = await startNoActionsServer(desktop.busAddress);
    cleanups.push(() => server.stop());
    h = await startEngineHarness();
    await agentAtPrompt(h);
    const n = await notify(h.engine, desktop.busAddress);
    expect(n.notifier.mode()).toBe('plain');
    const call = await poll(() => server.calls.find((c) => c.summary === TITLE), 'a Notify call', { timeoutMs: 15_000 });
    expect(call.actions).toEqual([]);
    expect(call.body).toContain('api-worker:');
    expect(h.logger.entries.filter((e) => e.event === 'notifications.dbus.no-actions')).toHaveLength(1);
  });
});
