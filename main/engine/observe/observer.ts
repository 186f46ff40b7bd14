/**
 * The pane observer: one way a pane's change becomes a fact. Something says a pane may have changed
 * (tmux's change signal, change-signal.ts; window activity on a full look; an agent's own event);
 * the look schedule decides when to look (look-schedule.ts); the due panes of a server are captured
 * in one batch (capture-batch.ts) and the tracker turns captures into facts (pane-tracker.ts).
 * Full looks list the panes (one call per server) to find agent panes and see ones gone: the change
 * signal follows only the windows of agent panes already found, so a new agent (a new session, window
 * or split, or `claude` typed in a shell) is found by the list. A server that announces changes of its
 * pane set (a tmux subscription, change-feed.ts) is listed when it does and every `safetyNetMs`; any
 * other every `tickMs`. The net's looks at panes that showed window activity come with a full look
 * every `tickMs` on a polled server and every `safetyNetMs` on one that gives the change signal. Runs
 * never overlap.
 */
import type { Clock, TimerHandle } from '../platform/clock.ts';
import type { Logger } from '../platform/log.ts';
import type { ProcessEntry, ProcessTable } from '../platform/process-table.ts';
import type { Fact, PaneKey } from '../sessions/facts.ts';
import { paneKey } from '../sessions/facts.ts';
import type { RuntimeId, RuntimeModule, Screen } from '../runtimes/types.ts';
import type { PaneInfo, TmuxClient } from '../tmux/types.ts';
import { serverKey, TmuxError } from '../tmux/types.ts';
import { captureBatch } from './capture-batch.ts';
import type { ProvenLook } from './proven-looks.ts';
import { ProvenLooks } from './proven-looks.ts';
import type { ChangeSignal, ServerMode } from './change-signal.ts';
import { ChangeSignals } from './change-signal.ts';
import { detectRuntime, needsProcessTree } from './discovery.ts';
import type { LookOptions, ObserveMode } from './look-schedule.ts';
import { asked, askedByNet, dueAt, noLook, signalled, urgentDueAt } from './look-schedule.ts';
import type { TrackerOptions } from './pane-tracker.ts';
import { initialTracker, trackQuiet } from './pane-tracker.ts';
import type { WatchedPane } from './watched-pane.ts';

export type { WatchedPane } from './watched-pane.ts';

export interface ObserverOptions extends TrackerOptions {
  /** `events` (default `poll` here; the config's default is events): look when tmux says a pane wrote. */
  readonly mode?: ObserveMode;
  /** Poll: the pace of full looks. */
  readonly tickMs: number;
  /** Poll: the confirming look after a changed screen. */
  readonly recheckMs: number;
  /** Events: quiet time before a look and before the confirming look (default 60). */
  readonly settleMs?: number;
  /** Events: a pane that never goes quiet is looked at this often (default 1000). */
  readonly busyLookMs?: number;
  /** Events: the pace of full looks, the safety net (default 5000). */
  readonly safetyNetMs?: number;
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

/**
 * Runs closer together than this are merged: signals from many panes cost one batch, and the facts of
 * one batch are one write of the truth (a run per signal made the engine cost more than polling). Each
 * run is a round trip to every server with a pane due (over ssh, a packet each way), so this caps them
 * at 20 a second: 40 agents prompting every few seconds over ssh took 25 runs a second at 25 ms and the
 * engine 9.7 % of a core, 16 a second at 50 ms and 8.0 %, for 33 ms more at the detection p95.
 */
const MIN_RUN_GAP_MS = 50;

/**
 * Panes captured per server in one run, the earliest due first and the safety net's looks last; the
 * rest are due at once and go in the next run. A net that finds a hundred active windows must not
 * hold up a prompt just drawn.
 */
export const MAX_BATCH = 24;

/**
 * Captures on servers over ssh with the change signal go on a grid of slots this long, shared by every
 * such server, one batch per server per slot: each batch is a round trip through ssh and the host's
 * tmux, which costs both ends more than the captures themselves, and agents that change often
 * (prompting every few seconds) would otherwise each get batches of their own. The grid is shared so
 * that the hosts' batches go in one run and their replies come back together: every run and every read
 * wakes the engine, and a wake-up costs more than the work it does (over ssh the engine's CPU went with
 * its runs, not its captures). A look waits at most this long for its slot (the remote target is 500 ms
 * at p95, local 300).
 */
export const REMOTE_BATCH_GAP_MS = 150;

/** Over ssh: when a look due at `due` can go — its slot on the shared grid, after the host's last (`lastSlot`). */
export function remoteSlotTime(due: number, lastSlot: number | undefined): number {
  return Math.max(Math.ceil(due / REMOTE_BATCH_GAP_MS) * REMOTE_BATCH_GAP_MS, nextFreeSlotAt(lastSlot));
}

/** The first slot a host whose last batch filled `lastSlot` may take (any, for one that never batched). */
function nextFreeSlotAt(lastSlot: number | undefined): number {
  return ((lastSlot ?? -Infinity) + 1) * REMOTE_BATCH_GAP_MS;
}

/** The slot a batch taken at `now` fills (the nearest: a timer fires a little late, a run may come between slots). */
export function remoteSlotOf(now: number): number {
  return Math.round(now / REMOTE_BATCH_GAP_MS);
}

export class PaneObserver {
  private readonly watched = new Map<PaneKey, WatchedPane>();
  /** Detection cache: pane → (pid, command and foreground group it was detected for, result). */
  private readonly detected = new Map<PaneKey, { sig: string; runtime: RuntimeId | null }>();
  private readonly downServers = new Set<string>();
  /** When each server's next full look (pane list) is due. */
  private readonly fullLookAt = new Map<TmuxClient, number>();
  /** When each server's next safety-net looks are due (servers with the change signal). */
  private readonly netLookAt = new Map<TmuxClient, number>();
  /** The grid slot of each server over ssh's last capture batch (its next goes in a later one). */
  private readonly lastSlot = new Map<TmuxClient, number>();
  private readonly signals: ChangeSignals;
  private readonly look: LookOptions;
  private timer: TimerHandle | null = null;
  private timerAt = Infinity;
  private lastRunAt = -Infinity;
  private running = false;
  private inFlight: Promise<void> | null = null;
  private firstLookDone = false;
  private readonly firstLookWaiters: (() => void)[] = [];
  private readonly proven: ProvenLooks;

  constructor(private readonly deps: ObserverDeps) {
    const o = deps.options;
    this.look = { recheckMs: o.recheckMs, settleMs: o.settleMs ?? 60, busyLookMs: o.busyLookMs ?? 1000 };
    this.signals = new ChangeSignals(o.mode ?? 'poll', deps.logger, (signal) => this.onSignal(signal));
    this.proven = new ProvenLooks(deps.clock);
  }

  /** Start ticking. The first tick runs at once. */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.schedule();
  }

  /** Stop ticking; resolves when the tick in flight (if any) has finished. No timer survives. */
  async stop(): Promise<void> {
    this.running = false;
    this.cancelTimer();
    for (const done of this.firstLookWaiters.splice(0)) done();
    this.proven.close();
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

  /** How each server's panes are watched (events or poll, and why poll when events were asked for). */
  modes(): ServerMode[] {
    return this.signals.modes(this.deps.clients);
  }

  /**
   * Resolves once the first full look of every server has finished, or after `timeoutMs`. Until then
   * a pane the observer does not watch may simply not have been seen yet (an engine just started,
   * answering a press that waited for it), so it is not yet proof that the pane is gone.
   */
  whenFirstLookDone(timeoutMs: number): Promise<void> {
    // A stopped observer looks at nothing: waiting would only delay the answer.
    if (this.firstLookDone || !this.running) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = this.deps.clock.setTimeout(resolve, timeoutMs);
      this.firstLookWaiters.push(() => {
        timer.cancel();
        resolve();
      });
    });
  }

  /**
   * The next look at `key` this observer proves (two captures that agree, or a working screen) from a
   * capture asked of tmux after `after`; null when none comes within `withinMs`, and at once for a pane
   * on a polled server (its next look is up to a tick away: the caller looks for itself).
   */
  nextProvenLook(key: PaneKey, after: number, withinMs: number): Promise<ProvenLook | null> {
    const w = this.watched.get(key);
    if (!w || !this.running || this.signals.modeOf(w.client) !== 'events') return Promise.resolve(null);
    return this.proven.next(key, after, withinMs);
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
    this.fullLookAt.delete(client);
    this.netLookAt.delete(client);
    this.lastSlot.delete(client);
    this.signals.forget(client);
    if (facts.length > 0) this.deps.onFacts(facts);
  }

  /** Report the pane's next stable screen again even if it looks like the last one reported (after an answer). */
  forgetReported(key: PaneKey): void {
    const w = this.watched.get(key);
    if (w) w.tracker = { ...w.tracker, reported: null };
  }

  /**
   * Capture this pane as soon as possible instead of at its next change or tick: an agent's own event
   * (the opencode plugin) said its screen is changing. The capture goes through the usual stability
   * rules — it only makes the pane's own word arrive sooner.
   */
  lookNow(key: PaneKey): void {
    const w = this.watched.get(key);
    if (!w || !this.running) return;
    w.look = asked(w.look, this.deps.clock.now());
    this.schedule();
  }

  /** Run one full look of every server now (serialised with the loop: never two at once). */
  async tick(): Promise<void> {
    while (this.inFlight) await this.inFlight;
    this.inFlight = this.run(true).finally(() => (this.inFlight = null));
    await this.inFlight;
  }

  private onSignal(signal: ChangeSignal): void {
    const now = this.deps.clock.now();
    if (signal.kind === 'panes') {
      // A pane came, went or runs another command: list this server's panes now.
      this.fullLookAt.set(signal.client, now);
    } else if (signal.kind === 'server') {
      // A new control connection: nothing is followed in its watcher session yet, and any pane may
      // have changed unseen. A full look now follows the panes again and looks at every one.
      this.fullLookAt.set(signal.client, now);
      this.netLookAt.set(signal.client, now);
      for (const w of this.watched.values()) if (w.client === signal.client) w.look = asked(w.look, now);
    } else {
      const w = this.watched.get(signal.pane);
      if (!w) return;
      w.look = signalled(w.look, now, signal.paused);
      // The hot path (a busy pane signals often): a timer is set whenever the loop runs and not in
      // flight, and never put off, so only this pane's look can come sooner; the others need no scan.
      const due = dueAt(w.look, this.look);
      if (this.inFlight || due === null) return;
      if (this.timer !== null) return this.scheduleAt(this.goesAt(w.client, due), now);
    }
    this.schedule();
  }

  /** Set the timer for the next thing due, unless one is already set that early (or a run is in flight: it reschedules). */
  private schedule(): void {
    if (!this.running || this.inFlight) return;
    const now = this.deps.clock.now();
    const due = this.nextDue(now);
    // No server and no pane (every host removed): still look again at the poll pace, for servers added meanwhile.
    this.scheduleAt(Number.isFinite(due) ? due : now + this.deps.options.tickMs, now);
  }

  /** Run at `due` (runs stay MIN_RUN_GAP_MS apart), unless the timer is already set that early. */
  private scheduleAt(due: number, now: number): void {
    if (!this.running || this.inFlight) return;
    const next = Math.max(due, this.lastRunAt + MIN_RUN_GAP_MS);
    if (this.timer !== null && this.timerAt <= next) return;
    this.cancelTimer();
    this.timerAt = next;
    this.timer = this.deps.clock.setTimeout(
      () => {
        this.timer = null;
        this.timerAt = Infinity;
        this.inFlight = this.run(false).finally(() => {
          this.inFlight = null;
          this.schedule();
        });
      },
      Math.max(0, next - now),
    );
  }

  private cancelTimer(): void {
    this.timer?.cancel();
    this.timer = null;
    this.timerAt = Infinity;
  }

  /** The earliest full look or pane look due (a server never looked at is due now). */
  private nextDue(now: number): number {
    let next = Infinity;
    for (const client of this.deps.clients) next = Math.min(next, this.fullLookAt.get(client) ?? now);
    for (const w of this.watched.values()) {
      const due = dueAt(w.look, this.look);
      if (due === null) continue;
      const at = this.goesAt(w.client, due);
      if (at < next) next = at;
    }
    return next;
  }

  /**
   * When a look due at `due` on this server can go: at its slot on a host over ssh with the change signal,
   * else at once (polled, the hosts' batches already go together on each tick and its recheck; the grid
   * only delayed them: poll's detection p95 over ssh went from 1.25 s to 1.4 s with it).
   */
  private goesAt(client: TmuxClient, due: number): number {
    return this.onGrid(client) ? remoteSlotTime(due, this.lastSlot.get(client)) : due;
  }

  private onGrid(client: TmuxClient): boolean {
    return client.server.host !== undefined && this.signals.modeOf(client) === 'events';
  }

  private fullLookMs(client: TmuxClient): number {
    const o = this.deps.options;
    return this.signals.modeOf(client) === 'events' ? (o.safetyNetMs ?? 5000) : o.tickMs;
  }

  private async run(allFull: boolean): Promise<void> {
    const { clock, logger } = this.deps;
    const started = clock.now();
    this.lastRunAt = started;
    // Servers are looked at side by side (a slow remote host must not hold up the others); their
    // facts are applied together, in the order of the servers.
    const perClient = await Promise.all(
      [...this.deps.clients].map(async (client) => {
        const facts: Fact[] = [];
        const full = allFull || (this.fullLookAt.get(client) ?? started) <= started;
        try {
          if (full) {
            const nextList = started + this.deps.options.tickMs;
            this.fullLookAt.set(client, nextList);
            await this.refreshPanes(client, facts);
            await this.signals.follow(
              client,
              this.panesOf(client).map((w) => w.info),
            );
            if (allFull || this.signals.modeOf(client) === 'poll' || (this.netLookAt.get(client) ?? started) <= started) {
              this.netLookAt.set(client, started + this.fullLookMs(client));
              this.askActive(client, started, facts);
            } else this.askNew(client, started);
            // Told when the pane set changes, the next list is the net's: a new agent still waits no longer
            // than tmux's second. Unless the set changed again while this list was under way.
            if (this.signals.announcesPanes(client) && this.fullLookAt.get(client) === nextList)
              this.fullLookAt.set(client, this.netLookAt.get(client) ?? nextList);
          }
          const now = clock.now();
          const grid = this.onGrid(client);
          // A host on the grid whose next slot has not come takes nothing: its due panes stay due.
          if (grid && nextFreeSlotAt(this.lastSlot.get(client)) > now) return facts;
          const due = this.panesOf(client)
            .map((w) => ({ w, at: dueAt(w.look, this.look) ?? Infinity, urgent: urgentDueAt(w.look, this.look) ?? Infinity }))
            .filter((d) => d.at !== Infinity && this.goesAt(client, d.at) <= now)
            .sort((a, b) => a.urgent - b.urgent || a.at - b.at)
            .slice(0, MAX_BATCH)
            .map((d) => d.w);
          if (due.length > 0 && grid) this.lastSlot.set(client, remoteSlotOf(now));
          const onLook = (w: WatchedPane, requestedAt: number) => this.provedLook(w, requestedAt);
          await captureBatch(
            client,
            due,
            this.signals.modeOf(client),
            { clock, options: { ...this.deps.options, ...this.look }, onLook },
            facts,
          );
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
    if (!this.firstLookDone) {
      this.firstLookDone = true;
      for (const done of this.firstLookWaiters.splice(0)) done();
    }
  }

  /** After a capture of `w`: a screen its stability rule proved goes to whoever waits for one. */
  private provedLook(w: WatchedPane, requestedAt: number): void {
    const screen = w.tracker.lastScreen;
    if (!screen || !(screen.kind === 'working' || w.tracker.stableCount >= this.deps.options.stableCaptures)) return;
    this.proven.proved(w.key, { kind: 'screen', screen, runtime: w.runtime, requestedAt });
  }

  private panesOf(client: TmuxClient): WatchedPane[] {
    const panes: WatchedPane[] = [];
    for (const w of this.watched.values()) if (w.client === client) panes.push(w);
    return panes;
  }

  /**
   * On a full look: a pane whose window showed activity since its last capture gets a look (the
   * whole path in poll mode; in events mode the safety net for a lost signal). A quiet one still
   * ages: an unexplained screen is reported once it stayed long enough.
   */
  /** Between the net's looks: a pane found by this list is looked at now, as on any full look. */
  private askNew(client: TmuxClient, now: number): void {
    for (const w of this.panesOf(client)) if (w.lastCaptureSecond === 0) w.look = asked(w.look, now);
  }

  private askActive(client: TmuxClient, now: number, facts: Fact[]): void {
    const opts = this.deps.options;
    const events = this.signals.modeOf(client) === 'events';
    for (const w of this.panesOf(client)) {
      // window_activity has one-second resolution: activity in the same second as our last capture may be
      // newer. Both seconds are the pane's server's: a host whose clock is behind ours would otherwise
      // never look active again, one ahead always.
      const active = opts.captureAll === true || w.lastCaptureSecond === 0 || w.info.windowActivity >= w.lastCaptureSecond;
      // With the signal, these are the net's looks: after every look a signal asked for (a prompt just drawn).
      if (active) w.look = events ? askedByNet(w.look, now) : asked(w.look, now);
      else if (dueAt(w.look, this.look) === null) {
        const result = trackQuiet(w.tracker, w.key, now, opts);
        w.tracker = result.state;
        facts.push(...result.facts);
      }
    }
  }

  /** List panes of one server; enroll new agent panes, report gone ones. */
  private async refreshPanes(client: TmuxClient, facts: Fact[]): Promise<void> {
    const server = serverKey(client.server);
    const now = this.deps.clock.now();
    const panes = await client.listPanes();
    if (this.downServers.delete(server)) this.deps.logger.log('info', 'observer.server-back', { server });
    const watchedHere = this.panesOf(client).length;
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
      this.watched.set(key, { key, client, info, runtime, tracker: initialTracker, lastCaptureSecond: 0, look: noLook });
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

  private forget(key: PaneKey, reason: 'pane-closed' | 'process-exited' | 'server-gone', at: number, facts: Fact[]): void {
    this.watched.delete(key);
    this.proven.gone(key, at);
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
