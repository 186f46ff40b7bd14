/**
 * Pure: where the windows we link sit in the watcher session. For every read of any pane's output,
 * tmux walks the control client's session's windows in index order until it meets that pane's window
 * (3.3a `control_write_output` → `winlink_find_by_window`). With 200 windows linked, a busy pane's
 * window halfway down costs the server 100 steps per read, on every read, paused or not: about 3 % of
 * its CPU on a fleet of 200 panes with 40 redrawing every 100 ms. So the windows of busy panes (their
 * output paused: tmux holds it back while the agent works) sit at the front, the rest at the back.
 */

/** Indexes of the front (busy panes' windows); below it, the watcher session's own window. */
export const FRONT_FIRST = 100;

/** Indexes of the back: windows are linked here, each at an index never used before on this connection. */
export const BACK_FIRST = 100_000;

/** A window id as tmux prints it (`@3`). */
const WINDOW_ID = /^@\d+$/;

/** A move of one window within the watcher session, and where it was (to put it back if tmux refuses). */
export interface WindowMove {
  readonly window: string;
  readonly from: number;
  readonly args: string[];
}

/** The watcher session's linked windows and their indexes, for one connection. */
export class WatcherWindows {
  private readonly indexOf = new Map<string, number>();
  private nextBack = BACK_FIRST;

  constructor(readonly session: string) {}

  /** The windows linked (or asked to be). */
  windows(): ReadonlySet<string> {
    return new Set(this.indexOf.keys());
  }

  atFront(window: string): boolean {
    const index = this.indexOf.get(window);
    return index !== undefined && index < BACK_FIRST;
  }

  /**
   * Commands that make the watcher session hold exactly the `wanted` windows (besides its own). `-d`:
   * never made current. New ones go to the back, each at a fresh index (booked now; `removed` gives it
   * back). Unlinking uses `-k`: a window no user session holds any more (a user's `unlink-window`,
   * which our link let succeed) is destroyed as it would have been without us, never kept alive here.
   */
  sync(wanted: ReadonlySet<string>): { link: { window: string; args: string[] }[]; unlink: { window: string; args: string[] }[] } {
    const link: { window: string; args: string[] }[] = [];
    const unlink: { window: string; args: string[] }[] = [];
    for (const window of wanted) {
      if (!WINDOW_ID.test(window) || this.indexOf.has(window)) continue;
      const index = this.nextBack++;
      this.indexOf.set(window, index);
      link.push({ window, args: ['link-window', '-d', '-s', window, '-t', `=${this.session}:${index}`] });
    }
    for (const window of this.indexOf.keys())
      if (!wanted.has(window)) {
        unlink.push({ window, args: ['unlink-window', '-k', '-t', `=${this.session}:${window}`] });
        this.indexOf.delete(window);
      }
    return { link, unlink };
  }

  /** tmux refused to link it (or unlinked it for us): it is not in the watcher session. */
  removed(window: string): void {
    this.indexOf.delete(window);
  }

  /** Move a back window to the lowest free front index (booked now), or null when it is at the front or not linked. */
  toFront(window: string): WindowMove | null {
    const from = this.indexOf.get(window);
    if (from === undefined || from < BACK_FIRST) return null;
    const used = new Set(this.indexOf.values());
    let to = FRONT_FIRST;
    while (used.has(to)) to++;
    return this.move(window, from, to);
  }

  /** Move a front window to a fresh back index, or null when it is at the back or not linked. */
  toBack(window: string): WindowMove | null {
    const from = this.indexOf.get(window);
    if (from === undefined || from >= BACK_FIRST) return null;
    return this.move(window, from, this.nextBack++);
  }

  /** tmux refused a move: the window is where it was (unless it has gone meanwhile). */
  moveRefused(move: WindowMove): void {
    if (this.indexOf.has(move.window)) this.indexOf.set(move.window, move.from);
  }

  private move(window: string, from: number, to: number): WindowMove {
    this.indexOf.set(window, to);
    // The source named by id within our session: a window id alone could resolve to a user's session.
    return { window, from, args: ['move-window', '-d', '-s', `=${this.session}:${window}`, '-t', `=${this.session}:${to}`] };
  }
}

/**
 * From `list-windows -F '#{window_id} #{window_linked_sessions}'` of the watcher session: the windows
 * we linked that no other session holds any more.
 */
export function orphanedWindows(lines: readonly string[], linked: ReadonlySet<string>): string[] {
  const orphans: string[] = [];
  for (const line of lines) {
    const [id = '', count = ''] = line.trim().split(' ');
    if (linked.has(id) && Number(count) <= 1) orphans.push(id);
  }
  return orphans;
}

/** Our own watcher session keeps its indexes: a user's `renumber-windows on` would pack them after every unlink or move. */
export function keepIndexesArgs(session: string): string[] {
  return ['set-option', '-t', `=${session}`, 'renumber-windows', 'off'];
}
