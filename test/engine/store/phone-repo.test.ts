// Rules guarded: the getUpdates offset belongs to a bot. Polling as another bot (or with an offset of
// no known bot, saved before the offset had one) starts from 0, once; within one bot it only moves up.
import { describe, expect, it } from 'vitest';
import { tempStore } from './support/temp-store.ts';

describe('phone offset', () => {
  it('restarts at 0 for another bot, once, and only moves up within a bot', () => {
    const { store } = tempStore();
    store.phone.startOffset(7000001, 900_001);
    expect(store.phone.offsetForBot(7000001)).toBe(false);
    expect(store.phone.pairing()).toMatchObject({ offset: 900_001, offsetBotId: 7000001 });
    expect(store.phone.offsetForBot(7000002)).toBe(true);
    expect(store.phone.pairing()).toMatchObject({ offset: 0, offsetBotId: 7000002 });
    store.phone.setOffset(102);
    store.phone.setOffset(101);
    expect(store.phone.offsetForBot(7000002)).toBe(false);
    expect(store.phone.pairing()).toMatchObject({ offset: 102, offsetBotId: 7000002 });
  });

  it('an offset saved before it named its bot restarts at 0 when a bot polls', () => {
    const { store } = tempStore();
    store.phone.setOffset(5_000);
    expect(store.phone.pairing()).toMatchObject({ offset: 5_000, offsetBotId: null });
    expect(store.phone.offsetForBot(7000001)).toBe(true);
    expect(store.phone.pairing()).toMatchObject({ offset: 0, offsetBotId: 7000001 });
  });
});
