/**
 * The composition root: builds the engine from its parts and exposes the Engine facade every surface
 * uses — the tray app in-process, `trailboss daemon`, and through the API the CLI and the browser UI.
 * The parts are built by named wiring steps (main/engine/wiring/) in the order `build()` shows:
 * foundation (lock, config, store, events) → tmux clients → attention (truth, reminders) → observer →
 * action parts → watchdog → Claude fusion → Codex fusion → opencode fusion → per-surface API and loopback endpoint → live config →
 * running (observe, reminders, periodic work: settle and expire, the database file's check, Claude).
 * Decisions live in the parts; this file only connects them.
 */
import type { ApiMethods } from '../../preload/contract/api.ts';
import type { EventName, EventPayload } from '../../preload/contract/events.ts';
import type { Surface } from './actions/types.ts';
import type { EngineEvents } from './api/events.ts';
import { storeHookCounter } from './api/hooks-service.ts';
import type { Config, ConfigWatcher } from './config/index.ts';
import type { ApiEndpoint } from './http/api-endpoint.ts';
import type { HostSet } from './hosts/host-set.ts';
import type { HostHookLinks } from './hosts/host-hook-link.ts';
import type { HookDelivery } from './hooks/hook-ingest.ts';
import type { PaneObserver } from './observe/observer.ts';
import type { Clock, TimerHandle } from './platform/clock.ts';
import type { Logger } from './platform/log.ts';
import type { TrailbossPaths } from './platform/paths.ts';
import type { ProcessTable } from './platform/process-table.ts';
import type { Runner, Spawner } from './platform/run.ts';
import type { QueueStatusWriter } from './api/queue-status-file.ts';
import type { QueuePublisher } from './api/queue-publisher.ts';
import type { ReminderScheduler } from './reminders/reminder-scheduler.ts';
import type { Store } from './store/index.ts';
import type { TmuxClient, TmuxServer } from './tmux/types.ts';
import type { ClaudeFusion } from './truth/claude-fusion.ts';
import type { PaneTruth } from './truth/pane-truth.ts';
import type { WatchdogScheduler } from './watchdog/watchdog-scheduler.ts';
import { buildActionParts } from './wiring/actions.ts';
import { buildAttention } from './wiring/attention.ts';
import type { AutoRestart } from './wiring/auto-restart.ts';
import { EscapeTimes } from './actions/escape-times.ts';
import { buildAutoRestart, buildClaudeFusion } from './wiring/claude.ts';
import { DATABASE_CHECK_MS, databaseFileCheck } from './wiring/database-file.ts';
import { buildAgentHookFusion, buildCodexFusion } from './wiring/codex.ts';
import { buildOpencodeFusion } from './wiring/opencode.ts';
import { followConfig } from './wiring/follow-config.ts';
import { wireHosts } from './wiring/hosts.ts';
import type { UndoList } from './wiring/foundation.ts';
import { openFoundation } from './wiring/foundation.ts';
import { Pruner } from './store/index.ts';
import { Late } from './wiring/late.ts';
import type { PaneKey } from './sessions/facts.ts';
import { buildObserver, factSink, openTmuxClients, serversToWatch } from './wiring/observation.ts';
import { apiPerSurface, startEndpoint } from './wiring/surfaces.ts';
import type { WatchdogWiring } from './wiring/watchdog-wiring.ts';
import type { PhoneSupervisor } from './phone/phone-supervisor.ts';
import type { PairingService } from './phone/pairing-service.ts';
import type { PhoneTuning } from './wiring/phone.ts';
import { buildPairing, pairingAnnouncer, startPhone } from './wiring/phone.ts';
import type { SlackSupervisor } from './slack/slack-supervisor.ts';
import type { SlackPairingService } from './slack/slack-pairing-service.ts';
import type { SlackTuning } from './wiring/slack.ts';
import { buildSlackPairing, startSlack } from './wiring/slack.ts';
import { wireWatchdog } from './wiring/watchdog-wiring.ts';

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
  /** Phone channel timings for tests and the bench (defaults: 25 s long poll, 1 message/s). */
  readonly phone?: PhoneTuning;
  /** Slack channel timings for tests and the bench (defaults: 1 message/s, a look at the pairing every 2 s). */
  readonly slack?: SlackTuning;
}

interface Parts {
  readonly lock: { release(): void };
  readonly clients: TmuxClient[];
  readonly hosts: HostSet;
  readonly hookLinks: HostHookLinks;
  readonly reminders: ReminderScheduler;
  readonly queue: QueuePublisher;
  /** The queue status file `trailboss tmux-status` reads. */
  readonly status: QueueStatusWriter;
  readonly watchdog: WatchdogScheduler;
  readonly fusion: ClaudeFusion;
  readonly watcher: ConfigWatcher;
  readonly endpoint: ApiEndpoint | null;
  readonly clock: Clock;
  readonly config: () => Config;
  readonly reconcileMs: number;
  /** Notices the database file deleted under us and recreates it (wiring/database-file.ts). */
  readonly databaseCheck: () => void;
  /** Drops records older than the retention, a batch at a time (store/pruner.ts). */
  readonly pruner: Pruner;
  readonly phone: PhoneSupervisor;
  readonly phonePairing: PairingService;
  readonly slackPairing: SlackPairingService;
  readonly slack: SlackSupervisor;
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

  /** The phone channel's supervisor (running or not; tests, status). */
  get phone(): PhoneSupervisor {
    return this.parts.phone;
  }

  /** The Slack channel's supervisor (running or not; tests). */
  get slack(): SlackSupervisor {
    return this.parts.slack;
  }

  /** The configured hosts and their links (views, `hosts list`, tests). */
  get hosts(): HostSet {
    return this.parts.hosts;
  }

  on<E extends EventName>(name: E, listener: (payload: EventPayload<E>) => void): () => void {
    return this.events.on(name, listener);
  }

  /** Build and start everything. Throws EngineLockedError when another engine owns this home. */
  static async start(opts: EngineOptions): Promise<Engine> {
    // Everything started so far is undone in reverse if a later step fails: no lock, server or tmux client leaks.
    const undo: UndoList = [];
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

  /**
   * The wiring steps, in order. The truth and the watchdog need each other (policy and states one way,
   * reconsider and state queries the other), so the watchdog is reached through a `Late` bound in its step.
   */
  private static async build(opts: EngineOptions, undo: UndoList): Promise<Engine> {
    const f = openFoundation(opts, undo);
    const startedAt = f.clock.now();
    const clients = await openTmuxClients(f, serversToWatch(opts.servers, f.config()), opts.runner, opts.env, undo);
    const observerLate = new Late<PaneObserver>('observer');
    const remoteHookSink = new Late<(delivery: HookDelivery) => void>('remote hook sink');
    const { hosts, hookLinks } = wireHosts(f, clients, opts.runner, observerLate, undo, remoteHookSink);
    const watchdogLate = new Late<WatchdogWiring>('watchdog');
    const attention = buildAttention(f, watchdogLate, undo, hosts, opts.pid);
    // Per-pane records outside the truth: each forgets a pane when it goes (added as their steps build them).
    const forgetGone: ((pane: PaneKey) => void)[] = [];
    const onFacts = factSink(f.store, attention.truth, watchdogLate, (pane) => forgetGone.forEach((forget) => forget(pane)));
    const observer = observerLate.bind(buildObserver(f, clients, opts.processTable, onFacts));
    const actions = buildActionParts(f, observer, attention, hosts);
    const escapes = new EscapeTimes();
    forgetGone.push(
      (pane) => escapes.forget(pane),
      (pane) => actions.actionStore.forgetPane?.(pane),
    );
    const watchdog = watchdogLate.bind(
      wireWatchdog({
        store: f.store,
        observer,
        panes: actions.panes,
        actionStore: actions.actionStore,
        clock: f.clock,
        logger: f.logger,
        config: f.config,
        reconsider: (p) => attention.truth.reconsider(p),
        stateOf: (p) => attention.truth.get(p),
      }),
    );
    undo.push(() => watchdog.scheduler.dispose());
    const claudeOpts = { env: opts.env, homedir: opts.homedir, processTable: opts.processTable, runner: opts.runner };
    const fusion = buildClaudeFusion(f, observer, claudeOpts, onFacts);
    remoteHookSink.bind((d) => fusion.deliver(d));
    const codexFusion = buildCodexFusion(f, observer, opts.processTable, onFacts);
    const geminiFusion = buildAgentHookFusion(f, 'gemini', observer, opts.processTable, onFacts);
    const qwenFusion = buildAgentHookFusion(f, 'qwen', observer, opts.processTable, onFacts);
    const copilotFusion = buildAgentHookFusion(f, 'copilot', observer, opts.processTable, onFacts);
    const opencodeFusion = buildOpencodeFusion(f, observer, opts.processTable, onFacts);
    const hookCounter = storeHookCounter(f.store, f.clock);
    let supervisor: PhoneSupervisor | null = null;
    const announcePairing = pairingAnnouncer(f);
    const phonePairing = buildPairing(f, opts.phone ?? {}, () => supervisor, announcePairing, undo);
    let slackSupervisor: SlackSupervisor | null = null;
    const slackPairing = buildSlackPairing(f, opts.slack ?? {}, () => slackSupervisor, undo);
    const apiFor = apiPerSurface({
      store: f.store,
      truth: attention.truth,
      observer,
      events: f.events,
      clock: f.clock,
      logger: f.logger,
      claimant: `engine:${opts.pid}:${f.clock.now()}`,
      config: f.config,
      paths: f.paths,
      reminders: attention.reminders,
      panes: actions.panes,
      actionStore: actions.actionStore,
      watchdog,
      hooks: { env: opts.env, homedir: opts.homedir, endpointFile: f.paths.endpoint, clock: f.clock, counter: hookCounter },
      runner: opts.runner,
      reloadConfig: () => void f.watcher.reload(),
      hosts,
      queueChanged: () => attention.queue.changed(),
      escapes,
      phonePairing,
      slackPairing,
    });
    const endpoint =
      opts.api === false
        ? null
        : await startEndpoint(
            f,
            {
              pid: opts.pid,
              uiDir: opts.uiDir ?? null,
              apiFor,
              hookCounter,
              deliverHook: (d) => fusion.deliver(d),
              deliverCodexHook: (d) => codexFusion.deliver(d),
              deliverGeminiHook: (d) => geminiFusion.deliver(d),
              deliverQwenHook: (d) => qwenFusion.deliver(d),
              deliverCopilotHook: (d) => copilotFusion.deliver(d),
              deliverOpencodeEvent: (d) => opencodeFusion.deliver(d),
              startedAt,
              observeModes: () => observer.modes(),
            },
            undo,
          );
    followConfig(f, attention, watchdog);
    const phone = startPhone(f, apiFor('telegram'), opts.phone ?? {}, announcePairing, undo);
    supervisor = phone;
    const slack = startSlack(f, apiFor('slack'), opts.slack ?? {}, undo);
    slackSupervisor = slack;

    const engine = new Engine(f.paths, f.events, f.store, attention.truth, observer, apiFor('api'), apiFor, {
      lock: f.lock,
      clients,
      hosts,
      hookLinks,
      reminders: attention.reminders,
      queue: attention.queue,
      status: attention.status,
      watchdog: watchdog.scheduler,
      fusion,
      watcher: f.watcher,
      endpoint,
      clock: f.clock,
      config: f.config,
      reconcileMs: opts.reconcileMs ?? 3_000,
      databaseCheck: databaseFileCheck(f),
      pruner: new Pruner({ store: f.store, clock: f.clock, logger: f.logger, policy: () => f.config().retention }),
      phone,
      phonePairing,
      slackPairing,
      slack,
    });
    const autoRestart = buildAutoRestart(f, fusion, observer, attention, actions, claudeOpts);
    forgetGone.push((pane) => autoRestart.forget(pane));
    engine.startRunning(opts, autoRestart);
    return engine;
  }

  /** Last step: observe, arm stored reminders (unless deferred), and run the periodic work. */
  private startRunning(opts: EngineOptions, autoRestart: AutoRestart): void {
    const { logger } = opts;
    this.observer.start();
    this.parts.pruner.start();
    if (!opts.deferReminders) this.resumeReminders();
    this.every(500, () => {
      this.truth.settleAll();
      this.truth.expireDue();
    });
    this.every(DATABASE_CHECK_MS, this.parts.databaseCheck);
    this.every(
      this.parts.reconcileMs,
      () =>
        void this.parts.fusion
          .reconcile()
          .then(() => autoRestart.check())
          .catch((e) => logger.log('warn', 'claude.reconcile-failed', { error: String(e) })),
    );
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
    this.parts.pruner.dispose();
    this.parts.reminders.dispose();
    this.parts.queue.dispose();
    this.parts.status.dispose();
    this.parts.watchdog.dispose();
    this.parts.phonePairing.dispose();
    await this.parts.slackPairing.dispose();
    await this.parts.phone.dispose();
    await this.parts.slack.dispose();
    this.parts.watcher.dispose();
    await this.parts.endpoint?.close();
    // Over the host connections still open: no remote hook socket stays behind.
    await this.parts.hookLinks.dispose();
    await Promise.all(this.parts.clients.map((c) => c.close()));
    await this.parts.hosts.dispose();
    this.store.close();
    this.parts.lock.release();
  }
}
