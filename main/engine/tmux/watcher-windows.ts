/** Pure: which windows to link into (or unlink from) the watcher session, and which linked ones were orphaned. */

/** A window id as tmux prints it (`@3`). */
const WINDOW_ID = /^@\d+$/;

/**
 * Commands that make the watcher session hold exactly the `wanted` windows (besides its own).
 * `-d`: never made current; `-t =session:` with no index: the next free index there. Unlinking uses
 * `-k`: a window no user session holds any more (a user's `unlink-window`, which our link let succeed)
 * is destroyed as it would have been without us, never kept alive in the watcher session.
 */
export function windowLinksArgs(
  session: string,
  linked: ReadonlySet<string>,
  wanted: ReadonlySet<string>,
): { link: string[][]; unlink: string[][] } {
  const link: string[][] = [];
  const unlink: string[][] = [];
  for (const w of wanted) if (WINDOW_ID.test(w) && !linked.has(w)) link.push(['link-window', '-d', '-s', w, '-t', `=${session}:`]);
  for (const w of linked) if (!wanted.has(w)) unlink.push(['unlink-window', '-k', '-t', `=${session}:${w}`]);
  return { link, unlink };
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
