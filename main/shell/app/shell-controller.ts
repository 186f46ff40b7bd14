/**
 * The shell's core: listens to the engine, keeps the latest queue and settings, and drives the
 * tray, notifications, hotkeys and windows through ports. No Electron here, so the whole wiring
 * runs in unit tests against a fake engine and fake ports.
 */
import type { ApiMethods } from '../../../preload/contract/api.ts';
import type { EventName, EventPayload, HostChangeDto } from '../../../preload/contract/events.ts';
import { EVENT_NAMES } from '../../../preload/contract/events.ts';
import type { QueueItemDto } from '../../../preload/contract/queue-item.ts';
import type { HotkeyStatusDto, SettingsDto } from '../../../preload/contract/settings.ts';
import type { Clock } from '../../engine/platform/clock.ts';
import type { DispatchResult } from './dispatch-action.ts';
import { dispatchAction } from './dispatch-action.ts';
import type { EngineApi } from './engine-api.ts';
import { withHotkeyStatus, planHotkeys } from '../hotkeys/hotkey-status.ts';
import type { HotkeyName } from '../hotkeys/hotkeys.ts';
import { NotificationDriver } from '../../engine/notify/notification-driver.ts';
import type { NotificationContext, NotificationEvent, NotificationOp } from '../../engine/notify/notification-policy.ts';
import { outcomeNotificationText } from '../../engine/notify/notification-text.ts';
import type { ShellAction } from './shell-action.ts';
import type { ShellProblem } from './shell-problem.ts';
import type { HotkeyPort, NotifierPort, TrayPort, WindowPort } from './shell-ports.ts';
import { trayClickOpensQueue } from './shell-ports.ts';
import { TrayDriver } from '../tray/tray-driver.ts';
import type { TrayMenuModel } from '../tray/tray-menu.ts';

/** What the controller is built from. */
export interface ShellControllerDeps {
  readonly engine: Pick<EngineApi, 'on' | 'config'>;
  /** The shell's method map (engine methods plus the shell's jump). */
  readonly api: ApiMethods;
  /** The same, audited as the surface "notification", for notification buttons; absent: `api`. */
  readonly notificationApi?: ApiMethods;
  readonly clock: Clock;
  readonly platform: NodeJS.Platform;
  readonly tray: TrayPort;
  readonly notifier: NotifierPort;
  readonly hotkeys: HotkeyPort;
  readonly windows: WindowPort;
  /** Persists a pause (so it survives a restart); the controller keeps its own copy either way. */
  readonly persistPause?: (until: number | null) => void;
  /** Start at login: read and set; absent where the shell cannot manage it. */
  readonly startAtLogin?: { get(): boolean; set(enabled: boolean): void };
  readonly quit: () => void;
  readonly clockTime: (ms: number) => string;
  /** What start-up found that stops all watching (no tmux): the tray headline says it, one notification gives the fix. */
  readonly problem?: ShellProblem | null;
  /** The app's log file, carried in every settings event to the windows. */
  readonly logFile?: string | null;
  /** Host outages the engine announced before the shell listened (`HostSet.outages`); absent: none. */
  readonly hostOutages?: () => readonly HostChangeDto[];
}

/** What the e2e hook and the logs can read. */
export interface ShellSnapshot {
  readonly menu: TrayMenuModel | null;
  readonly notifications: readonly NotificationOp[];
  readonly hotkeys: readonly HotkeyStatusDto[];
  readonly pausedUntil: number | null;
}

/** Drives every shell surface from engine events. `start()` once; `dispose()` on quit. */
export class ShellController {
  private items: readonly QueueItemDto[] = [];
  private settings: SettingsDto | null = null;
  private statuses: HotkeyStatusDto[] = [];
  private hotkeysKey = '';
  private pausedUntil: number | null;
  private readonly tray: TrayDriver;
  private readonly notes: NotificationDriver;
  private readonly unsubscribe: (() => void)[] = [];
  private disposed = false;

  constructor(private readonly deps: ShellControllerDeps) {
    this.pausedUntil = deps.engine.config().notifications.pausedUntil;
    const onAction = (a: ShellAction): void => void this.act(a);
    this.tray = new TrayDriver({
      tray: deps.tray,
      clock: deps.clock,
      clockTime: deps.clockTime,
      startAtLogin: () => deps.startAtLogin?.get() ?? null,
      onAction,
      problem: () => deps.problem ?? null,
    });
    this.notes = new NotificationDriver(
      deps.notifier,
      () => this.context(),
      (a) => void this.act(a, deps.notificationApi),
    );
  }

  /** Subscribes, then reads the queue and settings once: a full queue at launch gives one summary. */
  async start(): Promise<void> {
    this.subscribe();
    if (trayClickOpensQueue(this.deps.platform))
      this.deps.tray.onClick(() => (this.disposed ? undefined : void this.act({ kind: 'open-queue', itemId: null })));
    const [queue, settings] = await Promise.all([this.deps.api['queue:list']({}), this.deps.api['settings:get']({})]);
    if (this.disposed) return;
    if (settings.ok) this.applySettings(settings.value.settings);
    else this.applySettings(null);
    if (queue.ok) this.items = queue.value;
    const problem = this.deps.problem ?? null;
    // Said once, even with notifications paused: without it the app would sit silent and useless.
    if (problem !== null)
      this.deps.notifier.notice({
        title: `Trail Boss: ${problem.headline}`,
        body: problem.fix,
        sentence: `${problem.headline}. ${problem.fix}`,
      });
    this.notify({ kind: 'startup', items: this.items });
    // A host that went down while the engine started is told now (an outage told twice replaces itself).
    for (const change of this.deps.hostOutages?.() ?? []) this.notify({ kind: 'host', change });
    this.render();
  }

  /** Current hotkey statuses (for the settings answers). */
  hotkeyStatuses(): readonly HotkeyStatusDto[] {
    return this.statuses;
  }

  /** Performs an action from any shell surface and tells the user when it did not simply work. */
  async act(action: ShellAction, api: ApiMethods = this.deps.api): Promise<DispatchResult> {
    const result = await dispatchAction(
      {
        api,
        openQueue: (id) => this.deps.windows.openQueue(id),
        openSettings: () => this.deps.windows.openSettings(),
        setPausedUntil: (until) => this.setPausedUntil(until),
        setStartAtLogin: (enabled) => {
          this.deps.startAtLogin?.set(enabled);
          this.tray.refresh();
        },
        quit: this.deps.quit,
        now: () => this.deps.clock.now(),
      },
      action,
    ).catch((err: unknown): DispatchResult => ({
      kind: 'notice',
      message: `${action.kind} failed: ${err instanceof Error ? err.message : String(err)}`,
    }));
    if (result.kind === 'outcome') {
      const text = outcomeNotificationText(result.outcome);
      if (text !== null) this.deps.notifier.notice(text);
    } else if (result.kind === 'notice') {
      this.deps.notifier.notice({ title: 'Trail Boss', body: result.message, sentence: result.message });
    }
    return result;
  }

  /** A global hotkey was pressed. */
  hotkeyPressed(name: HotkeyName): Promise<DispatchResult> {
    return this.act(name === 'jumpOldest' ? { kind: 'jump-oldest' } : { kind: 'open-queue', itemId: null });
  }

  /** For the e2e hook and logs. */
  snapshot(): ShellSnapshot {
    return { menu: this.tray.menu(), notifications: this.notes.log(), hotkeys: this.statuses, pausedUntil: this.pausedUntil };
  }

  /** Unsubscribes and cancels the timer. Idempotent. */
  dispose(): void {
    this.disposed = true;
    for (const off of this.unsubscribe.splice(0)) off();
    this.tray.dispose();
  }

  /** Engine events: every one is forwarded to the windows first, then the shell reacts to its own. */
  private subscribe(): void {
    const on = <E extends EventName>(name: E, react: (payload: EventPayload<E>) => void): void => {
      this.unsubscribe.push(this.deps.engine.on(name, (payload) => (this.disposed ? undefined : react(payload))));
    };
    for (const name of EVENT_NAMES) on(name, (payload) => this.forward(name, payload));
    on('queue:changed', ({ items }) => {
      this.items = items;
      this.notify({ kind: 'queue', items });
      this.render();
    });
    on('item:added', ({ item }) => this.notify({ kind: 'added', item }));
    on('item:updated', ({ item }) => this.notify({ kind: 'updated', item }));
    on('item:resolved', ({ id }) => this.notify({ kind: 'resolved', itemId: id }));
    on('host:changed', (change) => this.notify({ kind: 'host', change }));
    on('reminder', ({ id, step, stuck }) => {
      // The reminder arrives before the item's update: take step and stuck from the event.
      const item = this.items.find((i) => i.id === id);
      if (item !== undefined) this.notify({ kind: 'reminder', item: { ...item, reminderStep: step, stuck } });
    });
    on('settings:changed', ({ settings }) => this.applySettings(settings));
  }

  /** Every engine event reaches the windows; settings carry the shell's hotkey statuses. */
  private forward<E extends EventName>(name: E, payload: EventPayload<E>): void {
    if (name === 'settings:changed') {
      const state = withHotkeyStatus(payload as EventPayload<'settings:changed'>, this.statuses);
      this.deps.windows.broadcast('settings:changed', { ...state, logFile: this.deps.logFile ?? state.logFile });
    } else {
      this.deps.windows.broadcast(name, payload);
    }
  }

  private applySettings(settings: SettingsDto | null): void {
    this.settings = settings;
    const hotkeys = settings?.hotkeys ?? this.deps.engine.config().hotkeys;
    const key = JSON.stringify(hotkeys);
    if (key === this.hotkeysKey) return;
    this.hotkeysKey = key;
    this.statuses = this.deps.hotkeys.apply(planHotkeys(hotkeys, this.deps.platform), (name) => void this.hotkeyPressed(name));
  }

  private context(): NotificationContext {
    const n = this.settings?.notifications;
    return {
      now: this.deps.clock.now(),
      enabled: n?.enabled ?? this.deps.engine.config().notifications.enabled,
      pausedUntil: this.pausedUntil,
      sound: n?.sound ?? true,
      buttons:
        (n?.actionButtons ?? true) &&
        (this.deps.notifier.hasButtons?.() ?? (this.deps.platform === 'darwin' || this.deps.platform === 'win32')),
    };
  }

  private notify(event: NotificationEvent): void {
    this.notes.handle(event);
  }

  private render(): void {
    this.tray.render(this.items, this.pausedUntil);
  }

  private setPausedUntil(until: number | null): void {
    this.pausedUntil = until;
    this.deps.persistPause?.(until);
    this.render();
  }
}
