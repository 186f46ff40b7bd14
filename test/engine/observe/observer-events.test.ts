// Rules guarded, on a real tmux server: in `events` mode a prompt drawn reaches the facts with no
// tick of the safety net (the observer's clock is stepped only by settle-sized steps and never
// reaches the net); a pane that streams (a 100 ms spinner and text) costs a bounded number of
// captures; a lost signal is caught by the safety net's full look; in `poll` mode nothing is
// looked at between ticks, as before; a frame caught mid-draw never becomes a prompt; a user who
// kills their session still kills its windows (the watcher session's links never keep them alive); a
// working agent's window sits at the front of the watcher session while it is held, and goes back after,
// with the user's own session untouched even under `renumber-windows on`; a server where a terminal's own
// control client is attached is polled, none of its windows linked (the terminal would close their tabs);
// an action waiting for the pane's next proven look gets the observer's own, and an approve's confirm
// takes no capture of its own after the key where the change signal runs (only the re-verify before it).
import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ObserverOptions } from '../../../main/engine/observe/observer.ts';
import { PaneObserver } from '../../../main/engine/observe/observer.ts';
import { systemClock } from '../../../main/engine/platform/clock.ts';
import { silentLogger } from '../../../main/engine/platform/log.ts';
import { procProcessTable } from '../../../main/engine/platform/process-table.ts';
import { realRunner } from '../../../main/engine/platform/run.ts';
import { RUNTIMES } from '../../../main/engine/runtimes/catalog.ts';
import type { Fact } from '../../../main/engine/sessions/facts.ts';
import { ControlModeClient } from '../../../main/engine/tmux/control-client.ts';
import type { CaptureRequest, PaneChange, PaneScreenCapture, TmuxClient } from '../../../main/engine/tmux/types.ts';
import { ManualClock } from '../../support/manual-clock.ts';
import { poll } from '../../support/poll.ts';
import type { PrivateTmux } from '../../support/tmux-server.ts';
import { startPrivateTmux, testTmuxEnv } from '../../support/tmux-server.ts';
import { runnerWithEnv } from '../../../main/engine/platform/runner-with-env.ts';
import { BACK_FIRST } from '../../../main/engine/tmux/watcher-windows.ts';
import { tmuxGlobalArgs } from '../../../main/engine/tmux/server-args.ts';
import { CLAUDE_FIXTURES } from '../runtimes/claude/load-fixture.ts';
import { answerPrompt } from '../../../main/engine/actions/answer-prompt.ts';
import { observerPaneAccess } from '../../../main/engine/actions/pane-access.ts';
import { settledLooks } from '../../../main/engine/actions/settled-look.ts';
import { fingerprintOf } from '../../../main/engine/runtimes/common/fingerprint.ts';
import type { JournalEntry } from '../actions/support/fake-panes.ts';
import { MemoryActionStore } from '../actions/support/fake-panes.ts';

const PROMPT = join(CLAUDE_FIXTURES, 'perm-bash.txt');
const WORKING = ['working-1.txt', 'working-2.txt', 'working-3.txt'].map((f) => join(CLAUDE_FIXTURES, f));

/**
 * The pane's program: bash under the name `claude` (so discovery takes it for Claude Code), echo off,
 * drawing on command (typed into the pane): the whole prompt, the prompt answered by one key (then a
 * working screen), the prompt in chunks 30 ms apart, or
 * a stream (a spinner every 100 ms and a line of text every 250 ms) for the given seconds, or work: three
 * working frames in turn, each drawn in one write (as a TUI does), every 100 ms.
 */
const AGENT_SCRIPT = `stty -echo
printf '\\033[?1049h\\033[H\\033[2J'
while IFS= read -r cmd; do
  case "$cmd" in
    prompt) printf '\\033[H\\033[2J'; head -c -1 "$1" ;;
    ask) printf '\\033[H\\033[2J'; head -c -1 "$1"; IFS= read -rsn1 key; printf '\\033[H\\033[2J%s' "$(cat "$2")" ;;
    chunked) printf '\\033[H\\033[2J'; i=0
      while IFS= read -r line; do printf '%s\\n' "$line"; i=$((i+1)); [ $((i % 5)) -eq 0 ] && sleep 0.03; done < "$1" ;;
    work*) n=\${cmd#work }; end=$(( $(date +%s) + n )); k=0
      while [ "$(date +%s)" -lt "$end" ]; do k=$((k+1)); case $((k % 3)) in 0) f=$2 ;; 1) f=$3 ;; *) f=$4 ;; esac; printf '\\033[H\\033[2J%s' "$(cat "$f")"; sleep 0.1; done ;;
    stream*) n=\${cmd#stream }; end=$(( $(date +%s) + n )); k=0
      while [ "$(date +%s)" -lt "$end" ]; do k=$((k+1)); printf '\\r%s working' "$(( k % 4 ))"; [ $((k % 3)) -eq 0 ] && printf '\\nline %s of streamed text\\n' "$k"; sleep 0.1; done ;;
  esac
done
`;

let tmux: PrivateTmux | null = null;
let client: ControlModeClient | null = null;
let observer: PaneObserver | null = null;

afterEach(async () => {
  await observer?.stop();
  await client?.close();
  await tmux?.kill();
  observer = null;
  client = null;
  tmux = null;
});

/** A client that counts its pane lists and captures, and can lose the change signal on purpose. */
class CountingClient implements TmuxClient {
  lists = 0;
  captured: string[] = [];
  /** Panes captured for an action (its re-verify and its own confirming looks). */
  byActions = 0;
  notices = 0;
  /** Notices of output tmux wrote (not the marks that a pane is paused). */
  outputs = 0;
  /** Panes let go after being held through a look. */
  released = 0;
  dropSignals = false;
  constructor(private readonly inner: ControlModeClient) {}
  get server() {
    return this.inner.server;
  }
  get changes() {
    const feed = this.inner.changes;
    if (!feed) return undefined;
    return {
      get unavailable() {
        return feed.unavailable;
      },
      get announcesPanes() {
        return feed.announcesPanes;
      },
      listen: (listener: (change: PaneChange) => void) =>
        feed.listen((c) => {
          if (c.kind === 'output') this.notices++;
          if (c.kind === 'output' && !c.paused) this.outputs++;
          return this.dropSignals && c.kind === 'output' ? undefined : listener(c);
        }),
      follow: (panes: Parameters<typeof feed.follow>[0]) => feed.follow(panes),
      hold: (paneIds: readonly string[]) => feed.hold?.(paneIds),
      release: (paneIds: readonly string[]) => {
        this.released += paneIds.length;
        feed.release?.(paneIds);
      },
    };
  }
  listPanes() {
    this.lists++;
    return this.inner.listPanes();
  }
  capture(requests: readonly CaptureRequest[]): Promise<PaneScreenCapture[]> {
    this.captured.push(...requests.map((r) => r.paneId));
    // An action's look reaches here from actions/ in the same call (pane-access.ts); the observer's from observe/.
    if (new Error().stack?.includes('/actions/')) this.byActions += requests.length;
    return this.inner.capture(requests);
  }
  listClients = () => this.inner.listClients();
  sendKeys = (p: string, k: readonly string[]) => this.inner.sendKeys(p, k);
  sendText = (p: string, t: string) => this.inner.sendText(p, t);
  pasteText = (p: string, t: string) => this.inner.pasteText(p, t);
  focusPane = (p: string, tty?: string) => this.inner.focusPane(p, tty);
  command = (a: readonly string[]) => this.inner.command(a);
  close = () => this.inner.close();
}

async function setup(mode: 'events' | 'poll', clock: ManualClock | null, over: Partial<ObserverOptions> = {}) {
  tmux = await startPrivateTmux();
  const bin = join(tmux.dir, 'bin');
  mkdirSync(bin, { recursive: true });
  copyFileSync('/bin/bash', join(bin, 'claude'));
  writeFileSync(join(tmux.dir, 'agent.sh'), AGENT_SCRIPT);
  const paneId = await tmux.newPane(
    `'${join(bin, 'claude')}' '${join(tmux.dir, 'agent.sh')}' '${PROMPT}' ${WORKING.map((f) => `'${f}'`).join(' ')}`,
    {
      session: 'work',
    },
  );
  // The pane runs its shell first: a list taken before the `claude` program started finds no agent, and an
  // observer on a clock that is never stepped would not list again. Under load that start can take seconds.
  await poll(
    async () => (await tmux!.tmux(['display-message', '-p', '-t', paneId, '#{pane_current_command}'])).trim() === 'claude',
    'the agent program runs in its pane',
  );
  const runner = runnerWithEnv(realRunner, testTmuxEnv(tmux.dir));
  // The tmux client keeps real time (its command timeouts); the observer runs on the test's clock.
  client = new ControlModeClient(tmux.server, runner, { logger: silentLogger, clock: systemClock, changeEvents: mode === 'events' });
  const counting = new CountingClient(client);
  const facts: Fact[] = [];
  observer = new PaneObserver({
    clients: [counting],
    runtimes: RUNTIMES,
    clock: clock ?? systemClock,
    logger: silentLogger,
    processTable: procProcessTable(),
    options: {
      mode,
      tickMs: 1000,
      recheckMs: 250,
      settleMs: 100,
      busyLookMs: 1000,
      safetyNetMs: 5000,
      stableCaptures: 2,
      unexplainedAfterMs: 30_000,
      ...over,
    },
    onFacts: (f) => facts.push(...f),
  });
  const typeInto = (cmd: string) => tmux!.tmux(['send-keys', '-t', paneId, '-l', `${cmd}\n`]);
  return { paneId, counting, facts, typeInto };
}

const permissionFacts = (facts: readonly Fact[]) => facts.filter((f) => f.kind === 'screen' && f.screen.kind === 'permission');

/** Step the observer's clock by `stepMs` until `done`, never past `limitMs` of its time. */
async function stepUntil<T>(clock: ManualClock, stepMs: number, limitMs: number, done: () => T, what: string): Promise<NonNullable<T>> {
  const start = clock.now();
  return poll(
    () => {
      const value = done();
      if (!value && clock.now() - start + stepMs < limitMs) clock.advance(stepMs);
      return value;
    },
    what,
    { timeoutMs: 20_000, intervalMs: 30 },
  );
}

/** An observer on a manual clock, started, its pane watched and its first looks taken (clock stepped by `stepMs`). */
async function startedOnManualClock(mode: 'events' | 'poll', stepMs: number, over: Partial<ObserverOptions> = {}) {
  const clock = new ManualClock(1_700_000_000_000);
  const parts = await setup(mode, clock, over);
  observer!.start();
  clock.advance(0);
  await poll(() => parts.facts.some((f) => f.kind === 'pane-seen'), 'the pane is watched');
  await stepUntil(clock, stepMs, stepMs * 8, () => parts.counting.captured.length >= 2, 'first looks');
  return { clock, ...parts };
}

describe('PaneObserver with tmux change events', () => {
  it('queues a prompt drawn in a pane without any tick of the safety net', async () => {
    const { clock, counting, facts, typeInto } = await startedOnManualClock('events', 50);
    await poll(() => observer!.modes()[0]?.mode === 'events', 'the server gives the change signal');
    // Whatever the first looks took is settled; from here the clock moves in settle-sized steps only.
    const listsBefore = counting.lists;
    const start = clock.now();
    await typeInto('prompt');
    const [fact] = await stepUntil(
      clock,
      20,
      4000,
      () => (permissionFacts(facts).length > 0 ? permissionFacts(facts) : null),
      'prompt reported',
    );
    expect(fact).toBeDefined();
    expect(clock.now() - start).toBeLessThan(4000); // the safety net (5 s) never came due
    expect(counting.lists).toBe(listsBefore); // no full look took place: the signal alone did it
  });

  it('costs a bounded number of captures for a pane that streams for a minute', async () => {
    const { paneId, counting, facts, typeInto } = await setup('events', null);
    observer!.start();
    await poll(() => facts.some((f) => f.kind === 'pane-seen') && counting.captured.length >= 2, 'the pane is watched');
    const before = counting.captured.length;
    const started = performance.now();
    await typeInto('stream 60');
    await new Promise((r) => setTimeout(r, 60_000));
    const seconds = (performance.now() - started) / 1000;
    const captures = counting.captured.slice(before).filter((p) => p === paneId).length;
    // At most one look per busyLookMs (1 s) while it never goes quiet, plus the few the rhythm lets
    // through and the safety net's: 10 captures a second (one per frame) would be ~600.
    expect(captures).toBeGreaterThan(0);
    expect(captures).toBeLessThanOrEqual(Math.ceil(seconds * 2) + 10);
  }, 90_000);

  it('hears a pane again after it flooded and was paused: a prompt drawn later comes by the signal', async () => {
    // The safety net is an hour away: only the signal can bring a look at this pane.
    const { clock, paneId, counting, facts, typeInto } = await startedOnManualClock('events', 50, { safetyNetMs: 3_600_000 });
    await poll(() => observer!.modes()[0]?.mode === 'events', 'the server gives the change signal');
    // Three seconds of a 100 ms spinner with no look in between: far over the flood limit, so the pane is paused.
    await typeInto('stream 3');
    await new Promise((r) => setTimeout(r, 4000));
    // The next look continues it (tmux said %pause inside our own command's reply, not as a notice).
    const looked = counting.captured.length;
    await stepUntil(clock, 50, 1500, () => counting.captured.slice(looked).includes(paneId), 'a look at the paused pane');
    // Let its confirming look come and go: nothing is pending for the pane any more.
    for (let i = 0; i < 10; i++) {
      clock.advance(50);
      await new Promise((r) => setTimeout(r, 50));
    }
    await new Promise((r) => setTimeout(r, 300));
    await typeInto('prompt');
    await stepUntil(clock, 20, 1500, () => permissionFacts(facts).length > 0, 'the prompt drawn after the pause reported');
  }, 40_000);

  it('holds back a working agent’s redraws between its looks: a spinner for 20 s costs few notices', async () => {
    const { paneId, counting, facts, typeInto } = await setup('events', null);
    observer!.start();
    await poll(() => facts.some((f) => f.kind === 'pane-seen') && counting.captured.length >= 2, 'the pane is watched');
    const before = counting.captured.length;
    await typeInto('work 20');
    // Held from its first looks on: count from then (the first second's frames come before any look found it working).
    await new Promise((r) => setTimeout(r, 3000));
    const from = counting.captured.length;
    const outputsBefore = counting.outputs;
    const releasedBefore = counting.released;
    await new Promise((r) => setTimeout(r, 15_000));
    const captures = counting.captured.slice(from).filter((p) => p === paneId).length;
    const outputs = counting.outputs - outputsBefore;
    const released = counting.released - releasedBefore;
    console.log(`held working pane: ${captures} captures, ${outputs} output notices, ${released} releases in 15 s`);
    expect(facts.some((f) => f.kind === 'screen' && f.screen.kind === 'working')).toBe(true);
    expect(counting.captured.slice(before).length).toBeGreaterThan(5);
    // One look a second (a few more when a look lands on a frame it saw before and lets the pane go).
    expect(captures).toBeGreaterThan(5);
    expect(captures).toBeLessThanOrEqual(15 * 2 + 5);
    // A redraw every 100 ms is ~150 notices unheld. Held through its looks too, only a release lets some
    // through, until the flood pauses it again (16 notices over 250 ms): a look that finds no working
    // screen (a frame half drawn on a busy machine) lets it go, as it must.
    expect(outputs).toBeLessThanOrEqual(released * 30 + 10);
    // When it stops working and asks, the look after its last frame finds the prompt.
    await new Promise((r) => setTimeout(r, 2500));
    await typeInto('prompt');
    await poll(() => permissionFacts(facts).length > 0, 'the prompt drawn after the work reported', { timeoutMs: 4000 });
  }, 40_000);

  it('finds an agent started in a new session when tmux announces the changed pane set, with no list on a clock', async () => {
    // Neither the tick (60 s) nor the net (120 s) comes due: only tmux's announcement can bring the list.
    const { clock, counting, facts } = await startedOnManualClock('events', 50, { tickMs: 60_000, safetyNetMs: 120_000 });
    await poll(() => counting.changes?.announcesPanes === true, 'tmux took the pane-set subscription');
    const listsBefore = counting.lists;
    // The signal follows only the windows of agents already found: a new agent is found by a list.
    const bin = join(tmux!.dir, 'bin');
    const fresh = await tmux!.newPane(`'${join(bin, 'claude')}' '${join(tmux!.dir, 'agent.sh')}' '${PROMPT}'`, { session: 'later' });
    const start = clock.now();
    await stepUntil(
      clock,
      50,
      30_000,
      () => facts.some((f) => f.kind === 'pane-seen' && f.pane.endsWith(`|${fresh}`)),
      'the new agent pane seen',
    );
    expect(clock.now() - start).toBeLessThan(30_000);
    expect(counting.lists).toBeGreaterThan(listsBefore);
  });

  it('hears of an agent that exits from the announced pane set, before the safety net', async () => {
    const { clock, paneId, counting, facts } = await startedOnManualClock('events', 50, { tickMs: 60_000, safetyNetMs: 120_000 });
    await poll(() => counting.changes?.announcesPanes === true, 'tmux took the pane-set subscription');
    // The agent's loop ends on end of input: its pane closes with it.
    await tmux!.tmux(['send-keys', '-t', paneId, 'C-d']);
    await stepUntil(
      clock,
      50,
      30_000,
      () => facts.some((f) => f.kind === 'pane-gone' && f.pane.endsWith(`|${paneId}`)),
      'the pane reported gone',
    );
  });

  it('lists a quiet server only at the safety net’s pace once tmux announces its pane set', async () => {
    const { clock, counting } = await startedOnManualClock('events', 50);
    await poll(() => counting.changes?.announcesPanes === true, 'tmux took the pane-set subscription');
    // Let the announcement of the first pane set and the list it asks for pass.
    await stepUntil(clock, 50, 6000, () => counting.lists >= 2 || null, 'the announced first list');
    const listsBefore = counting.lists;
    const start = clock.now();
    // 4.5 s of the observer's time: polling lists every tick (1 s), 4 times; announced, the net is 5 s apart.
    await stepUntil(clock, 50, 10_000, () => clock.now() - start >= 4500 || null, '4.5 s of observer time');
    expect(counting.lists - listsBefore).toBeLessThanOrEqual(1);
  });

  it('catches a lost signal on the safety net’s full look', async () => {
    const { clock, counting, facts, typeInto } = await startedOnManualClock('events', 50);
    counting.dropSignals = true;
    await typeInto('prompt');
    // Nothing comes of it while the signal is lost, however long the settle window is waited out…
    await new Promise((r) => setTimeout(r, 500));
    clock.advance(1000);
    await new Promise((r) => setTimeout(r, 200));
    expect(permissionFacts(facts)).toEqual([]);
    // …until the net's full look sees the window's activity; the confirming look follows.
    await stepUntil(clock, 100, 10_000, () => permissionFacts(facts).length > 0, 'prompt caught by the safety net');
  });

  it('in poll mode looks only on ticks, as before', async () => {
    const { clock, counting, facts, typeInto } = await startedOnManualClock('poll', 250);
    expect(observer!.modes()[0]?.mode).toBe('poll');
    const captures = counting.captured.length;
    await typeInto('prompt');
    await new Promise((r) => setTimeout(r, 500));
    expect(counting.captured.length).toBe(captures); // drawn, but no tick yet: not looked at
    await stepUntil(clock, 250, 5000, () => permissionFacts(facts).length > 0, 'prompt on the next ticks');
  });

  it('hands an action the next look it proves after the action began waiting, and nothing on a polled server', async () => {
    const { clock, counting, facts, typeInto } = await startedOnManualClock('events', 50);
    const pane = facts.find((f) => f.kind === 'pane-seen')!.pane;
    // A look proved before the wait began (the first looks) is not for this waiter: it shows the screen from before.
    const after = clock.now();
    const next = observer!.nextProvenLook(pane, after, 60_000);
    const before = counting.captured.length;
    await typeInto('prompt');
    await stepUntil(clock, 50, 10_000, () => permissionFacts(facts).length > 0, 'prompt proved');
    const look = await next;
    expect(look).toMatchObject({ kind: 'screen', screen: { kind: 'permission' } });
    expect(look!.requestedAt).toBeGreaterThan(after);
    // Two looks of the observer's own proved it (the two-look rule), none taken for the waiter.
    expect(counting.captured.length - before).toBe(2);
    // A pane that shows nothing new: no proven look within the wait.
    const quiet = observer!.nextProvenLook(pane, clock.now(), 500);
    clock.advance(500);
    expect(await quiet).toBeNull();
  });

  it('answers a wait for a proven look at once with nothing on a polled server (the action looks for itself)', async () => {
    const { facts } = await startedOnManualClock('poll', 250);
    const pane = facts.find((f) => f.kind === 'pane-seen')!.pane;
    expect(await observer!.nextProvenLook(pane, 0, 60_000)).toBeNull();
  });

  it.each(['events', 'poll'] as const)(
    'an approve in %s mode: the confirm after the key takes the observer’s looks where the change signal runs, its own captures where polled',
    async (mode) => {
      const { counting, facts, typeInto } = await setup(mode, null);
      observer!.start();
      await typeInto('ask');
      const shown = await poll(() => {
        const fact = permissionFacts(facts)[0];
        return fact?.kind === 'screen' && fact.screen.kind === 'permission' ? { pane: fact.pane, screen: fact.screen } : undefined;
      }, 'the prompt queued');
      const journal: JournalEntry[] = [];
      const panes = observerPaneAccess(observer!);
      const result = await answerPrompt(
        {
          store: new MemoryActionStore(journal),
          panes,
          confirmPanes: settledLooks(panes, systemClock),
          clock: systemClock,
          logger: silentLogger,
          claimant: 'test',
          // A loaded machine may take the observer's two looks past the default wait of 1 s (then the action
          // would look for itself, as it should): the test waits longer, so it judges the path, not the load.
          confirm: { timeoutMs: 5000, pollMs: 100, provenLookWaitMs: 4000 },
        },
        { id: 'item-1', paneKey: shown.pane, fingerprint: fingerprintOf(shown.screen) },
        'approve',
        'queue',
      );
      expect(result).toMatchObject({ outcome: 'confirmed', sent: ['1'] });
      expect(journal.filter((e) => e.op === 'audit')).toHaveLength(1);
      // The agent took the key and drew its working screen: the observer sees it.
      await poll(() => facts.some((f) => f.kind === 'screen' && f.screen.kind === 'working'), 'the working screen after the key');
      // The re-verify before the key is always the action's own capture; after the key, only polling's is.
      if (mode === 'events') expect(counting.byActions).toBe(1);
      else expect(counting.byActions).toBeGreaterThanOrEqual(3);
    },
  );

  it('never reads a frame caught mid-draw as a prompt', async () => {
    const { facts, typeInto } = await setup('events', null);
    observer!.start();
    await poll(() => facts.some((f) => f.kind === 'pane-seen'), 'the pane is watched');
    await new Promise((r) => setTimeout(r, 500));
    await typeInto('chunked');
    await poll(() => permissionFacts(facts).length > 0, 'prompt reported');
    await new Promise((r) => setTimeout(r, 500));
    const reported = permissionFacts(facts);
    // One prompt fact, the whole prompt: the same as a capture of the finished screen gives.
    expect(reported).toHaveLength(1);
    const whole = await tmux!.tmux([
      'capture-pane',
      '-p',
      '-t',
      (await tmux!.tmux(['list-panes', '-t', 'work', '-F', '#{pane_id}'])).trim(),
    ]);
    const fact = reported[0] as Extract<Fact, { kind: 'screen' }>;
    expect(whole).toContain('Do you want to proceed?');
    expect(fact.tail.join('\n')).toContain(whole.trimEnd().split('\n').at(-1)!.trimEnd());
  });

  it('keeps a working agent’s window at the front of the watcher session while it is held, and the user’s session as it was', async () => {
    const { paneId, facts, typeInto } = await setup('events', null);
    await tmux!.tmux(['set-option', '-g', 'renumber-windows', 'on']);
    await tmux!.tmux(['new-window', '-d', '-t', '=work:', 'sleep 300']);
    const userWindows = () => tmux!.tmux(['list-windows', '-t', '=work', '-F', '#{window_index} #{window_id}']);
    const before = await userWindows();
    const window = (await tmux!.tmux(['display-message', '-p', '-t', paneId, '#{window_id}'])).trim();
    observer!.start();
    await poll(() => observer!.modes()[0]?.mode === 'events' && facts.some((f) => f.kind === 'pane-seen'), 'watched with events');
    const watcher = client!.watcherSession!;
    const indexInWatcher = async () => {
      const lines = (await tmux!.tmux(['list-windows', '-t', `=${watcher}`, '-F', '#{window_index} #{window_id}'])).trim().split('\n');
      const line = lines.find((l) => l.endsWith(` ${window}`));
      return line === undefined ? null : Number(line.split(' ')[0]);
    };
    await poll(async () => ((await indexInWatcher()) ?? -1) >= BACK_FIRST, 'linked at the back');
    await typeInto('work 6');
    await poll(async () => ((await indexInWatcher()) ?? BACK_FIRST) < BACK_FIRST, 'held: moved to the front', { timeoutMs: 6000 });
    // Done working, it is let go; the next pane list (the safety net's, 5 s) sends it back.
    await poll(async () => ((await indexInWatcher()) ?? -1) >= BACK_FIRST, 'let go: back again', { timeoutMs: 20_000 });
    expect(await userWindows()).toBe(before);
  }, 40_000);

  it('polls a server where a terminal’s own control client is attached: it links none of its windows, so the terminal closes no tab', async () => {
    const { paneId, facts, typeInto } = await setup('events', null);
    const foreign = spawn('tmux', [...tmuxGlobalArgs(tmux!.server), '-C', 'attach', '-t', '=work'], {
      env: { ...process.env, ...testTmuxEnv(tmux!.dir) },
      stdio: ['pipe', 'pipe', 'ignore'],
    });
    let heard = '';
    foreign.stdout.on('data', (d: Buffer) => (heard += d.toString()));
    try {
      await poll(
        async () => (await tmux!.tmux(['list-clients', '-F', '#{client_control_mode}'])).includes('1'),
        'the terminal is attached',
      );
      const window = (await tmux!.tmux(['display-message', '-p', '-t', paneId, '#{window_id}'])).trim();
      observer!.start();
      await poll(() => facts.some((f) => f.kind === 'pane-seen') && observer!.modes()[0]?.mode === 'poll', 'polled');
      expect(observer!.modes()[0]?.reason).toMatch(/another control client/);
      // Still watched: a prompt is reported (at polling's pace).
      await typeInto('prompt');
      await poll(() => permissionFacts(facts).length > 0, 'the prompt reported', { timeoutMs: 6000 });
      const watcher = client!.watcherSession!;
      const linked = (await tmux!.tmux(['list-windows', '-t', `=${watcher}`, '-F', '#{window_id}'])).split('\n');
      expect(linked).not.toContain(window);
      expect(heard).not.toContain(`%window-close ${window}`);
    } finally {
      foreign.kill();
    }
  }, 40_000);

  it('lets a killed session take its windows along, though they are linked into the watcher session', async () => {
    const { paneId, facts } = await setup('events', null);
    observer!.start();
    await poll(() => observer!.modes()[0]?.mode === 'events' && facts.some((f) => f.kind === 'pane-seen'), 'watched with events');
    const watcher = client!.watcherSession!;
    await poll(
      async () => (await tmux!.tmux(['list-windows', '-t', `=${watcher}`, '-F', '#{window_id}'])).split('\n').length > 2,
      'window linked',
    );
    await tmux!.tmux(['kill-session', '-t', '=work']);
    await poll(
      async () => !(await tmux!.run(['list-panes', '-a', '-F', '#{pane_id}'])).stdout.includes(paneId),
      'the pane is gone everywhere',
    );
  });
});
