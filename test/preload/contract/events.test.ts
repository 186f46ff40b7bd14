import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  EVENT_NAMES,
  isEventName,
  type ActionOutcomeDto,
  type AgentDto,
  type EventName,
  type EventPayload,
  type QueueItemDto,
  type SettingsStateDto,
} from '../../../preload/contract/index.ts';
import type { EventPayloads } from '../../../preload/contract/events.ts';

describe('events', () => {
  it('has a payload for every event name and no other', () => {
    expectTypeOf<keyof EventPayloads>().toEqualTypeOf<EventName>();
  });

  it('names exactly the events of the contract', () => {
    expect([...EVENT_NAMES].sort()).toEqual(
      [
        'action:outcome',
        'agents:changed',
        'engine:error',
        'host:changed',
        'item:added',
        'item:resolved',
        'item:updated',
        'queue:changed',
        'reminder',
        'settings:changed',
      ].sort(),
    );
  });

  it('pins each payload', () => {
    expectTypeOf<EventPayload<'queue:changed'>>().toEqualTypeOf<{ readonly items: readonly QueueItemDto[] }>();
    expectTypeOf<EventPayload<'item:added'>>().toEqualTypeOf<{ readonly item: QueueItemDto }>();
    expectTypeOf<EventPayload<'item:updated'>>().toEqualTypeOf<{ readonly item: QueueItemDto }>();
    expectTypeOf<EventPayload<'item:resolved'>['id']>().toEqualTypeOf<string>();
    expectTypeOf<EventPayload<'reminder'>>().toEqualTypeOf<{ readonly id: string; readonly step: number; readonly stuck: boolean }>();
    expectTypeOf<EventPayload<'action:outcome'>>().toEqualTypeOf<ActionOutcomeDto>();
    expectTypeOf<EventPayload<'agents:changed'>>().toEqualTypeOf<{ readonly agents: readonly AgentDto[] }>();
    expectTypeOf<EventPayload<'settings:changed'>>().toEqualTypeOf<SettingsStateDto>();
    expectTypeOf<EventPayload<'engine:error'>['message']>().toEqualTypeOf<string>();
    expectTypeOf<EventPayload<'host:changed'>['state']>().toEqualTypeOf<'unreachable' | 'reachable' | 'removed'>();
    expectTypeOf<EventPayload<'host:changed'>['host']>().toEqualTypeOf<string>();
  });

  it('accepts only contract event names from untrusted input', () => {
    expect(isEventName('item:added')).toBe(true);
    expect(isEventName('item:removed')).toBe(false);
    expect(isEventName(42)).toBe(false);
  });
});
