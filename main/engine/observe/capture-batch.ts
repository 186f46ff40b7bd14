/** One batch of looks on one server: capture the due panes in one call, feed each capture to its tracker. */
import type { Clock } from '../platform/clock.ts';
import type { Fact } from '../sessions/facts.ts';
import type { TmuxClient } from '../tmux/types.ts';
import type { ObserveMode, LookOptions } from './look-schedule.ts';
import { looked } from './look-schedule.ts';
import type { TrackerOptions } from './pane-tracker.ts';
import { trackCapture } from './pane-tracker.ts';
import type { WatchedPane } from './watched-pane.ts';

/** Screens where a highlight matters or a human will look: captured with colour (`-e`, the costly part). */
function wantsColour(w: WatchedPane): boolean {
  const kind = w.tracker.lastScreen?.kind;
  return w.runtime.needsColour || kind === undefined || kind === 'permission' || kind === 'dialog' || kind === 'unknown';
}

/**
 * Capture `due` (all on `client`) in one batch and apply each capture: the facts it proves go to
 * `facts`, and each pane's look state records the look (a changed or unproven screen asks for a
 * confirming one). A pane missing from the answer vanished mid-batch: the next pane list says so.
 */
export async function captureBatch(
  client: TmuxClient,
  due: readonly WatchedPane[],
  mode: ObserveMode,
  deps: { readonly clock: Clock; readonly options: TrackerOptions & LookOptions },
  facts: Fact[],
): Promise<void> {
  if (due.length === 0) return;
  const opts = deps.options;
  const requestedAt = deps.clock.now();
  let captures;
  try {
    captures = await client.capture(due.map((w) => ({ paneId: w.info.paneId, colour: wantsColour(w) })));
  } catch (error) {
    // Looks asked for are served even by a failed batch (no hammering a failing server); the caller reports the failure.
    for (const w of due) w.look = looked(w.look, { requestedAt, at: requestedAt, unproven: false, working: w.look.working }, mode, opts);
    throw error;
  }
  const byId = new Map(captures.map((c) => [c.paneId, c]));
  // Panes this look was for because they wrote (not a net's or an agent's ask).
  const wrote = new Set(due.filter((w) => w.look.changedSince !== null).map((w) => w.info.paneId));
  const at = deps.clock.now();
  for (const w of due) {
    const capture = byId.get(w.info.paneId);
    if (!capture) {
      w.look = looked(w.look, { requestedAt, at, unproven: false, working: w.look.working }, mode, opts);
      continue;
    }
    const before = w.tracker.digest;
    const result = trackCapture(w.tracker, w.key, w.runtime, capture, at, opts);
    w.tracker = result.state;
    facts.push(...result.facts);
    w.lastCaptureAt = at;
    const unproven = w.tracker.digest !== before || w.tracker.stableCount < opts.stableCaptures;
    w.look = looked(w.look, { requestedAt, at, unproven, working: w.tracker.lastScreen?.kind === 'working' }, mode, opts);
  }
  // A working pane that keeps redrawing is looked at again no sooner than a second from now whatever it
  // writes (look-schedule.ts): its redraws are held back until then. The pause, once taken, is its
  // signal: the look comes at that second and continues it.
  if (mode === 'events') {
    const working = due
      .filter((w) => w.lastCaptureAt === at && wrote.has(w.info.paneId) && w.tracker.lastScreen?.kind === 'working')
      .map((w) => w.info.paneId);
    if (working.length > 0) client.changes?.hold?.(working);
  }
}
