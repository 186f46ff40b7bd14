import { describe, expect, it } from 'vitest';
import { buildTrailbossApi } from '../../preload/build-api.ts';
import { CHANNEL_NAMES, type EventName } from '../../preload/contract/index.ts';
import type { IpcPort } from '../../preload/ipc-port.ts';

/** An in-memory IPC port that records calls and lets a test emit main → renderer messages. */
function fakePort(answer: (channel: string, args: unknown) => Promise<unknown>) {
  const calls: Array<{ channel: string; args: unknown }> = [];
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const port: IpcPort = {
    invoke(channel, args) {
      calls.push({ channel, args });
      return answer(channel, args);
    },
    listen(channel, listener) {
      const set = listeners.get(channel) ?? new Set();
      set.add(listener);
      listeners.set(channel, set);
      return () => set.delete(listener);
    },
  };
  const emit = (channel: string, payload: unknown) => listeners.get(channel)?.forEach((l) => l(payload));
  return { port, calls, emit };
}

describe('buildTrailbossApi', () => {
  it('exposes exactly one method per contract channel', () => {
    const api = buildTrailbossApi(fakePort(async () => null).port);
    expect(Object.keys(api.api).sort()).toEqual([...CHANNEL_NAMES].sort());
  });

  it('invokes the channel with the arguments unchanged', async () => {
    const { port, calls } = fakePort(async () => ({
      ok: true,
      value: { itemId: 'i1', action: 'approve', outcome: 'confirmed', message: '' },
    }));
    const api = buildTrailbossApi(port);
    const answer = await api.api['item:approve']({ id: 'i1', fingerprint: 'f1' });
    expect(calls).toEqual([{ channel: 'item:approve', args: { id: 'i1', fingerprint: 'f1' } }]);
    expect(answer.ok).toBe(true);
  });

  it('turns a rejected invoke into an internal error envelope', async () => {
    const api = buildTrailbossApi(fakePort(async () => Promise.reject(new Error('handler exploded'))).port);
    expect(await api.api['queue:list']({})).toEqual({ ok: false, error: { code: 'internal', message: 'handler exploded' } });
  });

  it('delivers event payloads to a subscriber until it unsubscribes', () => {
    const { port, emit } = fakePort(async () => null);
    const api = buildTrailbossApi(port);
    const seen: unknown[] = [];
    const off = api.on('item:resolved', (p) => seen.push(p));
    emit('item:resolved', { id: 'a', resolution: 'approved' });
    off();
    emit('item:resolved', { id: 'b', resolution: 'approved' });
    expect(seen).toEqual([{ id: 'a', resolution: 'approved' }]);
  });

  it('refuses to subscribe to a channel outside the contract', () => {
    const api = buildTrailbossApi(fakePort(async () => null).port);
    expect(() => api.on('ELECTRON_BROWSER_REQUIRE' as EventName, () => {})).toThrow(/Unknown event/);
  });

  it('is frozen so the page cannot swap a method', () => {
    const api = buildTrailbossApi(fakePort(async () => null).port);
    expect(Object.isFrozen(api)).toBe(true);
    expect(Object.isFrozen(api.api)).toBe(true);
  });
});
