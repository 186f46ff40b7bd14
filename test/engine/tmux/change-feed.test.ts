// Rules guarded: only output that lasts is a flood — a prompt drawn in one burst of many small writes is
// never paused (a paused pane tells nothing of when it went quiet, so its look would wait for the busy
// ceiling); output that keeps coming is paused once, and the pause command's reply marks it paused (tmux
// writes that %pause inside the reply block, where it is no notice), so the next capture continues it;
// a pane the observer keeps held through a capture stays paused, is told held at once when held on (no
// command), and is continued when released; many panes are paused or continued in one command; a paused
// pane's window moves to the front of the watcher session and goes back at the first follow with none of
// its panes paused since the one before.
// The connection is a stand-in recording the commands sent; observer-events.test.ts runs the real tmux.
import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../../main/engine/platform/log.ts';
import type { ControlReply } from '../../../main/engine/tmux/control-protocol.ts';
import {
  ControlChangeFeed,
  FLOOD_NOTICES,
  FLOOD_SPAN_MS,
  OTHERS_LISTEN,
  PANE_SET_SUBSCRIPTION,
  paneSetSubscription,
} from '../../../main/engine/tmux/change-feed.ts';
import type { PaneChange, PaneInfo } from '../../../main/engine/tmux/types.ts';
import { BACK_FIRST, FRONT_FIRST } from '../../../main/engine/tmux/watcher-windows.ts';
import { ManualClock } from '../../support/manual-clock.ts';

function feedOn() {
  const clock = new ManualClock(1_000_000);
  const sent: string[][] = [];
  const replies: ((r: ControlReply) => void)[] = [];
  const feed = new ControlChangeFeed(silentLogger, clock);
  const changes: PaneChange[] = [];
  feed.listen((c) => changes.push(c));
  feed.connected({
    session: 'trailboss-watch-1',
    send: (commands) =>
      commands.map((c) => {
        sent.push([...c]);
        return new Promise<ControlReply>((resolve) => replies.push(resolve));
      }),
  });
  const reply = (lines: string[], ok = true) => replies.shift()!({ kind: 'reply', time: 0, number: 0, flags: 1, ok, lines });
  const waiting = () => replies.length;
  // The connection's first commands subscribe to the pane set and keep the watcher session's window
  // indexes; the flow-control tests start after them.
  const [subscription, keepIndexes] = sent.splice(0);
  const answerSubscription = replies.shift()!;
  replies.shift()!(okReply());
  return { clock, sent, feed, changes, reply, replies: waiting, subscription: [subscription!], keepIndexes, answerSubscription };
}

const okReply = (lines: string[] = []): ControlReply => ({ kind: 'reply', time: 0, number: 0, flags: 1, ok: true, lines });
const flush = async () => {
  for (let i = 0; i < 3; i++) await Promise.resolve();
};

const pauses = (sent: string[][]) => sent.filter((c) => c[0] === 'refresh-client' && c[2]?.endsWith(':pause'));

describe('ControlChangeFeed flow control', () => {
  it('never pauses a pane for a burst: 40 notices within 50 ms', () => {
    const { clock, sent, feed, changes } = feedOn();
    for (let i = 0; i < 40; i++) {
      feed.notice({ kind: 'output', paneId: '%3' });
      if (i % 4 === 0) clock.advance(5);
    }
    expect(pauses(sent)).toEqual([]);
    expect(changes.filter((c) => c.kind === 'output' && c.paused)).toEqual([]);
  });

  it('pauses output that lasts once, marks it paused by the reply, and continues it before the next capture', async () => {
    const { clock, sent, feed, changes, reply } = feedOn();
    const stepMs = Math.ceil(FLOOD_SPAN_MS / FLOOD_NOTICES) + 5;
    for (let i = 0; i < FLOOD_NOTICES + 5; i++) {
      feed.notice({ kind: 'output', paneId: '%3' });
      clock.advance(stepMs);
    }
    expect(pauses(sent)).toEqual([['refresh-client', '-A', '%3:pause']]);
    // tmux's own %pause comes inside the reply block: the reply alone says it took.
    reply(['%pause %3']);
    await Promise.resolve();
    await Promise.resolve();
    expect(changes.at(-1)).toEqual({ kind: 'output', paneId: '%3', paused: true });
    const before = changes.length;
    feed.notice({ kind: 'output', paneId: '%3' });
    expect(changes.length).toBe(before); // held back by tmux; a stray notice in flight is dropped
    expect(feed.beforeCapture(['%3', '%4'])).toEqual([['refresh-client', '-A', '%3:continue']]);
    expect(feed.beforeCapture(['%3'])).toEqual([]);
  });

  it('keeps a held pane paused through its capture, holds it on without a command, and continues it when released', async () => {
    const { sent, feed, changes, reply } = feedOn();
    feed.hold(['%3', '%4']);
    expect(pauses(sent)).toEqual([['refresh-client', '-A', '%3:pause', '-A', '%4:pause']]);
    reply([]);
    await Promise.resolve();
    await Promise.resolve();
    expect(changes.filter((c) => c.kind === 'output' && c.paused)).toHaveLength(2);
    // %3 is kept through its look, %4 is continued in the same write as its capture.
    expect(feed.beforeCapture(['%3', '%4'], new Set(['%3']))).toEqual([['refresh-client', '-A', '%4:continue']]);
    const sentBefore = sent.length;
    feed.hold(['%3']);
    expect(sent.length).toBe(sentBefore);
    expect(changes.at(-1)).toEqual({ kind: 'output', paneId: '%3', paused: true });
    feed.release(['%3', '%4']);
    expect(sent.at(-1)).toEqual(['refresh-client', '-A', '%3:continue']);
    // Released, its output is heard again.
    const before = changes.length;
    feed.notice({ kind: 'output', paneId: '%3' });
    expect(changes.length).toBe(before + 1);
  });
});

describe('ControlChangeFeed pane-set announcements', () => {
  it('subscribes each new connection to the pane set, and announces only once tmux took it', async () => {
    const { feed, subscription, keepIndexes, answerSubscription, changes } = feedOn();
    expect(subscription).toEqual([paneSetSubscription()]);
    expect(keepIndexes).toEqual(['set-option', '-t', '=trailboss-watch-1', 'renumber-windows', 'off']);
    expect(subscription[0]?.[2]).toMatch(new RegExp(`^${PANE_SET_SUBSCRIPTION}::#\\{S:`));
    expect(changes).toEqual([{ kind: 'reset' }]);
    expect(feed.announcesPanes).toBe(false);
    answerSubscription(okReply());
    await flush();
    expect(feed.announcesPanes).toBe(true);
    feed.disconnected();
    expect(feed.announcesPanes).toBe(false);
  });

  it('stays unannounced where tmux refuses the subscription (before 3.2): the panes are then listed every tick', async () => {
    const { feed, answerSubscription } = feedOn();
    answerSubscription({ ...okReply(['unknown flag -B']), ok: false });
    await flush();
    expect(feed.announcesPanes).toBe(false);
    expect(feed.unavailable).toBeNull(); // the change signal itself still works
  });

  it('turns a change of its own subscription into a pane-set change, and ignores any other', () => {
    const { feed, changes } = feedOn();
    feed.notice({ kind: 'subscription-changed', name: 'someone-else' });
    feed.notice({ kind: 'subscription-changed', name: PANE_SET_SUBSCRIPTION });
    expect(changes).toEqual([{ kind: 'reset' }, { kind: 'panes' }]);
  });
});

const pane = (paneId: string, windowId: string): PaneInfo => ({
  paneId,
  windowId,
  sessionName: 'work',
  sessionId: '$1',
  windowIndex: Number(windowId.slice(1)),
  paneIndex: 0,
  target: `work:${windowId.slice(1)}.0`,
  pid: 100,
  currentCommand: 'claude',
  currentPath: '/',
  width: 120,
  height: 40,
  alternateOn: false,
  dead: false,
  windowActivity: 0,
  title: '',
});

/** Follow, answering every command still waiting (a move in flight included) with an empty yes. */
async function followAnsweringAll(on: ReturnType<typeof feedOn>, panes: readonly PaneInfo[]): Promise<boolean> {
  const followed = on.feed.follow(panes);
  for (let i = 0; i < 3; i++) {
    await flush();
    while (on.replies() > 0) on.reply([]);
  }
  return followed;
}

describe('ControlChangeFeed window order', () => {
  const moves = (sent: string[][]) => sent.filter((c) => c[0] === 'move-window').map((c) => `${c[3]} -> ${c[5]}`);

  it("moves a paused pane's window to the front, keeps it there while paused, and sends it back once it was not", async () => {
    const on = feedOn();
    const { sent, feed, reply } = on;
    const panes = [pane('%1', '@1'), pane('%2', '@2'), pane('%3', '@3')];
    const follow = () => followAnsweringAll(on, panes);
    const followed = feed.follow(panes);
    expect(sent.map((c) => c[0])).toEqual(['list-clients']); // whether anyone else listens, before any link
    reply(['1 trailboss-watch-1', '0 work']); // only watchers listen to control notices
    await flush();
    expect(sent.filter((c) => c[0] === 'link-window').map((c) => c.at(-1))).toEqual([
      `=trailboss-watch-1:${BACK_FIRST}`,
      `=trailboss-watch-1:${BACK_FIRST + 1}`,
      `=trailboss-watch-1:${BACK_FIRST + 2}`,
    ]);
    for (let i = 0; i < 3; i++) reply([]);
    expect(await followed).toBe(true);
    feed.hold(['%2']);
    reply([]); // the pause took
    await flush();
    expect(moves(sent)).toEqual([`=trailboss-watch-1:@2 -> =trailboss-watch-1:${FRONT_FIRST}`]);
    // Still paused at the next follow: it stays.
    await follow();
    expect(moves(sent)).toHaveLength(1);
    // Continued, and not paused again before the next follow: back it goes, at an index never used.
    feed.release(['%2']);
    reply([]);
    await follow();
    expect(moves(sent).at(-1)).toBe(`=trailboss-watch-1:@2 -> =trailboss-watch-1:${BACK_FIRST + 3}`);
  });

  it('keeps a window at the front whose pane was paused since the last follow, even if continued now', async () => {
    const on = feedOn();
    const { sent, feed, reply } = on;
    const panes = [pane('%1', '@1')];
    const follow = () => followAnsweringAll(on, panes);
    await follow();
    feed.hold(['%1']);
    reply([]);
    await flush();
    reply([]); // the move to the front
    feed.beforeCapture(['%1']); // continued with its capture, as a flooding pane is
    await follow();
    expect(moves(sent)).toHaveLength(1);
    await follow();
    expect(moves(sent)).toHaveLength(2);
  });

  it('links, moves and unlinks nothing while another control client is attached, and says why (its terminal would close the tabs)', async () => {
    const { sent, feed, reply } = feedOn();
    const followed = feed.follow([pane('%1', '@1')]);
    reply(['1 trailboss-watch-1', '1 work']); // iTerm2's -CC on the user's session
    expect(await followed).toBe(false);
    expect(feed.unavailable).toBe(OTHERS_LISTEN);
    feed.hold(['%1']);
    reply([]);
    await flush();
    expect(sent.filter((c) => ['link-window', 'unlink-window', 'move-window'].includes(c[0]!))).toEqual([]);
  });
});
