/** A stand-in engine for shell tests: the contract's method map answering from plain state, recording calls, and emitting events on demand. */
import type { ApiMethods } from '../../../preload/contract/api.ts';
import type { Channel } from '../../../preload/contract/channels.ts';
import { ok } from '../../../preload/contract/envelope.ts';
import type { EventName, EventPayload } from '../../../preload/contract/events.ts';
import type { ActionOutcomeDto, QueueItemDto } from '../../../preload/contract/queue-item.ts';
import type { SettingsDto, SettingsStateDto } from '../../../preload/contract/settings.ts';
import type { EngineApi, ShellConfigView } from '../../../main/shell/app/engine-api.ts';

/** Settings as the engine would answer them. */
export function settingsDto(over: Partial<SettingsDto> = {}): SettingsDto {
  return {
    hotkeys: { jumpOldest: 'CommandOrControl+Alt+Shift+J', openQueue: 'CommandOrControl+Alt+Shift+K' },
    reminders: { cadenceMs: [0, 300_000] },
    notifications: { enabled: true, sound: true, actionButtons: true },
    terminal: { command: null },
    tmux: { includeDefault: true, sockets: [] },
    watchdog: {
      enabled: false,
      message: 'continue',
      backoffMs: [300_000],
      capMs: 7_200_000,
      maxTries: 3,
      humanActiveMs: 120_000,
      dismissKnownDialogs: true,
    },
    restart: { defaultRuntime: null },
    phone: { tail: true, afterMs: 0 },
    ...over,
  };
}

/** The fake: mutate `items` / `settings`, read `calls`, `emit` events. */
/** A channel the shell's tests never call. */
async function notInTheFake(): Promise<never> {
  throw new Error('not in the fake');
}

export class FakeEngine implements EngineApi {
  items: QueueItemDto[] = [];
  settings: SettingsDto = settingsDto();
  pausedUntil: number | null = null;
  readonly calls: { channel: Channel; args: unknown }[] = [];
  private readonly listeners = new Map<EventName, Set<(p: unknown) => void>>();

  readonly api: ApiMethods;

  constructor() {
    const outcome = (itemId: string, action: ActionOutcomeDto['action']): ActionOutcomeDto => ({
      itemId,
      action,
      outcome: 'confirmed',
      message: `${action} done`,
    });
    const state = (): SettingsStateDto => ({
      settings: this.settings,
      configPath: '/home/u/.config/trailboss/config.json',
      hotkeys: [],
      loadError: null,
      logFile: null,
      phone: { paired: false, name: null, bot: null, lastPollAt: null, problem: null },
    });
    const record = <C extends Channel>(channel: C, args: unknown): void => void this.calls.push({ channel, args });
    this.api = {
      'queue:list': async (a) => (record('queue:list', a), ok(this.items)),
      'item:approve': async (a) => (record('item:approve', a), ok(outcome(a.id, 'approve'))),
      'item:deny': async (a) => (record('item:deny', a), ok(outcome(a.id, 'deny'))),
      'item:reply': async (a) => (record('item:reply', a), ok(outcome(a.id, 'reply'))),
      'item:jump': async (a) => (
        record('item:jump', a),
        ok({ itemId: a.id, action: 'jump', outcome: 'refused', message: 'jump needs the desktop app' })
      ),
      'item:skip': async (a) => (record('item:skip', a), ok(outcome(a.id, 'skip'))),
      'item:snooze': async (a) => (record('item:snooze', a), ok(outcome(a.id, 'snooze'))),
      'item:restart': async (a) => (record('item:restart', a), ok(outcome(a.id, 'restart'))),
      'pane:mute': async (a) => {
        record('pane:mute', a);
        throw new Error('not in the fake');
      },
      'pane:loop': async () => {
        throw new Error('not in the fake');
      },
      'pane:wake': async (a) => (record('pane:wake', a), ok({ itemId: '', action: 'wake', outcome: 'confirmed', message: 'woken' })),
      'agents:list': async (a) => (record('agents:list', a), ok([])),
      'settings:get': async (a) => (record('settings:get', a), ok(state())),
      'settings:set': async (a) => {
        record('settings:set', a);
        this.settings = a.settings;
        return ok(state());
      },
      'hooks:status': async () => {
        throw new Error('not in the fake');
      },
      'hooks:install': async () => {
        throw new Error('not in the fake');
      },
      'hooks:uninstall': async () => {
        throw new Error('not in the fake');
      },
      'activity:get': async () => {
        throw new Error('not in the fake');
      },
      'audit:list': async (a) => (record('audit:list', a), ok([])),
      'phone:pair': notInTheFake,
      'phone:pairing': notInTheFake,
      'phone:confirm': notInTheFake,
      'phone:cancel': notInTheFake,
      'phone:unpair': notInTheFake,
      'slack:status': notInTheFake,
      'slack:pair': notInTheFake,
      'slack:pairing': notInTheFake,
      'slack:confirm': notInTheFake,
      'slack:cancel': notInTheFake,
      'slack:test': notInTheFake,
      'slack:unpair': notInTheFake,
    };
  }

  on<E extends EventName>(name: E, listener: (payload: EventPayload<E>) => void): () => void {
    const set = this.listeners.get(name) ?? new Set();
    set.add(listener as (p: unknown) => void);
    this.listeners.set(name, set);
    return () => set.delete(listener as (p: unknown) => void);
  }

  emit<E extends EventName>(name: E, payload: EventPayload<E>): void {
    for (const l of this.listeners.get(name) ?? []) l(payload);
  }

  listenerCount(): number {
    return [...this.listeners.values()].reduce((n, s) => n + s.size, 0);
  }

  config(): ShellConfigView {
    return {
      hotkeys: this.settings.hotkeys,
      terminal: { linux: ['x-terminal-emulator', '-e', '{tmux}', 'attach-session', '-t', '{target}'], darwin: ['open'], win32: ['wt.exe'] },
      notifications: { enabled: this.settings.notifications.enabled, pausedUntil: this.pausedUntil },
    };
  }

  async stop(): Promise<void> {}
}
