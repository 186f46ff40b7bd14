/** Pushes an engine event to a window under the contract's event name (the preload listens on exactly those names). */
import type { WebContents } from 'electron';
import type { EventName, EventPayload } from '../../../preload/contract/events.ts';

/** Sends the event unless the window is already gone. Payloads are plain DTOs (structured-clonable). */
export function sendEvent<E extends EventName>(contents: WebContents, event: E, payload: EventPayload<E>): void {
  if (!contents.isDestroyed()) contents.send(event, payload);
}
