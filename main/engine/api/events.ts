/** A small typed event bus for the contract's events: the engine emits, every surface listens. */
import type { EventName, EventPayload } from '../../../preload/contract/events.ts';
import type { Logger } from '../platform/log.ts';

type Listener<E extends EventName> = (payload: EventPayload<E>) => void;

/** Typed emitter. A listener that throws is logged and does not stop the others. */
export class EngineEvents {
  private readonly listeners = new Map<EventName, Set<Listener<never>>>();
  private readonly anyListeners = new Set<(name: EventName, payload: unknown) => void>();

  constructor(private readonly logger: Logger) {}

  /** Subscribe to one event; returns the unsubscribe. */
  on<E extends EventName>(name: E, listener: Listener<E>): () => void {
    const set = this.listeners.get(name) ?? new Set();
    set.add(listener as Listener<never>);
    this.listeners.set(name, set);
    return () => set.delete(listener as Listener<never>);
  }

  /** Subscribe to every event (the SSE stream, the Electron window bridge). */
  onAny(listener: (name: EventName, payload: unknown) => void): () => void {
    this.anyListeners.add(listener);
    return () => this.anyListeners.delete(listener);
  }

  emit<E extends EventName>(name: E, payload: EventPayload<E>): void {
    for (const listener of this.listeners.get(name) ?? []) this.safely(name, () => (listener as Listener<E>)(payload));
    for (const listener of this.anyListeners) this.safely(name, () => listener(name, payload));
  }

  private safely(name: string, fn: () => void): void {
    try {
      fn();
    } catch (error) {
      this.logger.log('error', 'engine.listener-failed', { event: name, error: String(error) });
    }
  }
}
