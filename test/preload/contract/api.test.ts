import { describe, expectTypeOf, it } from 'vitest';
import type {
  ActionOutcomeDto,
  ActivityDto,
  AgentDto,
  ApiMethods,
  AuditEntryDto,
  Channel,
  Envelope,
  HooksStatusDto,
  QueueItemDto,
  RuntimeIdDto,
  SettingsDto,
  SettingsStateDto,
} from '../../../preload/contract/index.ts';
import type { ApiSpec } from '../../../preload/contract/api.ts';

type Method<C extends Channel> = ApiMethods[C];
type Outcome = Promise<Envelope<ActionOutcomeDto>>;
type Empty = Record<string, never>;

describe('ApiMethods', () => {
  it('has exactly one method per channel', () => {
    expectTypeOf<keyof ApiSpec>().toEqualTypeOf<Channel>();
    expectTypeOf<keyof ApiMethods>().toEqualTypeOf<Channel>();
  });

  it('queue:list takes nothing and answers the ordered items', () => {
    expectTypeOf<Method<'queue:list'>>().toEqualTypeOf<(args: Empty) => Promise<Envelope<readonly QueueItemDto[]>>>();
  });

  it('approve and deny name the prompt by id and fingerprint', () => {
    type Args = { readonly id: string; readonly fingerprint: string };
    expectTypeOf<Method<'item:approve'>>().toEqualTypeOf<(args: Args) => Outcome>();
    // Deny may carry a message for the agent (deny with a message).
    type DenyArgs = { readonly id: string; readonly fingerprint: string; readonly message?: string };
    expectTypeOf<Parameters<Method<'item:deny'>>[0]>().toEqualTypeOf<DenyArgs>();
    expectTypeOf<ReturnType<Method<'item:deny'>>>().toEqualTypeOf<Outcome>();
  });

  it('reply carries the text', () => {
    expectTypeOf<Method<'item:reply'>>().toEqualTypeOf<(args: { readonly id: string; readonly text: string }) => Outcome>();
  });

  it('jump takes the id and, from a popup, the tmux client to move', () => {
    expectTypeOf<Method<'item:jump'>>().toEqualTypeOf<(args: { readonly id: string; readonly client?: string }) => Outcome>();
  });

  it('skip takes only the id', () => {
    expectTypeOf<Method<'item:skip'>>().toEqualTypeOf<(args: { readonly id: string }) => Outcome>();
  });

  it('snooze takes a duration', () => {
    expectTypeOf<Method<'item:snooze'>>().toEqualTypeOf<(args: { readonly id: string; readonly forMs: number }) => Outcome>();
  });

  it('restart may name another runtime', () => {
    expectTypeOf<Method<'item:restart'>>().toEqualTypeOf<
      (args: { readonly id: string; readonly runtime: RuntimeIdDto | null }) => Outcome
    >();
  });

  it('pane:mute answers the agent', () => {
    expectTypeOf<Method<'pane:mute'>>().toEqualTypeOf<
      (args: { readonly paneKey: string; readonly muted: boolean }) => Promise<Envelope<AgentDto>>
    >();
  });

  it('agents:list answers every agent', () => {
    expectTypeOf<Method<'agents:list'>>().toEqualTypeOf<(args: Empty) => Promise<Envelope<readonly AgentDto[]>>>();
  });

  it('settings:get and settings:set answer the settings state', () => {
    expectTypeOf<Method<'settings:get'>>().toEqualTypeOf<(args: Empty) => Promise<Envelope<SettingsStateDto>>>();
    expectTypeOf<Method<'settings:set'>>().toEqualTypeOf<
      (args: { readonly settings: SettingsDto }) => Promise<Envelope<SettingsStateDto>>
    >();
  });

  it('hooks channels answer the hooks status', () => {
    type Hooks = (args: Empty) => Promise<Envelope<HooksStatusDto>>;
    expectTypeOf<Method<'hooks:status'>>().toEqualTypeOf<Hooks>();
    expectTypeOf<Method<'hooks:install'>>().toEqualTypeOf<Hooks>();
    expectTypeOf<Method<'hooks:uninstall'>>().toEqualTypeOf<Hooks>();
  });

  it('activity:get takes the window start', () => {
    expectTypeOf<Method<'activity:get'>>().toEqualTypeOf<(args: { readonly since: number }) => Promise<Envelope<ActivityDto>>>();
  });

  it('audit:list pages by id', () => {
    expectTypeOf<Method<'audit:list'>>().toEqualTypeOf<
      (args: { readonly limit: number; readonly before: number | null }) => Promise<Envelope<readonly AuditEntryDto[]>>
    >();
  });
});
