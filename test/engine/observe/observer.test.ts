// Rules guarded: ticks never overlap (two tmux conversations at once would interleave); a changed
// pane is looked at again after `recheckMs` to prove stability, and a screen becomes a fact only
// once stable; a quiet window is not captured; only agent panes are watched (ignored ones never);
// a server that is gone takes its panes with it, but a failed call alone is not evidence that panes
// are gone; a pane whose agent process changed is a new pane; after stop() no timer survives; an
// agent's own event (lookNow) gets its pane captured at once, not at the next tick; window activity is
// compared with the capture's second on the pane's own server's clock (a host over ssh may be off ours).
import { describe, expect, it } from 'vitest';
import type { ObserverOptions, PaneOverrides } from '../../../main/engine/observe/observer.ts';
import { PaneObserver, REMOTE_BATCH_GAP_MS } from '../../../main/engine/observe/observer.ts';
import { MemoryLogger } from '../../../main/engine/platform/log.ts';
import type { ProcessEntry, ProcessTable } from '../../../main/engine/platform/process-table.ts';
import { RUNTIMES } from '../../../main/engine/runtimes/catalog.ts';
import type { Fact } from '../../../main/engine/sessions/facts.ts';
import type { CaptureRequest, PaneInfo, PaneScreenCapture, TmuxClient } from '../../../main/engine/tmux/types.ts';
import { TmuxError } from '../../../main/engine/tmux/types.ts';
import { ManualClock } from '../../support/manual-clock.ts';
import { CLAUDE_FIXTURES, plainLines } from '../runtimes/claude/load-fixture.ts';

const T0 = 1_700_000_000_000;
const OPTIONS: ObserverOptions = { tickMs: 1000, recheckMs: 250, stableCaptures: 2, unexplainedAfterMs: 30_000 };

const paneInfo = (paneId: string, over: Partial<PaneInfo> = {}): PaneInfo => ({
  paneId,
  sessionName: 'work',
  sessionId: '$1',
  windowIndex: 1,
  windowId: '@1',
  paneIndex: Number(paneId.slice(1)),
  target: `work:1.${paneId.slice(1)}`,
  pid: 100 + Number(paneId.slice(1)),
  currentCommand: 'claude',
  currentPath: '/work',
  width: 120,
  height: 40,
  alternateOn: true,
  dead: false,
  windowActivity: Math.floor(T0 / 1000),
  title: '',
  ...over,
});

/** A tmux server in memory: panes, what each shows, and every call made (with overlap detection). */
class FakeTmux implements TmuxClient {
  readonly server = { kind: 'default' } as const;
  panes: PaneInfo[] = [];
  screens = new Map<string, string[]>();
  captured: string[][] = [];
  listFailure: Error | null = null;
  inCall = 0;
  overlapped = false;
  /** Hold the next listPanes until released, to catch a second tick starting meanwhile. */
  hold: Promise<void> | null = null;
  /** The server's own clock, in seconds, put on each capture (a control client's reply says it); null: not said. */
  serverSecond: (() => number) | null = null;

  private async call<T>(fn: () => T): Promise<T> {
    if (this.inCall > 0) this.overlapped = true;
    this.inCall++;
    try {
      if (this.hold) await this.hold;
      return fn();
    } finally {
      this.inCall--;
    }
  }
  listPanes() {
    return this.call(() => {
      if (this.listFailure) throw this.listFailure;
      return [...this.panes];
    });
  }
  capture(requests: readonly CaptureRequest[]) {
    return this.call(() => {
      this.captured.push(requests.map((r) => r.paneId));
      return requests.flatMap((r): PaneScreenCapture[] =>
        this.screens.has(r.paneId)
          ? [{ paneId: r.paneId, lines: this.screens.get(r.paneId)!, ...(this.serverSecond ? { serverSecond: this.serverSecond() } : {}) }]
          : [],
      );
    });
  }
  async listClients() {
    return [];
  }
  async sendKeys() {}
  async sendText() {}
  async pasteText() {}
  async focusPane() {}
  async command() {
    return '';
  }
  async close() {}
}

/** A change feed that follows every pane and never signals: the server is watched in events mode. */
const silentFeed = () => ({ unavailable: null, listen: () => {}, follow: async () => true });

/** An observer over `clients` on a manual clock, started, with a step that moves the clock 10 ms at a time. */
function observedOnClock(clients: TmuxClient[], clock: ManualClock, mode: 'events' | 'poll') {
  const facts: Fact[] = [];
  const observer = new PaneObserver({
    clients,
    runtimes: RUNTIMES,
    clock,
    logger: new MemoryLogger(),
    processTable: { snapshot: () => new Map() },
    options: { ...OPTIONS, mode },
    onFacts: (f) => facts.push(...f),
  });
  const settle = async () => {
    for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
  };
  const step = async (ms: number) => {
    for (let i = 0; i < ms; i += 10) {
      clock.advance(10);
      await settle();
    }
  };
  observer.start();
  clock.advance(0);
  return { observer, facts, settle, step };
}

function setup(overrides?: PaneOverrides, processTable: ProcessTable = { snapshot: () => new Map() }) {
  const clock = new ManualClock(T0);
  const tmux = new FakeTmux();
  const facts: Fact[] = [];
  const logger = new MemoryLogger();
  const observer = new PaneObserver({
    clients: [tmux],
    runtimes: RUNTIMES,
    clock,
    logger,
    processTable,
    options: OPTIONS,
    ...(overrides ? { overrides: () => overrides } : {}),
    onFacts: (f) => facts.push(...f),
  });
  const kinds = () =>
    facts.map((f) => `${f.kind}${f.kind === 'screen' ? `:${f.screen.kind}` : ''}${f.kind === 'pane-gone' ? `:${f.reason}` : ''}`);
  return { clock, tmux, facts, observer, kinds, logger };
}

const PERM = plainLines(CLAUDE_FIXTURES, 'perm-bash');
const IDLE = plainLines(CLAUDE_FIXTURES, 'idle-after-turn');

describe('PaneObserver', () => {
  it('reports an agent pane, and its screen only once two captures agree', async () => {
    const t = setup();
    t.tmux.panes = [paneInfo('%1')];
    t.tmux.screens.set('%1', PERM);
    await t.observer.tick();
    expect(t.kinds()).toEqual(['pane-seen']);
    t.clock.advance(OPTIONS.recheckMs);
    await t.observer.tick();
    expect(t.kinds()).toEqual(['pane-seen', 'screen:permission']);
  });

  it('does not watch a plain shell, nor an ignored agent pane', async () => {
    const t = setup({ enrolled: new Map(), ignored: new Set(['default|%2']) });
    t.tmux.panes = [paneInfo('%1', { currentCommand: 'bash' }), paneInfo('%2')];
    t.tmux.screens.set('%1', ['$ ']);
    t.tmux.screens.set('%2', PERM);
    await t.observer.tick();
    expect(t.facts).toEqual([]);
    expect(t.tmux.captured.flat()).toEqual([]);
  });

  it('decides a shell pane again when its foreground job changes (fg / Ctrl-Z), though its command stays the same', async () => {
    // bash (pid 100, group 100) with claude as job 300: in the background, then brought to the foreground.
    let foreground = 100;
    const processTable: ProcessTable = {
      snapshot: () =>
        new Map<number, ProcessEntry>([
          [100, { pid: 100, ppid: 1, comm: 'bash', argv: '-bash', pgrp: 100, tpgid: foreground }],
          [300, { pid: 300, ppid: 100, comm: 'claude', argv: 'claude', pgrp: 300, tpgid: foreground }],
        ]),
      foregroundGroup: () => foreground,
    };
    const t = setup(undefined, processTable);
    t.tmux.panes = [paneInfo('%1', { currentCommand: 'bash', pid: 100 })];
    t.tmux.screens.set('%1', IDLE);
    await t.observer.tick();
    expect(t.kinds()).toEqual([]);
    foreground = 300;
    t.clock.advance(OPTIONS.tickMs);
    await t.observer.tick();
    expect(t.kinds()).toEqual(['pane-seen']);
    foreground = 100;
    t.clock.advance(OPTIONS.tickMs);
    await t.observer.tick();
    expect(t.kinds()).toEqual(['pane-seen', 'pane-gone:process-exited']);
  });

  it('does not capture a pane whose window showed no activity since the last capture', async () => {
    const t = setup();
    // Last activity a minute ago: the first look captures (nothing known yet), the recheck proves it stable.
    t.tmux.panes = [paneInfo('%1', { windowActivity: Math.floor(T0 / 1000) - 60 })];
    t.tmux.screens.set('%1', IDLE);
    await t.observer.tick();
    t.clock.advance(OPTIONS.recheckMs);
    await t.observer.tick();
    const captures = t.tmux.captured.length;
    t.clock.advance(5000);
    await t.observer.tick();
    expect(t.tmux.captured.length).toBe(captures);
    expect(captures).toBe(2);
    t.tmux.panes = [paneInfo('%1', { windowActivity: Math.floor(t.clock.now() / 1000) })];
    await t.observer.tick();
    expect(t.tmux.captured.length).toBe(captures + 1);
  });

  it.each([
    ['an hour behind ours', -3600],
    ['an hour ahead of ours', 3600],
  ])('compares window activity with the capture’s second on the pane’s own server, its clock %s', async (_, offsetS) => {
    const t = setup();
    const serverNow = () => Math.floor(t.clock.now() / 1000) + offsetS;
    t.tmux.serverSecond = serverNow;
    t.tmux.panes = [paneInfo('%1', { windowActivity: serverNow() - 60 })];
    t.tmux.screens.set('%1', IDLE);
    await t.observer.tick();
    t.clock.advance(OPTIONS.recheckMs);
    await t.observer.tick();
    expect(t.tmux.captured).toHaveLength(2);
    // Quiet: no capture on later ticks (a server ahead of us once looked active on every tick).
    t.clock.advance(5000);
    await t.observer.tick();
    expect(t.tmux.captured).toHaveLength(2);
    // Output now, on the server's clock: looked at (a server behind us once never looked active again).
    t.tmux.panes = [paneInfo('%1', { windowActivity: serverNow() })];
    await t.observer.tick();
    expect(t.tmux.captured).toHaveLength(3);
  });

  it('looks at a changed pane again after recheckMs, without waiting for the next tick', async () => {
    const t = setup();
    t.tmux.panes = [paneInfo('%1')];
    t.tmux.screens.set('%1', IDLE);
    const settle = async () => {
      for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
    };
    t.observer.start();
    t.clock.advance(0);
    await settle();
    expect(t.tmux.captured).toHaveLength(1);
    t.clock.advance(OPTIONS.recheckMs - 1);
    await settle();
    expect(t.tmux.captured).toHaveLength(1);
    t.clock.advance(1);
    await settle();
    expect(t.tmux.captured).toHaveLength(2);
    expect(t.kinds()).toEqual(['pane-seen', 'screen:idle']);
    await t.observer.stop();
  });

  it("lookNow captures a quiet pane at once (an agent's own event said it changed), once per look", async () => {
    const t = setup();
    t.tmux.panes = [paneInfo('%1', { windowActivity: Math.floor(T0 / 1000) - 60 })];
    t.tmux.screens.set('%1', IDLE);
    const settle = async () => {
      for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
    };
    t.observer.start();
    t.clock.advance(0);
    await settle();
    t.clock.advance(OPTIONS.recheckMs);
    await settle();
    expect(t.tmux.captured).toHaveLength(2); // first look and its stability recheck; then quiet
    t.clock.advance(100);
    await settle();
    expect(t.tmux.captured).toHaveLength(2);
    t.tmux.screens.set('%1', PERM);
    const key = t.facts.find((f) => f.kind === 'pane-seen')!.pane;
    t.observer.lookNow('no-such|%9');
    t.observer.lookNow(key);
    t.clock.advance(0);
    await settle();
    expect(t.tmux.captured).toHaveLength(3); // well before the next tick (1000 ms)
    // The changed screen is rechecked as usual and becomes a fact; no further look without a new ask.
    t.clock.advance(OPTIONS.recheckMs);
    await settle();
    expect(t.kinds()).toEqual(['pane-seen', 'screen:idle', 'screen:permission']);
    const after = t.tmux.captured.length;
    t.clock.advance(OPTIONS.recheckMs);
    await settle();
    expect(t.tmux.captured).toHaveLength(after);
    await t.observer.stop();
    t.observer.lookNow(key);
    t.clock.advance(5000);
    await settle();
    expect(t.tmux.captured).toHaveLength(after);
  });

  it('puts capture batches on a host over ssh with the change signal on the shared grid of REMOTE_BATCH_GAP_MS slots, one a slot (a round trip each), and a local server to the run gap', async () => {
    const batchTimes = async (host: string | undefined, mode: 'events' | 'poll' = 'events') => {
      const clock = new ManualClock(T0);
      const tmux = new FakeTmux();
      Object.assign(tmux, { server: host === undefined ? { kind: 'default' } : { kind: 'default', host } });
      if (mode === 'events') Object.assign(tmux, { changes: silentFeed() });
      const times: number[] = [];
      const capture = tmux.capture.bind(tmux);
      tmux.capture = (requests) => (times.push(clock.now() - T0), capture(requests));
      tmux.panes = [paneInfo('%1', { windowActivity: 0 }), paneInfo('%2', { windowActivity: 0 })];
      tmux.screens.set('%1', IDLE);
      tmux.screens.set('%2', IDLE);
      const { observer, facts, settle, step } = observedOnClock([tmux], clock, mode);
      await settle();
      await step(500); // the first looks and their rechecks
      const keys = facts.filter((f) => f.kind === 'pane-seen').map((f) => f.pane);
      const from = times.length;
      observer.lookNow(keys[0]!);
      await step(60);
      observer.lookNow(keys[1]!);
      await step(200);
      await observer.stop();
      return times.slice(from).map((t) => t - 500);
    };
    // Over ssh each look waits for its slot on the shared grid (every host's batches then go in one run),
    // one batch per slot: the second pane's look, asked 60 ms after the first, goes a whole slot later.
    const remote = await batchTimes('gpu');
    expect(remote).toHaveLength(2);
    for (const t of remote) expect((T0 + 500 + t) % REMOTE_BATCH_GAP_MS).toBe(0);
    expect(remote[0]).toBeLessThan(REMOTE_BATCH_GAP_MS);
    expect(remote[1]! - remote[0]!).toBe(REMOTE_BATCH_GAP_MS);
    // Locally it goes one run gap (50 ms) after the first, at once; so does a polled host over ssh (its
    // batches already go together on each tick).
    expect(await batchTimes(undefined)).toEqual([0, 60]);
    expect(await batchTimes('gpu', 'poll')).toEqual([0, 60]);
  });

  it('takes the batches of two hosts over ssh in the same slot, so the engine wakes once for both', async () => {
    const clock = new ManualClock(T0);
    const times = new Map<string, number[]>();
    const hosts = ['gpu', 'cpu'].map((host) => {
      const tmux = new FakeTmux();
      Object.assign(tmux, { server: { kind: 'default', host }, changes: silentFeed() });
      const capture = tmux.capture.bind(tmux);
      tmux.capture = (requests) => (times.set(host, [...(times.get(host) ?? []), clock.now()]), capture(requests));
      tmux.panes = [paneInfo('%1', { windowActivity: 0 })];
      tmux.screens.set('%1', IDLE);
      return tmux;
    });
    const { observer, facts, settle, step } = observedOnClock(hosts, clock, 'events');
    await settle();
    await step(600);
    const [a, b] = facts.filter((f) => f.kind === 'pane-seen').map((f) => f.pane);
    times.clear();
    observer.lookNow(a!);
    await step(40);
    observer.lookNow(b!);
    await step(300);
    await observer.stop();
    expect(times.get('gpu')).toHaveLength(1);
    expect(times.get('cpu')).toEqual(times.get('gpu'));
  });

  it('never runs two ticks at once', async () => {
    const t = setup();
    t.tmux.panes = [paneInfo('%1')];
    t.tmux.screens.set('%1', IDLE);
    let release!: () => void;
    t.tmux.hold = new Promise((r) => (release = r));
    const a = t.observer.tick();
    const b = t.observer.tick();
    await Promise.resolve();
    release();
    t.tmux.hold = null;
    await Promise.all([a, b]);
    expect(t.tmux.overlapped).toBe(false);
  });

  it('reports the panes of a server that is gone, once', async () => {
    const t = setup();
    t.tmux.panes = [paneInfo('%1')];
    t.tmux.screens.set('%1', IDLE);
    await t.observer.tick();
    t.tmux.listFailure = new TmuxError('no-server', 'list-panes', 'no server running');
    await t.observer.tick();
    await t.observer.tick();
    expect(t.kinds()).toEqual(['pane-seen', 'pane-gone:server-gone']);
    expect(t.logger.entries.filter((r) => r.event === 'observer.server-unavailable')).toHaveLength(1);
  });

  it('does not take a failed tmux call as evidence that panes are gone', async () => {
    const t = setup();
    t.tmux.panes = [paneInfo('%1')];
    t.tmux.screens.set('%1', IDLE);
    await t.observer.tick();
    t.tmux.listFailure = new TmuxError('failed', 'list-panes', 'protocol error');
    await t.observer.tick();
    expect(t.kinds()).toEqual(['pane-seen']);
    expect(t.observer.pane('default|%1')).toBeDefined();
  });

  it('treats a new agent process in the same pane as a new pane', async () => {
    const t = setup();
    t.tmux.panes = [paneInfo('%1')];
    t.tmux.screens.set('%1', IDLE);
    await t.observer.tick();
    t.tmux.panes = [paneInfo('%1', { pid: 999 })];
    t.clock.advance(OPTIONS.tickMs);
    await t.observer.tick();
    expect(t.kinds().slice(0, 3)).toEqual(['pane-seen', 'pane-gone:process-exited', 'pane-seen']);
  });

  it('reports a closed pane as gone', async () => {
    const t = setup();
    t.tmux.panes = [paneInfo('%1')];
    t.tmux.screens.set('%1', IDLE);
    await t.observer.tick();
    t.tmux.panes = [];
    await t.observer.tick();
    expect(t.kinds()).toEqual(['pane-seen', 'pane-gone:pane-closed']);
  });

  it('leaves no timer behind after stop()', async () => {
    const t = setup();
    t.tmux.panes = [paneInfo('%1')];
    t.tmux.screens.set('%1', IDLE);
    t.observer.start();
    t.clock.advance(0);
    for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
    expect(t.clock.pending).toBe(1);
    await t.observer.stop();
    expect(t.clock.pending).toBe(0);
  });
});
