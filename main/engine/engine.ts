/**
 * The composition root: builds the engine from its parts (config, store, tmux, observer, state,
 * reminders, actions, loopback API) and exposes the Engine facade every surface uses — the tray
 * app in-process, `trailboss daemon`, and through the API the CLI and the browser UI.
 */
import { mkdirSync } from 'node:fs';
import type { EventName, EventPayload } from '../../preload/contract/events.ts';
import type { ApiMethods } from '../../preload/contract/api.ts';
import type { Config } from './config/index.ts';
import { ConfigWatcher } from './config/index.ts';
import { buildApiMethods } from './core/api-methods.ts';
import { acquireEngineLock } from './core/engine-lock.ts';
import type { EngineLock } from './core/engine-lock.ts';
import { EngineEvents } from './core/events.ts';
import { PaneTruth } from './core/pane-truth.ts';
import { policyFor } from './core/policy.ts';
import { itemDtoById, queueDtos } from './core/queue-view.ts';
import { mountApi } from './core/mount-api.ts';
import type { ApiEndpoint } from './hooks/api-endpoint.ts';
import { startApiEndpoint } from './hooks/api-endpoint.ts';
import { PaneObserver } from './observe/observer.ts';
import type { Clock, TimerHandle } from './platform/clock.ts';
import type { Logger } from './platform/log.ts';
import type { TrailbossPaths } from './platform/paths.ts';
import { resolvePaths } from './platform/paths.ts';
import type { ProcessTable } from './platform/process-table.ts';
import type { Runner, Spawner } from './platform/run.ts';
import { ReminderScheduler } from './reminders/scheduler.ts';
import { RUNTIMES } from './runtimes/catalog.ts';
import type { Store } from './store/index.ts';
import { openStore } from './store/index.ts';
import { openTmuxClient } from './tmux/open.ts';
import type { TmuxClient, TmuxServer } from './tmux/types.ts';

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
}

/** The running engine. */
export class Engine {
  private settleTimer: TimerHandle | null = null;
  private stopped = false;

  private constructor(
    readonly paths: TrailbossPaths,
    readonly events: EngineEvents,
    readonly store: Store,
    readonly truth: PaneTruth,
    readonly observer: PaneObserver,
    readonly api: ApiMethods,
    private readonly parts: { lock: EngineLock; clients: TmuxClient[]; reminders: ReminderScheduler; watcher: ConfigWatcher | null; endpoint: ApiEndpoint | null; clock: Clock; config: () => Config },
  ) {}

  /** Port of the loopback API (null when not started). */
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
    // Claims from a previous run whose process died: that run either never sent (audit says so) or the pane moved on.
    store.items.releaseClaimsBefore(clock.now() + 1);
    const servers = opts.servers ?? [{ kind: 'default' } as TmuxServer, ...config.tmux.sockets.map((path): TmuxServer => ({ kind: 'socket', path }))];
    const clients: TmuxClient[] = [];
    undo.push(() => Promise.all(clients.map((c) => c.close())));
    for (const server of servers) clients.push(await openTmuxClient(server, opts.runner, { mode: config.tmux.captureMode, logger, clock }));
    let truth: PaneTruth | null = null;
    const now = () => clock.now();
    const reminders: ReminderScheduler = new ReminderScheduler({
      clock,
      cadence: config.reminders.cadence,
      onEvent: (event) => {
        store.items.update(event.itemId, { reminderStep: event.step, stuck: event.kind === 'stuck' });
        events.emit('reminder', { id: event.itemId, step: event.step, stuck: event.kind === 'stuck' });
        if (truth) emitItem(truth, 'item:updated', event.itemId);
      },
    });
    const emitQueue = (t: PaneTruth) => events.emit('queue:changed', { items: queueDtos(store, t, now()) });
    const emitItem = (t: PaneTruth, event: 'item:added' | 'item:updated', id: string) => {
      const dto = itemDtoById(store, t, id, now());
      if (dto) events.emit(event, { item: dto });
    };
    truth = new PaneTruth({
      store,
      clock,
      logger,
      events,
      machineConfig: () => ({ graceMs: 2_000, unexplainedMs: config.observe.unexplainedAfterMs, dialogTools: ['AskUserQuestion', 'ExitPlanMode'] }),
      expiryMs: () => config.queue.itemExpiryMs,
      policy: (pane) => policyFor(pane),
      reminders,
      onQueueChanged: () => truth && emitQueue(truth),
      onItem: (event, id) => truth && emitItem(truth, event, id),
    });
    const liveTruth = truth;
    undo.push(() => reminders.dispose());
    for (const item of store.items.list()) reminders.upsert(item);
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
      onFacts: (facts) => liveTruth.apply(facts),
    });
    const api = buildApiMethods({ store, truth: liveTruth, observer, events, clock, logger, claimant: `engine:${opts.pid}:${clock.now()}`, config: () => config, paths, reminders });
    let endpoint: ApiEndpoint | null = null;
    if (opts.api !== false) {
      endpoint = await startApiEndpoint({
        home: paths.home,
        endpointFile: paths.endpoint,
        port: config.hooks.port,
        clock,
        logger,
        pid: opts.pid,
        setup: (server) => mountApi(server, { api, events, uiDir: opts.uiDir ?? null, logger }),
      });
      const started = endpoint;
      undo.push(() => started.close());
    }
    watcher.onChange((next) => {
      config = next;
      reminders.setCadence(next.reminders.cadence);
      logger.log('info', 'config.applied', { file: paths.config });
    });
    watcher.onError((errors, file) =>
      events.emit('engine:error', { code: 'invalid', message: `${file}: not applied, the last good config stays: ${errors.map((e) => `${e.path}: ${e.message}`).join('; ')}` }),
    );
    const engine = new Engine(paths, events, store, liveTruth, observer, api, { lock, clients, reminders, watcher, endpoint, clock, config: () => config });
    observer.start();
    engine.armSettle();
    return engine;
  }

  private armSettle(): void {
    if (this.stopped) return;
    this.settleTimer = this.parts.clock.setTimeout(() => {
      try {
        this.truth.settleAll();
      } catch (error) {
        this.events.emit('engine:error', { code: 'internal', message: `state settle failed: ${String(error)}` });
      }
      this.armSettle();
    }, 500);
  }

  /** Stop everything; no timer, process or server survives. Idempotent. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.settleTimer?.cancel();
    await this.observer.stop();
    this.parts.reminders.dispose();
    this.parts.watcher?.dispose();
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
