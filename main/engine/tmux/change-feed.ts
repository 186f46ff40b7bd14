/**
 * tmux's change signal over one control connection. tmux sends a control client `%output` only for
 * panes of windows linked into the client's own session, so the windows of the panes we follow are
 * linked into the watcher session (never resized: the client ignores size; never attached to a user
 * session). Flow control: a pane that floods is paused (`refresh-client -A %N:pause`) and continued
 * right before its next capture, so a busy pane costs a bounded number of notices per capture. A
 * working agent is held paused from one look to the next and through the look itself while it keeps
 * redrawing: tmux then neither formats its redraws as notices nor do we read them (each %output of a
 * frame costs the server about as much as a capture: it escapes the frame byte by byte). The pane set
 * itself (panes come and go, or run another command) is announced by a format subscription tmux checks
 * once a second, so the observer lists the panes only when it changed. The windows of paused panes sit
 * at the front of the watcher session, where tmux finds them first on each of their reads
 * (watcher-windows.ts).
 */
import type { Clock } from '../platform/clock.ts';
import type { Logger } from '../platform/log.ts';
import type { ControlReply } from './control-protocol.ts';
import type { ControlNotice } from './control-connection.ts';
import { paneSetFormat } from './formats.ts';
import { WATCHER_SESSION_PREFIX } from './server-args.ts';
import type { WindowMove } from './watcher-windows.ts';
import { WatcherWindows, keepIndexesArgs, orphanedWindows } from './watcher-windows.ts';
import { CONTROL_CLIENTS, othersListen } from './foreign-clients.ts';
import type { PaneChange, PaneChangeFeed, PaneInfo } from './types.ts';

/**
 * A pane is paused until its next capture once it sent this many notices since its last capture over
 * at least FLOOD_SPAN_MS: a redrawing or streaming pane then costs about this many per look.
 */
export const FLOOD_NOTICES = 16;

/**
 * Only output that lasts is a flood. A prompt drawn in one burst (a CLI may write a frame in dozens of
 * small writes, each a notice) must not be paused: a paused pane tells nothing of when it went quiet, so
 * its look waits for the busy ceiling (1 s) instead of the settle window.
 */
export const FLOOD_SPAN_MS = 250;

/** Name of the subscription to the server's pane set (paneSetFormat). */
export const PANE_SET_SUBSCRIPTION = 'trailboss-panes';

/** The command that subscribes this control client to the server's pane set (tmux ≥ 3.2). */
export function paneSetSubscription(): string[] {
  // `name::format`: an empty `what` evaluates the format for the client's session, whose loops
  // (#{S:…}) reach every session's panes; tmux checks it once a second and writes only a change.
  return ['refresh-client', '-B', `${PANE_SET_SUBSCRIPTION}::${paneSetFormat(WATCHER_SESSION_PREFIX)}`];
}

/** The connection the feed rides on: send commands, and the watcher session's name. */
export interface FeedConnection {
  readonly session: string;
  send(commands: readonly (readonly string[])[]): Promise<ControlReply>[];
}

/** The change feed of one ControlModeClient; told of each new connection and each notice. */
export class ControlChangeFeed implements PaneChangeFeed {
  private listener: (change: PaneChange) => void = () => {};
  private conn: FeedConnection | null = null;
  /** Windows linked into the current watcher session, and where (reset with each connection). */
  private windows = new WatcherWindows('');
  /** The window of each followed pane (from the last follow). */
  private readonly windowOf = new Map<string, string>();
  /** Windows with a pane paused since the last follow: they stay at the front. */
  private readonly busyWindows = new Set<string>();
  /**
   * Another control client (a terminal's tmux integration, iTerm2's `-CC`) is attached. tmux tells every
   * control client of each unlink of a window its own session holds (`%window-close`), and iTerm2 closes
   * that window's tab on it (PTYSession `tmuxWindowClosedWithId`), though the window lives on: nothing is
   * linked, moved or unlinked then.
   */
  private othersListen = true;
  private readonly paused = new Set<string>();
  /** Per pane since its last capture: notices, the first one's time, and whether a pause was asked. */
  private readonly notices = new Map<string, { count: number; since: number; pausing: boolean }>();
  private sweeping = false;
  unavailable: string | null = null;
  /** tmux took the pane-set subscription on the current connection. */
  announcesPanes = false;

  constructor(
    private readonly logger: Logger,
    private readonly clock: Pick<Clock, 'now'>,
  ) {}

  listen(listener: (change: PaneChange) => void): void {
    this.listener = listener;
  }

  /** A new connection: nothing is linked in its fresh watcher session, and changes may have gone unseen. */
  connected(conn: FeedConnection): void {
    this.conn = conn;
    this.windows = new WatcherWindows(conn.session);
    this.windowOf.clear();
    this.busyWindows.clear();
    this.othersListen = true;
    this.paused.clear();
    this.notices.clear();
    this.announcesPanes = false;
    this.listener({ kind: 'reset' });
    this.subscribeToPaneSet(conn);
    this.sendOne(
      conn,
      keepIndexesArgs(conn.session),
      () => {},
      (error) => this.logger.log('debug', 'tmux.changes.keep-indexes-refused', { error }),
    );
  }

  /**
   * Ask tmux to say when the pane set changes. Until it says yes (or where it refuses: tmux before
   * 3.2), the observer lists the panes every tick as before.
   */
  private subscribeToPaneSet(conn: FeedConnection): void {
    this.sendOne(
      conn,
      paneSetSubscription(),
      () => (this.announcesPanes = true),
      (error) => this.logger.log('info', 'tmux.changes.pane-set-refused', { error }),
    );
  }

  /** The connection went away. */
  disconnected(): void {
    this.conn = null;
    this.announcesPanes = false;
  }

  notice(notice: ControlNotice): void {
    switch (notice.kind) {
      case 'output': {
        if (this.paused.has(notice.paneId)) return;
        const now = this.clock.now();
        const seen = this.notices.get(notice.paneId) ?? { count: 0, since: now, pausing: false };
        seen.count++;
        this.notices.set(notice.paneId, seen);
        if (!seen.pausing && seen.count >= FLOOD_NOTICES && now - seen.since >= FLOOD_SPAN_MS) {
          seen.pausing = true;
          this.pause([notice.paneId]);
        }
        // Only the first notice after a capture and the later ones that move the quiet window matter;
        // the observer keeps a time per pane, nothing more.
        this.listener({ kind: 'output', paneId: notice.paneId, paused: false });
        return;
      }
      case 'pause':
        // tmux paused it by itself (pause-after: this client fell behind).
        this.markPaused(notice.paneId);
        return;
      case 'sessions-changed':
        void this.sweepOrphans();
        return;
      case 'subscription-changed':
        if (notice.name === PANE_SET_SUBSCRIPTION) this.listener({ kind: 'panes' });
        return;
    }
  }

  /**
   * Commands to run right before capturing these panes, in the same write: paused ones are continued
   * (their output flows again, so what they draw after the capture is signalled), except those the
   * observer keeps held through the look (`keep`: a working agent it expects to find still redrawing).
   */
  beforeCapture(paneIds: readonly string[], keep: ReadonlySet<string> = new Set()): string[][] {
    const resume: string[] = [];
    for (const paneId of paneIds) {
      this.notices.delete(paneId);
      if (!keep.has(paneId) && this.paused.delete(paneId)) resume.push(paneId);
    }
    return resume.length === 0 ? [] : [offsetsCommand(resume, 'continue')];
  }

  /** Continue these held panes now: their look found them no longer redrawing, so their output is news again. */
  release(paneIds: readonly string[]): void {
    this.setOffsets(
      paneIds.filter((paneId) => this.paused.delete(paneId)),
      'continue',
    );
  }

  async follow(panes: readonly PaneInfo[]): Promise<boolean> {
    const conn = this.conn;
    if (!conn) return this.unavailable === null;
    this.windowOf.clear();
    for (const p of panes) this.windowOf.set(p.paneId, p.windowId);
    const [clients] = await Promise.all(conn.send([CONTROL_CLIENTS]));
    this.othersListen = !clients!.ok || othersListen(clients!.lines);
    if (this.othersListen) {
      // Windows linked before it attached stay (unlinking them would close its tabs now); the observer polls.
      if (this.unavailable === null) {
        this.unavailable = OTHERS_LISTEN;
        this.logger.log('warn', 'tmux.changes.unavailable', { reason: this.unavailable });
      }
      return false;
    }
    const windows = this.windows;
    const { link, unlink } = windows.sync(new Set(panes.map((p) => p.windowId)));
    if (link.length > 0 || unlink.length > 0) {
      const replies = await Promise.all(conn.send([...link, ...unlink].map((l) => l.args)));
      let refused: string | null = null;
      link.forEach(({ window }, i) => {
        if (replies[i]!.ok) return;
        windows.removed(window);
        // A window closed meanwhile is not a refusal; anything else means no signal from this tmux.
        if (!/can't find window|no such window/i.test(replies[i]!.lines.join(' '))) refused = replies[i]!.lines.join(' ');
      });
      for (const id of this.notices.keys()) if (!this.windowOf.has(id)) this.notices.delete(id);
      if (refused !== null && this.unavailable === null) {
        this.unavailable = `link-window: ${refused}`;
        this.logger.log('warn', 'tmux.changes.unavailable', { reason: this.unavailable });
      }
    }
    this.sendToBack(conn);
    return this.unavailable === null;
  }

  /** Front windows none of whose panes was paused since the last follow go back (follow found no other control client). */
  private sendToBack(conn: FeedConnection): void {
    const busy = new Set(this.busyWindows);
    for (const paneId of this.paused) {
      const window = this.windowOf.get(paneId);
      if (window !== undefined) busy.add(window);
    }
    this.busyWindows.clear();
    const moves: WindowMove[] = [];
    for (const window of this.windows.windows()) {
      if (busy.has(window)) continue;
      const move = this.windows.toBack(window);
      if (move) moves.push(move);
    }
    this.sendMoves(conn, moves);
  }

  /** A pane was paused: its window goes to the front, where tmux meets it first on each of its reads. */
  private toFront(paneId: string): void {
    const window = this.windowOf.get(paneId);
    const conn = this.conn;
    if (window === undefined || !conn) return;
    this.busyWindows.add(window);
    if (this.othersListen) return;
    const move = this.windows.toFront(window);
    if (move) this.sendMoves(conn, [move]);
  }

  private sendMoves(conn: FeedConnection, moves: readonly WindowMove[]): void {
    if (moves.length === 0) return;
    const windows = this.windows;
    conn.send(moves.map((m) => m.args)).forEach((reply, i) => {
      const move = moves[i]!;
      // Refused (the window closed, or tmux has no room there): it stays where it was; only order is lost.
      void reply
        .then((r) => {
          if (r.ok) return;
          windows.moveRefused(move);
          this.logger.log('debug', 'tmux.changes.move-refused', { window: move.window, error: r.lines.join(' ') });
        })
        .catch(() => {});
    });
  }

  hold(paneIds: readonly string[]): void {
    const pause: string[] = [];
    for (const paneId of paneIds) {
      // Kept paused through its look: it is held on, and told so at once (no command, so no reply to wait for).
      if (this.paused.has(paneId)) this.listener({ kind: 'output', paneId, paused: true });
      else if (!this.notices.get(paneId)?.pausing) {
        this.notices.set(paneId, { count: 0, since: this.clock.now(), pausing: true });
        pause.push(paneId);
      }
    }
    this.pause(pause);
  }

  /** Pause these panes' output for this client, in one command. */
  private pause(paneIds: readonly string[]): void {
    // The reply marks them paused, not a %pause notice: tmux writes the %pause it says for our own command
    // inside that command's reply block (3.3a), where it is no notification. Missed, a pane was never
    // continued and stayed silent for good: only the safety net's looks saw it again. Older tmux
    // refuses -A and the panes just keep talking.
    this.setOffsets(paneIds, 'pause', () => {
      for (const paneId of paneIds) this.markPaused(paneId);
    });
  }

  /** Pause or continue these panes in one `refresh-client`; `taken` runs on its reply if the connection is still ours. */
  private setOffsets(paneIds: readonly string[], action: 'pause' | 'continue', taken: () => void = () => {}): void {
    const conn = this.conn;
    if (!conn || paneIds.length === 0) return;
    this.sendOne(conn, offsetsCommand(paneIds, action), taken, (error) =>
      this.logger.log('debug', `tmux.changes.${action}-refused`, { panes: paneIds, error }),
    );
  }

  /** Send one command without waiting: `taken` runs on its reply if the connection is still ours, `refused` on an error reply. */
  private sendOne(conn: FeedConnection, command: string[], taken: () => void, refused: (error: string) => void): void {
    void conn
      .send([command])[0]
      ?.then((r) => {
        if (!r.ok) refused(r.lines.join(' '));
        else if (this.conn === conn) taken();
      })
      .catch(() => {});
  }

  /** tmux holds the pane's output back from now until its next capture continues it. */
  private markPaused(paneId: string): void {
    if (this.paused.has(paneId)) return;
    this.paused.add(paneId);
    this.toFront(paneId);
    this.listener({ kind: 'output', paneId, paused: true });
  }

  /**
   * A user's session was destroyed: a window it held that is now linked only into our watcher session
   * would live on there, with its agent, though the user closed it. Finish what they asked: destroy it.
   */
  private async sweepOrphans(): Promise<void> {
    const conn = this.conn;
    const linked = this.windows.windows();
    if (!conn || this.sweeping || linked.size === 0) return;
    this.sweeping = true;
    try {
      const [listed] = await Promise.all(
        conn.send([['list-windows', '-t', `=${conn.session}`, '-F', '#{window_id} #{window_linked_sessions}']]),
      );
      if (!listed?.ok) return;
      const orphans = orphanedWindows(listed.lines, linked);
      if (orphans.length === 0) return;
      this.logger.log('info', 'tmux.changes.orphans-closed', { windows: orphans });
      for (const w of orphans) this.windows.removed(w);
      await Promise.all(conn.send(orphans.map((w) => ['unlink-window', '-k', '-t', `=${conn.session}:${w}`])));
    } catch {
      // The connection went: its watcher session goes with it, and the orphans with that.
    } finally {
      this.sweeping = false;
    }
  }
}

/** Why a server with a terminal's control client attached is polled. */
export const OTHERS_LISTEN =
  "another control client (a terminal's tmux integration, such as iTerm2's tmux -CC) is attached: linking agent windows into the watcher session would make it close their tabs";

/** One `refresh-client` for many panes: tmux takes any number of `-A pane:action`, and ignores a pane that is gone. */
function offsetsCommand(paneIds: readonly string[], action: 'pause' | 'continue'): string[] {
  return ['refresh-client', ...paneIds.flatMap((paneId) => ['-A', `${paneId}:${action}`])];
}
