/** The push side of the contract: events the engine emits to every surface, with their payloads. */
import type { ActionOutcomeDto, QueueItemDto } from './queue-item.ts';
import type { AgentDto } from './agent.ts';
import type { SettingsStateDto } from './settings.ts';
import type { ErrorCode } from './envelope.ts';

export const EVENTS = {
  queueChanged: 'queue:changed',
  itemAdded: 'item:added',
  itemUpdated: 'item:updated',
  itemResolved: 'item:resolved',
  reminder: 'reminder',
  actionOutcome: 'action:outcome',
  agentsChanged: 'agents:changed',
  settingsChanged: 'settings:changed',
  engineError: 'engine:error',
  hostChanged: 'host:changed',
} as const;

/** An event name. */
export type EventName = (typeof EVENTS)[keyof typeof EVENTS];

/** How an item left the queue. `answered-in-pane`: someone answered it in the terminal; `recovered`: it went back to work by itself. */
export type ResolutionDto = 'approved' | 'denied' | 'replied' | 'answered-in-pane' | 'recovered' | 'gone' | 'restarted';

/**
 * A configured host's link changed: it became unreachable (ssh failed; its agents keep their place and
 * nothing is sent to it), came back, or left the config. Said once per change, never per retry.
 */
export type HostChangeDto =
  /** `since`: when the host was last reachable (or first tried); `reason`: "host gpu unreachable since …: …". */
  | { readonly host: string; readonly state: 'unreachable'; readonly since: number; readonly reason: string }
  /** `since`: when it answered again. */
  | { readonly host: string; readonly state: 'reachable'; readonly since: number }
  /** Removed from the config (or disabled) while the engine runs: no longer watched. */
  | { readonly host: string; readonly state: 'removed'; readonly since: number };

/** Payload of each event. */
export interface EventPayloads {
  /** The whole queue in order, after any change (the UI may rely on this alone). */
  'queue:changed': { readonly items: readonly QueueItemDto[] };
  'item:added': { readonly item: QueueItemDto };
  'item:updated': { readonly item: QueueItemDto };
  'item:resolved': { readonly id: string; readonly resolution: ResolutionDto };
  /** A reminder fired (`step` counts from 1); `stuck` after the last one. */
  reminder: { readonly id: string; readonly step: number; readonly stuck: boolean };
  /** Any action's outcome, from any surface (tray, notification, CLI) — so every window shows it. */
  'action:outcome': ActionOutcomeDto;
  'agents:changed': { readonly agents: readonly AgentDto[] };
  'settings:changed': SettingsStateDto;
  /** Something failed in the engine that the user should see (tmux missing, database read-only). */
  'engine:error': { readonly code: ErrorCode; readonly message: string };
  'host:changed': HostChangeDto;
}

/** The payload of one event. */
export type EventPayload<E extends EventName> = EventPayloads[E];

/** All event names, for allow-lists and for subscribing an EventSource. */
export const EVENT_NAMES: readonly EventName[] = Object.values(EVENTS);

/** Whether an untrusted string names an event of the contract. */
export function isEventName(name: unknown): name is EventName {
  return typeof name === 'string' && (EVENT_NAMES as readonly string[]).includes(name);
}
