/**
 * The shell's core: listens to the engine, keeps the latest queue and settings, and drives the
 * tray, notifications, hotkeys and windows through ports. No Electron here, so the whole wiring
 * runs in unit tests against a fake engine and fake ports.
 */
import type { ApiMethods } from '../../preload/contract/api.ts';
import type { EventName, EventPayload } from '../../preload/contract/events.ts';
import { EVENT_NAMES } from '../../preload/contract/events.ts';
import type { QueueItemDto } from '../../preload/contract/queue-item.ts';
import type { HotkeyStatusDto, SettingsDto } from '../../preload/contract/settings.ts';
import type { Clock, TimerHandle } from '../engine/platform/clock.ts';
import type { DispatchResult } from './dispatch-action.ts';
import { dispatchAction } from './dispatch-action.ts';
import type { EngineApi } from './engine-api.ts';
import { withHotkeyStatus, planHotkeys } from './hotkey-status.ts';
import type { HotkeyName } from './hotkeys.ts';
import type { NotificationContext, NotificationEvent, NotificationOp, NotificationState } from './notification-policy.ts';
import { INITIAL_NOTIFICATION_STATE, notificationStep } from './notification-policy.ts';
import { outcomeNotificationText } from './notification-text.ts';
import { isPaused } from './pause.ts';
import type { ShellAction } from './shell-action.ts';
import type { HotkeyPort, NotifierPort, TrayPort, WindowPort } from './shell-ports.ts';
import { trayIconSpec } from './tray-icon.ts';
import type { TrayMenuModel } from './tray-menu.ts';
import { buildTrayMenu } from './tray-menu.ts';

/** What the controller is built from. */
export interface ShellControllerDeps {
  readonly engine: Pick<EngineApi, 'on' | 'config'>;
  /** The shell's method map (engine methods plus the shell's jump). */
  readonly api: ApiMethods;
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
}

/** What the e2e hook and the logs can read. */
export interface ShellSnapshot {
  readonly menu: TrayMenuModel | null;
  readonly notifications: readonly NotificationOp[];
  readonly hotkeys: readonly HotkeyStatusDto[];
  readonly pausedUntil: number | null;
}

/** Keeps the last operations for the e2e hook; old ones are dropped. */
const OP_LOG_LIMIT = 100;

/** Drives every shell surface from engine events. `start()` once; `dispose()` on quit. */
export class ShellController {
  private items: readonly QueueItemDto[] = [];
  private settings: SettingsDto | null = null;
  private statuses: HotkeyStatusDto[] = [];
  private hotkeysKey = '';
  private pausedUntil: number | null;
  private notes: NotificationState = INITIAL_NOTIFICATION_STATE;
  private readonly opLog: NotificationOp[] = [];
  private menu: TrayMenuModel | null = null;
  private renderedKey = '';
  private timer: TimerHandle | null = null;
  private readonly unsubscribe: (() => void)[] = [];
  private disposed = false;

  constructor(private readonly deps: ShellControllerDeps) {
    this.pausedUntil = deps.engine.config().notifications.pausedUntil;
  }

  /** Subscribes, then reads the queue and settings once: a full queue at launch gives one summary. */
  async start(): Promise<void> {
    for (const name of EVENT_NAMES) this.unsubscribe.push(this.deps.engine.on(name, (payload) => this.onEvent(name, payload)));
    const [queue, settings] = await Promise.all([this.deps.api['queue:list']({}), this.deps.api['settings:get']({})]);
    if (this.disposed) return;
    if (settings.ok) this.applySettings(settings.value.settings);
    else this.applySettings(null);
    if (queue.ok) this.items = queue.value;
    this.notify({ kind: 'startup', items: this.items });
    this.render();
  }

  /** Current hotkey statuses (for the settings answers). */
  hotkeyStatuses(): readonly HotkeyStatusDto[] {
    return this.statuses;
  }

  /** Performs an action from any shell surface and tells the user when it did not simply work. */
  async act(action: ShellAction): Promise<DispatchResult> {
    const result = await dispatchAction(
      {
        api: this.deps.api,
        openQueue: (id) => this.deps.windows.openQueue(id),
        openSettings: () => this.deps.windows.openSettings(),
        setPausedUntil: (until) => this.setPausedUntil(until),
        setStartAtLogin: (enabled) => {
          this.deps.startAtLogin?.set(enabled);
          this.render();
        },
        quit: this.deps.quit,
        now: () => this.deps.clock.now(),
      },
      action,
    ).catch((err: unknown): DispatchResult => ({ kind: 'notice', message: `${action.kind} failed: ${err instanceof Error ? err.message : String(err)}` }));
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
    return { menu: this.menu, notifications: [...this.opLog], hotkeys: this.statuses, pausedUntil: this.pausedUntil };
  }

  /** Unsubscribes and cancels the timer. Idempotent. */
  dispose(): void {
    this.disposed = true;
    for (const off of this.unsubscribe.splice(0)) off();
    this.timer?.cancel();
    this.timer = null;
  }

  private onEvent<E extends EventName>(name: E, payload: EventPayload<E>): void {
    if (this.disposed) return;
    this.forward(name, payload);
    const p = payload as EventPayload<EventName>;
    switch (name) {
      case 'queue:changed':
        this.items = (p as EventPayload<'queue:changed'>).items;
        this.notify({ kind: 'queue', items: this.items });
        this.render();
        break;
      case 'item:added':
        this.notify({ kind: 'added', item: (p as EventPayload<'item:added'>).item });
        break;
      case 'item:updated':
        this.notify({ kind: 'updated', item: (p as EventPayload<'item:updated'>).item });
        break;
      case 'item:resolved':
        this.notify({ kind: 'resolved', itemId: (p as EventPayload<'item:resolved'>).id });
        break;
      case 'reminder': {
        // The reminder arrives before the item's update: take step and stuck from the event.
        const r = p as EventPayload<'reminder'>;
        const item = this.items.find((i) => i.id === r.id);
        if (item !== undefined) this.notify({ kind: 'reminder', item: { ...item, reminderStep: r.step, stuck: r.stuck } });
        break;
      }
      case 'settings:changed':
        this.applySettings((p as EventPayload<'settings:changed'>).settings);
        break;
      default:
        break;
    }
  }

  /** Every engine event reaches the windows; settings carry the shell's hotkey statuses. */
  private forward<E extends EventName>(name: E, payload: EventPayload<E>): void {
    if (name === 'settings:changed') {
      this.deps.windows.broadcast('settings:changed', withHotkeyStatus(payload as EventPayload<'settings:changed'>, this.statuses));
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
      buttons: (n?.actionButtons ?? true) && (this.deps.platform === 'darwin' || this.deps.platform === 'win32'),
    };
  }

  private notify(event: NotificationEvent): void {
    const step = notificationStep(this.notes, event, this.context());
    this.notes = step.state;
    for (const op of step.ops) {
      this.opLog.push(op);
      if (this.opLog.length > OP_LOG_LIMIT) this.opLog.shift();
      this.deps.notifier.apply(op, { onAction: (a) => void this.act(a), onDismissed: (tag) => this.notify({ kind: 'dismissed', tag }) });
    }
  }

  private setPausedUntil(until: number | null): void {
    this.pausedUntil = until;
    this.deps.persistPause?.(until);
    this.render();
  }

  /** Rebuilds the tray only when what it shows changed; re-arms one timer for the next snooze or pause expiry. */
  private render(): void {
    const now = this.deps.clock.now();
    const startAtLogin = this.deps.startAtLogin?.get() ?? null;
    const menu = buildTrayMenu({ items: this.items, now, pausedUntil: this.pausedUntil, clockTime: this.deps.clockTime, startAtLogin });
    const icon = trayIconSpec(menu.count, menu.stuck, isPaused(this.pausedUntil, now));
    const key = JSON.stringify([menu.entries, icon.key, icon.toolTip]);
    this.menu = menu;
    if (key !== this.renderedKey) {
      this.renderedKey = key;
      this.deps.tray.render(menu, icon, (a) => void this.act(a));
    }
    this.armTimer(now);
  }

  private armTimer(now: number): void {
    this.timer?.cancel();
    this.timer = null;
    const moments = [...this.items.map((i) => i.snoozedUntil), this.pausedUntil].filter((t): t is number => t !== null && t > now && t < Number.MAX_SAFE_INTEGER);
    if (moments.length === 0 || this.disposed) return;
    // Capped: a timer beyond 2^31-1 ms fires at once in Node; the re-render then simply re-arms.
    this.timer = this.deps.clock.setTimeout(() => this.render(), Math.min(Math.min(...moments) - now + 1, 2 ** 31 - 1));
  }
}
