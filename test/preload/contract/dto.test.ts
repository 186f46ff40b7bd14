import { describe, expectTypeOf, it } from 'vitest';
import type { OptionKindDto, RuntimeIdDto } from '../../../preload/contract/agent.ts';
import type { OptionKind, RuntimeId } from '../../../main/engine/runtimes/types.ts';
import type { ActionOutcomeDto, QueueItemDto, WaitReasonDto } from '../../../preload/contract/queue-item.ts';

// The contract may not import the engine, so it repeats these unions; these tests keep them equal.
describe('DTO unions mirror the engine', () => {
  it('RuntimeIdDto equals RuntimeId', () => {
    expectTypeOf<RuntimeIdDto>().toEqualTypeOf<RuntimeId>();
  });

  it('OptionKindDto equals OptionKind', () => {
    expectTypeOf<OptionKindDto>().toEqualTypeOf<OptionKind>();
  });
});

describe('QueueItemDto', () => {
  it('has the five wait reasons', () => {
    expectTypeOf<WaitReasonDto>().toEqualTypeOf<'permission' | 'dialog' | 'idle' | 'unknown' | 'idle-after-nudges'>();
  });

  it('says approve is impossible with a null label', () => {
    expectTypeOf<QueueItemDto['approveLabel']>().toEqualTypeOf<string | null>();
  });

  it('carries the tail as coloured text lines', () => {
    expectTypeOf<QueueItemDto['tail']>().toEqualTypeOf<readonly string[]>();
  });

  it('has the five outcomes', () => {
    expectTypeOf<ActionOutcomeDto['outcome']>().toEqualTypeOf<'confirmed' | 'unconfirmed' | 'changed' | 'gone' | 'refused'>();
  });
});
