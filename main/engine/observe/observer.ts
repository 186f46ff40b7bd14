/**
 * The pane observer: each tick lists panes (one call per server), finds agent panes, captures the
 * ones whose window showed activity (one batch per server), and turns captures into facts.
 * Ticks never overlap; a pane that changed is captured again `recheckMs` later to prove stability.
 */
import type { Clock, TimerHandle } from '../platform/clock.ts';
import type { Logger } from '../platform/log.ts';
import type { ProcessEntry, ProcessTable } from '../platform/process-table.ts';
import type { Fact, PaneKey } from '../sessions/facts.ts';
import { paneKey } from '../sessions/facts.ts';
import type { RuntimeId, RuntimeModule, Screen } from '../runtimes/types.ts';
import type { PaneInfo, TmuxClient } from '../tmux/types.ts';
import { serverKey, TmuxError } from '../tmux/types.ts';
import { detectRuntime, needsProcessTree } from './discovery.ts';
import type { TrackerOptions, TrackerState } from './pane-tracker.ts';
import { initialTracker, trackCapture, trackQuiet } from './pane-tracker.ts';

export interface ObserverOptions extends TrackerOptions {
  readonly tickMs: number;
  readonly recheckMs: number;
  /** Capture every agent pane on every tick, ignoring window activity (one-shot scans). */
  readonly captureAll?: boolean;
}

export interface PaneOverrides {
  /** Panes the user enrolled by hand, with the runtime they said runs there. */
  readonly enrolled: ReadonlyMap<PaneKey, RuntimeId>;
  /** Panes the user told us to ignore. */
  readonly ignored: ReadonlySet<PaneKey>;
}

export interface ObserverDeps {
  readonly clients: readonly TmuxClient[];
  readonly runtimes: readonly RuntimeModule[];
  readonly clock: Clock;
  readonly logger: Logger;
  readonly processTable: ProcessTable;
  readonly options: ObserverOptions;
  readonly overrides?: () => PaneOverrides;
  readonly onFacts: (facts: Fact[]) => void;
}

/** One agent pane being watched. */
export interface WatchedPane {
  readonly key: PaneKey;
  readonly client: TmuxClient;
  info: PaneInfo;
  readonly runtime: RuntimeModule;
  tracker: TrackerState;
  lastCaptureAt: number;
  recheckAt: number | null;
  /** An agent's own event asked for a look at this time; cleared by a capture taken after it. */
  lookAt: number | null;
}

/** What `snapshot()` tells about each watched pane (for one-shot status). */
export interface ObservedPane {
  readonly key: PaneKey;
  readonly info: PaneInfo;
  readonly runtime: RuntimeId;
  readonly screen: Screen | null;
  readonly stableCount: number;
  readonly changedAt: number;
  readonly tail: readonly string[];
}

const NO_OVERRIDES: PaneOverrides = { enrolled: new Map(), ignored: new Set() };

export class PaneObserver {
  private readonly watched = new Map<PaneKey, WatchedPane>();
  /** Detection cache: pane → (pid, command and foreground group it was detected for, result). */
  private readonly detected = new Map<PaneKey, { sig: string; runtime: RuntimeId | null }>();
  private readonly downServers = new Set<string>();
  private timer: TimerHandle | null = null;
  private running = false;
  private inFlight: Promise<void> | null = null;

  constructor(private readonly deps: ObserverDeps) {}

  /** Start ticking. The first tick runs at once. */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.schedule(0);
  }

  /** Stop ticking; resolves when the tick in flight (if any) has finished. No timer survives. */
  async stop(): Promise<void> {
    this.running = false;
    this.timer?.cancel();
    this.timer = null;
    await this.inFlight;
  }

  /** Panes currently watched, with their latest classification. */
  snapshot(): ObservedPane[] {
    return [...this.watched.values()].map((w) => ({
      key: w.key,
      info: w.info,
      runtime: w.runtime.id,
      screen: w.tracker.lastScreen,
      stableCount: w.tracker.stableCount,
      changedAt: w.tracker.changedAt,
      tail: w.tracker.tail,
    }));
  }

  /** The watched pane for a key (actions use its client and runtime). */
  pane(key: PaneKey): WatchedPane | undefined {
    return this.watched.get(key);
  }

  /**
   * Stop watching every pane of `client` (its host was removed from the config): each is reported
   * gone at once. The caller takes the client out of the list and closes it.
   */
  forgetClient(client: TmuxClient): void {
    const now = this.deps.clock.now();
    const facts: Fact[] = [];
    for (const [key, w] of this.watched) if (w.client === client) this.forget(key, 'server-gone', now, facts);
    const server = serverKey(client.server);
    for (const key of this.detected.keys()) if (key.startsWith(`${server}|`)) this.detected.delete(key);
    this.downServers.delete(server);
    if (facts.length > 0) this.deps.onFacts(facts);
  }

  /** Report the pane's next stable screen again even if it looks like the last one reported (after an answer). */
  forgetReported(key: PaneKey): void {
    const w = this.watched.get(key);
    if (w) w.tracker = { ...w.tracker, reported: null };
  }

  /**
   * Capture this pane as soon as possible instead of at its next window activity or tick: an agent's
   * own event (the opencode plugin) said its screen is changing. The capture goes through the usual
   * stability rules — it only makes the pane's own word arrive sooner.
   */
  lookNow(key: PaneKey): void {
    const w = this.watched.get(key);
    if (!w || !this.running) return;
    w.lookAt = this.deps.clock.now();
    // A waiting timer is brought forward; a tick in flight picks the look up when it reschedules.
    if (this.timer !== null) {
      this.timer.cancel();
      this.timer = null;
      this.schedule(0);
    }
  }

  /** Run one full tick now (serialised with the loop: never two at once). */
  async tick(): Promise<void> {
    while (this.inFlight) await this.inFlight;
    this.inFlight = this.runTick(false).finally(() => (this.inFlight = null));
    await this.inFlight;
  }

  private schedule(delay: number): void {
    if (!this.running) return;
    this.timer = this.deps.clock.setTimeout(() => {
      this.timer = null;
      const now = this.deps.clock.now();
      const recheckOnly = this.nextFullTickAt > now;
      this.inFlight = this.runTick(recheckOnly).finally(() => {
        this.inFlight = null;
        this.schedule(this.delayToNext());
      });
    }, delay);
  }

  private nextFullTickAt = 0;

  private delayToNext(): number {
    const now = this.deps.clock.now();
    let next = this.nextFullTickAt;
    for (const w of this.watched.values()) {
      if (w.recheckAt !== null && w.recheckAt < next) next = w.recheckAt;
      if (w.lookAt !== null) next = now;
    }
    return Math.max(0, next - now);
  }

  private async runTick(recheckOnly: boolean): Promise<void> {
    const { clock, logger } = this.deps;
    const started = clock.now();
    if (!recheckOnly) this.nextFullTickAt = started + this.deps.options.tickMs;
    // Servers are looked at side by side (a slow remote host must not hold up the others); their
    // facts are applied together, in the order of the servers, as before.
    const perClient = await Promise.all(
      [...this.deps.clients].map(async (client) => {
        const facts: Fact[] = [];
        try {
          if (!recheckOnly) await this.refreshPanes(client, facts);
          await this.captureDue(client, recheckOnly, facts);
        } catch (error) {
          this.serverFailed(client, error, facts);
        }
        return facts;
      }),
    );
    const facts = perClient.flat();
    if (facts.length > 0) {
      try {
        this.deps.onFacts(facts);
      } catch (error) {
        logger.log('error', 'observer.facts-handler-failed', { error: String(error) });
      }
    }
  }

  /** List panes of one server; enroll new agent panes, report gone ones. */
  private async refreshPanes(client: TmuxClient, facts: Fact[]): Promise<void> {
    const server = serverKey(client.server);
    const now = this.deps.clock.now();
    const panes = await client.listPanes();
    if (this.downServers.delete(server)) this.deps.logger.log('info', 'observer.server-back', { server });
    let watchedHere = 0;
    for (const w of this.watched.values()) if (w.client === client) watchedHere++;
    // No server (or an empty one) answers with no panes: say so once, the panes below are reported gone.
    if (panes.length === 0 && watchedHere > 0) this.deps.logger.log('info', 'observer.server-gone', { server, panes: watchedHere });
    const overrides = this.deps.overrides?.() ?? NO_OVERRIDES;
    const seen = new Set<PaneKey>();
    let table: Map<number, ProcessEntry> | null = null;
    for (const info of panes) {
      const key = paneKey(server, info.paneId);
      if (overrides.ignored.has(key)) continue;
      // The foreground job decides a shell pane's agent: a job brought to or sent from the foreground
      // (fg, Ctrl-Z, a new command) changes it even when tmux's command name stays the same.
      const local = client.server.host === undefined;
      const foreground =
        local && needsProcessTree(info, this.deps.runtimes) ? (this.deps.processTable.foregroundGroup?.(info.pid) ?? null) : null;
      const sig = `${info.pid}:${info.currentCommand}:${info.dead}:${foreground ?? ''}`;
      let runtimeId = overrides.enrolled.get(key) ?? null;
      if (!runtimeId) {
        const cached = this.detected.get(key);
        if (cached && cached.sig === sig) runtimeId = cached.runtime;
        else {
          // This machine's process table says nothing about another host's panes: there the command decides.
          if (!table && needsProcessTree(info, this.deps.runtimes) && local) table = this.deps.processTable.snapshot();
          runtimeId = detectRuntime(info, this.deps.runtimes, table ?? new Map());
          this.detected.set(key, { sig, runtime: runtimeId });
        }
      }
      const existing = this.watched.get(key);
      if (!runtimeId || info.dead) {
        if (existing) this.forget(key, 'process-exited', now, facts);
        continue;
      }
      seen.add(key);
      if (existing && existing.runtime.id === runtimeId && existing.info.pid === info.pid) {
        existing.info = info;
        continue;
      }
      if (existing) this.forget(key, 'process-exited', now, facts);
      const runtime = this.deps.runtimes.find((r) => r.id === runtimeId);
      if (!runtime) continue;
      this.watched.set(key, { key, client, info, runtime, tracker: initialTracker, lastCaptureAt: 0, recheckAt: null, lookAt: null });
      facts.push({ kind: 'pane-seen', pane: key, at: now, runtime: runtimeId, target: info.target, pid: info.pid });
    }
    for (const [key, w] of this.watched) {
      if (w.client === client && !seen.has(key)) this.forget(key, 'pane-closed', now, facts);
    }
    const listed = new Set(panes.map((p) => paneKey(server, p.paneId)));
    for (const key of this.detected.keys()) {
      if (key.startsWith(`${server}|`) && !listed.has(key)) this.detected.delete(key);
    }
  }

  /** Capture the panes of one server that may have changed, in one batch. */
  private async captureDue(client: TmuxClient, recheckOnly: boolean, facts: Fact[]): Promise<void> {
    const now = this.deps.clock.now();
    const opts = this.deps.options;
    const due: WatchedPane[] = [];
    for (const w of this.watched.values()) {
      if (w.client !== client) continue;
      const recheck = (w.recheckAt !== null && w.recheckAt <= now) || w.lookAt !== null;
      // window_activity has one-second resolution: activity in the same second as our last capture may be newer.
      const active = opts.captureAll === true || w.lastCaptureAt === 0 || w.info.windowActivity >= Math.floor(w.lastCaptureAt / 1000);
      if (recheck || (!recheckOnly && active)) due.push(w);
      else if (!recheckOnly) this.apply(w, trackQuiet(w.tracker, w.key, now, opts), facts);
    }
    if (due.length === 0) return;
    // `-e` is the costly part of a capture: take colour only where a highlight matters or a human will look.
    const colourFor = (w: WatchedPane) =>
      w.runtime.needsColour || !w.tracker.lastScreen || ['permission', 'dialog', 'unknown'].includes(w.tracker.lastScreen.kind);
    // Looks asked for until now are served by this capture (taken even if it fails: no hammering a
    // failing server); one asked for while it is on its way gets its own.
    const requested = this.deps.clock.now();
    for (const w of due) if (w.lookAt !== null && w.lookAt <= requested) w.lookAt = null;
    const captures = await client.capture(due.map((w) => ({ paneId: w.info.paneId, colour: colourFor(w) })));
    const byId = new Map(captures.map((c) => [c.paneId, c]));
    const at = this.deps.clock.now();
    for (const w of due) {
      const capture = byId.get(w.info.paneId);
      if (!capture) continue; // Vanished mid-batch: the next listPanes reports it gone.
      const before = w.tracker.digest;
      this.apply(w, trackCapture(w.tracker, w.key, w.runtime, capture, at, opts), facts);
      w.lastCaptureAt = at;
      // Changed (or not yet proven stable): look again shortly instead of waiting a whole tick.
      w.recheckAt = w.tracker.digest !== before || w.tracker.stableCount < opts.stableCaptures ? at + opts.recheckMs : null;
    }
  }

  private apply(w: WatchedPane, result: { state: TrackerState; facts: Fact[] }, facts: Fact[]): void {
    w.tracker = result.state;
    facts.push(...result.facts);
  }

  private forget(key: PaneKey, reason: 'pane-closed' | 'process-exited' | 'server-gone', at: number, facts: Fact[]): void {
    this.watched.delete(key);
    facts.push({ kind: 'pane-gone', pane: key, at, reason });
  }

  /** A server that stops answering: every pane on it is gone; logged once, quietly retried each tick. */
  private serverFailed(client: TmuxClient, error: unknown, facts: Fact[]): void {
    const server = serverKey(client.server);
    const now = this.deps.clock.now();
    const kind = error instanceof TmuxError ? error.kind : 'failed';
    if (!this.downServers.has(server)) {
      this.downServers.add(server);
      this.deps.logger.log(kind === 'no-server' ? 'info' : 'warn', 'observer.server-unavailable', { server, kind, error: String(error) });
    }
    if (kind === 'no-server' || kind === 'not-installed') {
      for (const [key, w] of this.watched) if (w.client === client) this.forget(key, 'server-gone', now, facts);
    }
  }
}
