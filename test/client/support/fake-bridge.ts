/** An in-memory Bridge for renderer tests: scripted answers per channel, recorded calls, events the test emits. */
import {
  CHANNEL_NAMES,
  type ApiMethods,
  type Channel,
  type Envelope,
  type EventName,
  type EventPayload,
} from '../../../preload/contract/index.ts';
import type { Bridge } from '../../../client/bridge/bridge.ts';

type Answer = (args: unknown) => Envelope<unknown> | Promise<Envelope<unknown>>;

/** A fake bridge and its controls. */
export function fakeBridge(answers: Partial<Record<Channel, Answer>> = {}) {
  const calls: Array<{ channel: Channel; args: unknown }> = [];
  const listeners = new Map<string, Set<(p: unknown) => void>>();
  const connection = new Set<(up: boolean) => void>();
  let closed = false;
  const api = Object.fromEntries(
    CHANNEL_NAMES.map((c) => [
      c,
      async (args: unknown) => {
        calls.push({ channel: c, args });
        const answer = answers[c];
        if (answer === undefined) return { ok: false, error: { code: 'unavailable', message: `no answer scripted for ${c}` } };
        return answer(args);
      },
    ]),
  ) as unknown as ApiMethods;
  const bridge: Bridge = {
    kind: 'http',
    api,
    on: (event, listener) => {
      const set = listeners.get(event) ?? new Set();
      const l = (p: unknown) => listener(p as never);
      set.add(l);
      listeners.set(event, set);
      return () => set.delete(l);
    },
    onConnection: (l) => {
      connection.add(l);
      return () => connection.delete(l);
    },
    close: () => {
      closed = true;
    },
  };
  return {
    bridge,
    calls,
    callsTo: (c: Channel) => calls.filter((x) => x.channel === c).map((x) => x.args),
    emit: <E extends EventName>(event: E, payload: EventPayload<E>) => listeners.get(event)?.forEach((l) => l(payload)),
    setConnected: (up: boolean) => connection.forEach((l) => l(up)),
    listenerCount: () => [...listeners.values()].reduce((n, s) => n + s.size, 0) + connection.size,
    isClosed: () => closed,
    answer: (c: Channel, a: Answer) => {
      answers[c] = a;
    },
  };
}
