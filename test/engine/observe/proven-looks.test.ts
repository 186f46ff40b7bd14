// Rule guarded: a waiter gets only a look whose capture was asked for after its wait began (a look
// from before shows the screen from before the key), at once when one was already proved, null when
// none comes in time, and `gone` when the pane stops being watched; nothing waits on after close.
import { describe, expect, it } from 'vitest';
import type { ProvenLook } from '../../../main/engine/observe/proven-looks.ts';
import { ProvenLooks } from '../../../main/engine/observe/proven-looks.ts';
import { runtimeById } from '../../../main/engine/runtimes/catalog.ts';
import { ManualClock } from '../../support/manual-clock.ts';

const claude = runtimeById('claude');
const idleAt = (requestedAt: number): ProvenLook => ({
  kind: 'screen',
  screen: { kind: 'idle', runtime: 'claude', draft: '' },
  runtime: claude,
  requestedAt,
});
const P = 'default|%1';

describe('ProvenLooks', () => {
  it('answers a waiter with the first look asked for after its wait began, not one from before', async () => {
    const clock = new ManualClock(1000);
    const looks = new ProvenLooks(clock);
    looks.proved(P, idleAt(900));
    const next = looks.next(P, 1000, 5000);
    looks.proved(P, idleAt(1000)); // asked for in the same instant: not after
    looks.proved('default|%2', idleAt(1200)); // another pane
    looks.proved(P, idleAt(1100));
    expect(await next).toMatchObject({ kind: 'screen', requestedAt: 1100 });
    expect(clock.pending).toBe(0);
  });

  it('answers at once with a look already proved after the wait began', async () => {
    const looks = new ProvenLooks(new ManualClock(1000));
    looks.proved(P, idleAt(1500));
    expect(await looks.next(P, 1200, 0)).toMatchObject({ requestedAt: 1500 });
  });

  it('answers null when no look comes in time', async () => {
    const clock = new ManualClock(1000);
    const looks = new ProvenLooks(clock);
    const next = looks.next(P, 1000, 800);
    clock.advance(799);
    let settled = false;
    void next.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    clock.advance(1);
    expect(await next).toBeNull();
    looks.proved(P, idleAt(1900)); // after the timeout: nobody waits any more
  });

  it('tells every waiter of a pane that went, and forgets its last look', async () => {
    const clock = new ManualClock(1000);
    const looks = new ProvenLooks(clock);
    looks.proved(P, idleAt(1500));
    const a = looks.next(P, 1600, 5000);
    const b = looks.next(P, 1700, 5000);
    looks.gone(P, 1800);
    expect(await a).toEqual({ kind: 'gone', requestedAt: 1800 });
    expect(await b).toEqual({ kind: 'gone', requestedAt: 1800 });
    expect(clock.pending).toBe(0);
    const later = looks.next(P, 1000, 100);
    clock.advance(100);
    expect(await later).toBeNull();
  });

  it('lets every waiter go with null on close', async () => {
    const looks = new ProvenLooks(new ManualClock(1000));
    const next = looks.next(P, 1000, 60_000);
    looks.close();
    expect(await next).toBeNull();
  });
});
