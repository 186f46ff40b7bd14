/**
 * The composition root: builds the engine from its parts (config, store, tmux, observer, state,
 * reminders, watchdog, Claude hooks, actions, loopback API) and exposes the Engine facade every
 * surface uses — the tray app in-process, `trailboss daemon`, and through the API the CLI and the
 * browser UI. Decisions live in the parts; this file only connects them.
 */
import { mkdirSync } from 'node:fs';
import type { ApiMethods } from '../../preload/contract/api.ts';
import type { EventName, EventPayload } from '../../preload/contract/events.ts';
import { claudeSessionsDir } from './claude-signals/config-dir.ts';
import { procIdentityReader } from './claude-signals/pid-guard.ts';
import type { Config } from './config/index.ts';
import { ConfigWatcher } from './config/index.ts';
import { storeForActions } from './actions/action-store.ts';
import { buildApiMethods } from './api/api-methods.ts';
import { ClaudeFusion } from './truth/claude-fusion.ts';
import { acquireEngineLock } from './platform/engine-lock.ts';
import { EngineEvents } from './api/events.ts';
import { storeHookCounter } from './api/hooks-service.ts';
import { mountApi } from './api/mount-api.ts';
import { observerPaneAccess } from './actions/pane-access.ts';
import { PaneTruth } from './truth/pane-truth.ts';
import { policyFor } from './truth/policy.ts';
import type { WatchdogView } from './truth/policy.ts';
import { itemDtoById, queueDtos } from './api/queue-view.ts';
import { settingsState } from './api/settings-view.ts';
import { wireWatchdog } from './wiring/watchdog-wiring.ts';
import { AutoRestart } from './wiring/auto-restart.ts';
import { restartPane } from './wiring/restart-action.ts';
import type { ApiEndpoint } from './hooks/api-endpoint.ts';
import { startApiEndpoint } from './hooks/api-endpoint.ts';
import { registerHookIngest } from './hooks/hook-ingest.ts';
import { PaneObserver } from './observe/observer.ts';
import type { Clock, TimerHandle } from './platform/clock.ts';
import type { Logger } from './platform/log.ts';
import type { TrailbossPaths } from './platform/paths.ts';
import { resolvePaths } from './platform/paths.ts';
import type { ProcessTable } from './platform/process-table.ts';
import type { Runner, Spawner } from './platform/run.ts';
import { ReminderScheduler } from './reminders/reminder-scheduler.ts';
import { RUNTIMES } from './runtimes/catalog.ts';
import type { Fact } from './sessions/facts.ts';
import type { Store } from './store/index.ts';
import { openStore } from './store/index.ts';
import { openTmuxClient } from './tmux/open.ts';
import type { TmuxClient, TmuxServer } from './tmux/types.ts';
import type { WatchdogScheduler } from './watchdog/watchdog-scheduler.ts';
import type { Surface } from './actions/types.ts';

export interface EngineOptions {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly platform: NodeJS.Platform;
  readonly homedir: string;
  readonly cwd: string;
  /** Servers to watch; null = the default server plus the config's sockets. */
  readonly servers: readonly TmuxServer[] | null;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly runner: Runner & Spawner;
  readonly processTable: ProcessTable;
  readonly pid: number;
  /** Serve the built renderer (dist/renderer) at / for `daemon --ui`; null = API only. */
  readonly uiDir?: string | null;
  /** Start the loopback API (the CLI and hooks need it); tests of the core alone may skip it. */
  readonly api?: boolean;
  /** How often Claude status files and transcripts are reconciled (ms). */
  readonly reconcileMs?: number;
  /**
   * Leave the reminders of items stored by a previous run unarmed until `resumeReminders()`: a surface
   * that subscribes after start (the tray) must not miss the one catch-up reminder.
   */
  readonly deferReminders?: boolean;
}

interface Parts {
  readonly lock: { release(): void };
  readonly clients: TmuxClient[];
  readonly reminders: ReminderScheduler;
  readonly watchdog: WatchdogScheduler;
  readonly fusion: ClaudeFusion;
  readonly watcher: ConfigWatcher;
  readonly endpoint: ApiEndpoint | null;
  readonly clock: Clock;
  readonly config: () => Config;
  readonly reconcileMs: number;
}

/** The running engine. */
export class Engine {
  private timers: TimerHandle[] = [];
  private stopped = false;

  private constructor(
    readonly paths: TrailbossPaths,
    readonly events: EngineEvents,
    readonly store: Store,
    readonly truth: PaneTruth,
    readonly observer: PaneObserver,
    readonly api: ApiMethods,
    /** The same methods, audited as coming from `surface` (tray, notification, hotkey, queue window, CLI). */
    readonly apiFor: (surface: Surface) => ApiMethods,
    private readonly parts: Parts,
  ) {}

  get apiPort(): number | null {
    return this.parts.endpoint?.port ?? null;
  }

  get apiToken(): string | null {
    return this.parts.endpoint?.token ?? null;
  }

  config(): Config {
    return this.parts.config();
  }

  on<E extends EventName>(name: E, listener: (payload: EventPayload<E>) => void): () => void {
    return this.events.on(name, listener);
  }

  /** Build and start everything. Throws EngineLockedError when another engine owns this home. */
  static async start(opts: EngineOptions): Promise<Engine> {
    // Everything started so far is undone in reverse if a later step fails: no lock, server or tmux client leaks.
    const undo: (() => unknown)[] = [];
    try {
      return await Engine.build(opts, undo);
    } catch (error) {
      for (const step of undo.reverse()) {
        try {
          await step();
        } catch (cleanupError) {
          opts.logger.log('warn', 'engine.cleanup-failed', { error: String(cleanupError) });
        }
      }
      throw error;
    }
  }

  private static async build(opts: EngineOptions, undo: (() => unknown)[]): Promise<Engine> {
    const { clock, logger } = opts;
    const paths = resolvePaths({ env: opts.env, platform: opts.platform, homedir: opts.homedir, cwd: opts.cwd });
    mkdirSync(paths.home, { recursive: true, mode: 0o700 });
    const lock = acquireEngineLock(paths.lock, opts.pid);
    undo.push(() => lock.release());
    // The watcher loads now and then applies valid edits; an invalid edit keeps the last good config.
    const watcher = new ConfigWatcher({ file: paths.config, clock, logger });
    const loaded = watcher.start();
    undo.push(() => watcher.dispose());
    if (!loaded.ok) logger.log('error', 'config.invalid', { file: paths.config, errors: loaded.errors });
    let config: Config = watcher.current;
    const store: Store = openStore(paths.database, { clock, logger });
    undo.push(() => store.close());
    const events = new EngineEvents(logger);
    // Claims left by a previous run that died: its audit log says what it sent; the pane says what is left.
    store.items.releaseClaimsBefore(clock.now() + 1);

    const defaultServer: TmuxServer[] = config.tmux.includeDefault ? [{ kind: 'default' }] : [];
    const servers = opts.servers ?? [...defaultServer, ...config.tmux.sockets.map((path): TmuxServer => ({ kind: 'socket', path }))];
    const clients: TmuxClient[] = [];
    undo.push(() => Promise.all(clients.map((c) => c.close())));
    for (const server of servers) clients.push(await openTmuxClient(server, opts.runner, { mode: config.tmux.captureMode, logger, clock }));

    // Late-bound collaborators: the truth, the watchdog and the observer refer to each other.
    let truth: PaneTruth | null = null;
    let watchdogView: WatchdogView | null = null;
    const now = () => clock.now();
    const emitItem = (event: 'item:added' | 'item:updated', id: string) => {
      const dto = truth && itemDtoById(store, truth, id, now());
      if (dto) events.emit(event, { item: dto });
    };
    const reminders: ReminderScheduler = new ReminderScheduler({
      clock,
      cadence: config.reminders.cadence,
      onEvent: (event) => {
        store.items.update(event.itemId, { reminderStep: event.step, stuck: event.kind === 'stuck' });
        // Logged as well: a catch-up after a restart fires before any listener can be attached.
        logger.log('info', 'reminder.fired', { item: event.itemId, step: event.step, stuck: event.kind === 'stuck', skipped: event.skipped });
        events.emit('reminder', { id: event.itemId, step: event.step, stuck: event.kind === 'stuck' });
        emitItem('item:updated', event.itemId);
      },
    });
    undo.push(() => reminders.dispose());
    const liveTruth = new PaneTruth({
      store,
      clock,
      logger,
      events,
      machineConfig: () => ({ graceMs: 2_000, unexplainedMs: config.observe.unexplainedAfterMs, dialogTools: ['AskUserQuestion', 'ExitPlanMode'] }),
      expiryMs: () => config.queue.itemExpiryMs,
      policy: (pane) => policyFor(pane, watchdogView ?? undefined),
      reminders,
      onState: (state) => watchdog.scheduler.observe(state),
      onQueueChanged: () => events.emit('queue:changed', { items: queueDtos(store, liveTruth, now()) }),
      onItem: emitItem,
    });
    truth = liveTruth;

    const applyFacts = (facts: Fact[]) => {
      liveTruth.apply(facts);
      for (const fact of facts) {
        if (fact.kind !== 'pane-seen' && fact.kind !== 'pane-gone') continue;
        const pane = store.panes.get(fact.pane);
        if (pane) watchdog.sync(pane);
      }
    };
    const observer = new PaneObserver({
      clients,
      runtimes: RUNTIMES,
      clock,
      logger,
      processTable: opts.processTable,
      options: {
        tickMs: config.observe.tickMs,
        recheckMs: config.observe.recheckMs,
        stableCaptures: config.observe.stabilityCaptures,
        unexplainedAfterMs: config.observe.unexplainedAfterMs,
      },
      overrides: () => overridesFrom(store),
      onFacts: applyFacts,
    });
    const liveObserver = observer;
    const panes = observerPaneAccess(liveObserver);
    const actionStore = storeForActions(store, (item, how) => {
      reminders.remove(item.id);
      store.history.end(item.paneKey, item.resolvedAt);
      events.emit('item:resolved', { id: item.id, resolution: how });
      events.emit('queue:changed', { items: queueDtos(store, liveTruth, now()) });
    });
    const watchdog = wireWatchdog({ store, observer: liveObserver, panes, actionStore, clock, logger, config: () => config, reconsider: (p) => liveTruth.reconsider(p), stateOf: (p) => liveTruth.get(p) });
    watchdogView = watchdog.view;
    undo.push(() => watchdog.scheduler.dispose());

    const fusion = new ClaudeFusion({
      observer: liveObserver,
      clock,
      logger,
      processTable: opts.processTable,
      identity: procIdentityReader(),
      sessionsDir: claudeSessionsDir({ env: opts.env, homedir: opts.homedir }),
      apply: applyFacts,
    });
    const hookCounter = storeHookCounter(store, clock);
    const apiDeps = {
      store,
      truth: liveTruth,
      observer: liveObserver,
      events,
      clock,
      logger,
      claimant: `engine:${opts.pid}:${clock.now()}`,
      config: () => config,
      paths,
      reminders,
      panes,
      actionStore,
      watchdog,
      hooks: { env: opts.env, homedir: opts.homedir, endpointFile: paths.endpoint, clock, counter: hookCounter },
      runner: opts.runner,
      reloadConfig: () => void watcher.reload(),
    };
    // One method map per surface, so the audit log says on whose action a key was sent.
    const perSurface = new Map<Surface, ApiMethods>();
    const apiFor = (surface: Surface): ApiMethods => {
      const known = perSurface.get(surface);
      if (known) return known;
      const made = buildApiMethods({ ...apiDeps, surface });
      perSurface.set(surface, made);
      return made;
    };
    const api = apiFor('api');

    let endpoint: ApiEndpoint | null = null;
    if (opts.api !== false) {
      endpoint = await startApiEndpoint({
        home: paths.home,
        endpointFile: paths.endpoint,
        port: config.hooks.port,
        clock,
        logger,
        pid: opts.pid,
        setup: (server) => {
          registerHookIngest(server, { clock, counter: hookCounter, deliver: (d) => fusion.deliver(d) });
          mountApi(server, { apiFor, events, uiDir: opts.uiDir ?? null, logger });
        },
      });
      const started = endpoint;
      undo.push(() => started.close());
    }

    watcher.onChange((next) => {
      config = next;
      reminders.setCadence(next.reminders.cadence);
      for (const pane of store.panes.list()) watchdog.sync(pane);
      logger.log('info', 'config.applied', { file: paths.config });
      events.emit('settings:changed', settingsState(next, paths.config, null));
    });
    watcher.onError((errors, file) =>
      events.emit('engine:error', { code: 'invalid', message: `${file}: not applied, the last good config stays: ${errors.map((e) => `${e.path}: ${e.message}`).join('; ')}` }),
    );

    const engine = new Engine(paths, events, store, liveTruth, liveObserver, api, apiFor, {
      lock,
      clients,
      reminders,
      watchdog: watchdog.scheduler,
      fusion,
      watcher,
      endpoint,
      clock,
      config: () => config,
      reconcileMs: opts.reconcileMs ?? 3_000,
    });
    liveObserver.start();
    if (!opts.deferReminders) engine.resumeReminders();
    engine.every(500, () => {
      liveTruth.settleAll();
      liveTruth.expireDue();
    });
    const autoRestart = new AutoRestart({
      clock,
      logger,
      threshold: () => config.restart.autoThresholdPercent,
      sessions: () => fusion.directory.all(),
      stateOf: (pane) => liveTruth.get(pane),
      restart: (pane) =>
        restartPane(
          { observer: liveObserver, actionStore, clock, logger, runner: opts.runner, config: () => config, env: opts.env, homedir: opts.homedir },
          pane,
          null,
          'engine',
          'context-threshold',
        ),
    });
    engine.every(engine.parts.reconcileMs, () =>
      void fusion
        .reconcile()
        .then(() => autoRestart.check())
        .catch((e) => logger.log('warn', 'claude.reconcile-failed', { error: String(e) })),
    );
    return engine;
  }

  private remindersResumed = false;

  /** Arm the reminders of items left by a previous run (at most one catch-up each). Idempotent. */
  resumeReminders(): void {
    if (this.remindersResumed || this.stopped) return;
    this.remindersResumed = true;
    for (const item of this.store.items.list()) this.parts.reminders.upsert(item);
  }

  /** Run `fn` every `ms` on the injected clock until stop; a failing run is reported, never fatal. */
  private every(ms: number, fn: () => void): void {
    const arm = () => {
      if (this.stopped) return;
      const handle = this.parts.clock.setTimeout(() => {
        this.timers = this.timers.filter((t) => t !== handle);
        try {
          fn();
        } catch (error) {
          this.events.emit('engine:error', { code: 'internal', message: `periodic task failed: ${String(error)}` });
        }
        arm();
      }, ms);
      this.timers.push(handle);
    };
    arm();
  }

  /** Stop everything; no timer, process or server survives. Idempotent. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    for (const t of this.timers) t.cancel();
    this.timers = [];
    await this.observer.stop();
    this.parts.reminders.dispose();
    this.parts.watchdog.dispose();
    this.parts.watcher.dispose();
    await this.parts.endpoint?.close();
    await Promise.all(this.parts.clients.map((c) => c.close()));
    this.store.close();
    this.parts.lock.release();
  }
}

function overridesFrom(store: Store) {
  const panes = store.panes.list();
  return {
    enrolled: new Map(panes.filter((p) => p.enrolled).map((p) => [p.paneKey, p.runtime] as const)),
    ignored: new Set(panes.filter((p) => p.ignored).map((p) => p.paneKey)),
  };
}
