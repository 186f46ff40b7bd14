import { describe, expect, it } from 'vitest';
import { dispatchAction, type ActionPorts } from '../../../main/shell/app/dispatch-action.ts';
import { fail } from '../../../preload/contract/envelope.ts';
import { PAUSED_INDEFINITELY } from '../../../main/engine/notify/pause.ts';
import { FakeEngine } from '../support/fake-engine.ts';
import { queueItem } from '../../support/queue-items.ts';

const NOW = 9_000_000;

function ports(engine = new FakeEngine()) {
  const seen: string[] = [];
  const p: ActionPorts & { seen: string[] } = {
    api: engine.api,
    openQueue: (id) => void seen.push(`queue:${id}`),
    openSettings: () => void seen.push('settings'),
    setPausedUntil: (until) => void seen.push(`pause:${until}`),
    setStartAtLogin: (enabled) => void seen.push(`login:${enabled}`),
    quit: () => void seen.push('quit'),
    now: () => NOW,
    seen,
  };
  return { engine, p };
}

describe('dispatchAction', () => {
  it('approves with the fingerprint the menu showed', async () => {
    const { engine, p } = ports();
    const r = await dispatchAction(p, { kind: 'approve', itemId: 'a', fingerprint: 'fp-shown' });
    expect(engine.calls).toEqual([{ channel: 'item:approve', args: { id: 'a', fingerprint: 'fp-shown' } }]);
    expect(r).toEqual({ kind: 'outcome', outcome: { itemId: 'a', action: 'approve', outcome: 'confirmed', message: 'approve done' } });
  });

  it('denies with the fingerprint the notification showed', async () => {
    const { engine, p } = ports();
    await dispatchAction(p, { kind: 'deny', itemId: 'a', fingerprint: 'fp-1' });
    expect(engine.calls).toEqual([{ channel: 'item:deny', args: { id: 'a', fingerprint: 'fp-1' } }]);
  });

  it('turns an error envelope into an outcome saying nothing was sent', async () => {
    const { p: base } = ports();
    const p = { ...base, api: { ...base.api, 'item:approve': async () => fail('changed', 'the pane shows another prompt') } };
    expect(await dispatchAction(p, { kind: 'approve', itemId: 'a', fingerprint: 'f' })).toEqual({
      kind: 'outcome',
      outcome: { itemId: 'a', action: 'approve', outcome: 'changed', message: 'the pane shows another prompt' },
    });
  });

  it('jumps to the oldest waiting item, skipping snoozed ones', async () => {
    const { engine, p } = ports();
    engine.items = [queueItem({ id: 'snoozed', snoozedUntil: NOW + 1 }), queueItem({ id: 'oldest' }), queueItem({ id: 'newer' })];
    await dispatchAction(p, { kind: 'jump-oldest' });
    expect(engine.calls.map((c) => c.channel)).toEqual(['queue:list', 'item:jump']);
    expect(engine.calls[1]?.args).toEqual({ id: 'oldest' });
  });

  it('says so when jump-oldest finds nothing waiting', async () => {
    const { p } = ports();
    expect(await dispatchAction(p, { kind: 'jump-oldest' })).toEqual({ kind: 'notice', message: 'No agent is waiting.' });
  });

  it('opens the queue on an item, settings, pauses, resumes and quits through the ports', async () => {
    const { p } = ports();
    await dispatchAction(p, { kind: 'open-queue', itemId: 'x' });
    await dispatchAction(p, { kind: 'open-settings' });
    await dispatchAction(p, { kind: 'pause', choice: 'hour' });
    await dispatchAction(p, { kind: 'pause', choice: 'indefinitely' });
    await dispatchAction(p, { kind: 'resume' });
    await dispatchAction(p, { kind: 'start-at-login', enabled: true });
    await dispatchAction(p, { kind: 'quit' });
    expect(p.seen).toEqual([
      'queue:x',
      'settings',
      `pause:${NOW + 3_600_000}`,
      `pause:${PAUSED_INDEFINITELY}`,
      'pause:null',
      'login:true',
      'quit',
    ]);
  });
});
