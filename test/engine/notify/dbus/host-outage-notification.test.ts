/**
 * `daemon --notify` and a host's outage, end to end: real OpenSSH to the host, a real session bus and
 * dunst. sshd killed: one notification says the host is unreachable (however often the engine
 * retries); sshd back: that same notification becomes "back" — replaced in place, never stacked.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { systemClock } from '../../../../main/engine/platform/clock.ts';
import type { DbusNotifications } from '../../../../main/engine/notify/dbus/dbus-notifications.ts';
import { startDbusNotifications } from '../../../../main/engine/notify/dbus/dbus-notifications.ts';
import { hostNotificationTag } from '../../../../main/engine/notify/notification-text.ts';
import type { PrivateDesktop } from '../../../support/desktop-bus.ts';
import { startPrivateDesktop } from '../../../support/desktop-bus.ts';
import { poll } from '../../../support/poll.ts';
import type { RemoteHarness } from '../../../support/remote-harness.ts';
import { REMOTE_HOST, startRemoteHarness } from '../../../support/remote-harness.ts';
import { claudePermBash } from '../../../support/scenarios/index.ts';
import { startScriptedAgent } from '../../../support/scripted-agent/start.ts';

let r: RemoteHarness | null = null;
let desktop: PrivateDesktop | null = null;
let notes: DbusNotifications | null = null;
afterEach(async () => {
  await notes?.stop();
  notes = null;
  await r?.dispose();
  r = null;
  await desktop?.kill();
  desktop = null;
});

describe('a host outage over D-Bus', () => {
  it('is one notification naming the host, replaced by "back" when the host returns', async () => {
    desktop = await startPrivateDesktop({ dunst: true });
    r = await startRemoteHarness();
    await startScriptedAgent(r.remote, claudePermBash(), { session: 'gpu-worker' });
    await poll(() => r!.h.engine.hosts.views()[0]?.status?.kind === 'up', 'the host connected', { timeoutMs: 20_000 });
    notes = await startDbusNotifications(r.h.engine, { address: desktop.busAddress, clock: systemClock, logger: r.h.logger });
    const tag = hostNotificationTag(REMOTE_HOST);
    const hostOps = () => notes!.driver.log().filter((o) => o.tag === tag);

    await r.sshd.stop();
    await poll(() => hostOps().length > 0, 'the outage notification', { timeoutMs: 20_000 });
    await poll(
      () => {
        const s = r!.h.engine.hosts.views()[0]?.status;
        return s?.kind === 'down' && s.failures >= 3;
      },
      'three failed reconnects',
      { timeoutMs: 30_000 },
    );
    expect(hostOps()).toEqual([expect.objectContaining({ op: 'show', text: expect.objectContaining({ title: 'Host box unreachable' }) })]);

    await r.sshd.start();
    await poll(() => hostOps().length > 1, 'the return notification', { timeoutMs: 30_000 });
    expect(hostOps().map((o) => (o.op === 'show' ? o.text.title : o.op))).toEqual(['Host box unreachable', 'Host box is back']);

    // dunst shows it as one notification: replaced in place, so closing everything files one "Host box" entry.
    await desktop.dunstctl('close-all');
    const history = await poll(
      async () => {
        const h = await desktop!.history();
        return h.some((e) => e.summary.startsWith('Host box')) ? h : null;
      },
      'the host notification in dunst history',
      { timeoutMs: 10_000 },
    );
    const hostEntries = history.filter((e) => e.summary.startsWith('Host box'));
    expect(hostEntries.map((e) => e.summary)).toEqual(['Host box is back']);
    expect(hostEntries[0]).toMatchObject({ category: 'x-trailboss.host', body: expect.stringContaining('Reachable again since') });
  }, 120_000);

  it('started while a host is already out of sight: tells that outage once', async () => {
    desktop = await startPrivateDesktop({ dunst: true });
    r = await startRemoteHarness();
    await startScriptedAgent(r.remote, claudePermBash(), { session: 'gpu-worker' });
    await poll(() => r!.h.engine.hosts.views()[0]?.status?.kind === 'up', 'the host connected', { timeoutMs: 20_000 });
    await r.sshd.stop();
    await poll(() => r!.h.engine.hosts.outages().length === 1, 'the outage announced', { timeoutMs: 20_000 });
    notes = await startDbusNotifications(r.h.engine, { address: desktop.busAddress, clock: systemClock, logger: r.h.logger });
    const tag = hostNotificationTag(REMOTE_HOST);
    expect(notes.driver.log().filter((o) => o.tag === tag)).toEqual([
      expect.objectContaining({ op: 'show', text: expect.objectContaining({ title: 'Host box unreachable' }) }),
    ]);
  }, 120_000);
});
