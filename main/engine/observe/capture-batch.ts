/** One batch of looks on one server: capture the due panes in one call, feed each capture to its tracker. */
import type { Clock } from '../platform/clock.ts';
import type { Fact } from '../sessions/facts.ts';
import type { TmuxClient } from '../tmux/types.ts';
import type { ObserveMode, LookOptions } from './look-schedule.ts';
import { holdAfterLook, looked } from './look-schedule.ts';
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
  deps: {
    readonly clock: Clock;
    readonly options: TrackerOptions & LookOptions;
    /** Told of every capture applied, with when it was asked of tmux (the observer hands proven looks on). */
    readonly onLook?: (w: WatchedPane, requestedAt: number) => void;
  },
  facts: Fact[],
): Promise<void> {
  if (due.length === 0) return;
  const opts = deps.options;
  const events = mode === 'events';
  const feed = client.changes;
  // A working agent held paused since its last look stays paused through this one: if it is still
  // redrawing, it is held on with no notice written or read; if not, it is released after (below).
  const kept = new Set(events ? due.filter((w) => w.look.paused && w.look.working).map((w) => w.info.paneId) : []);
  const requestedAt = deps.clock.now();
  let captures;
  try {
    captures = await client.capture(
      due.map((w) => ({ paneId: w.info.paneId, colour: wantsColour(w), ...(kept.has(w.info.paneId) ? { keepPaused: true } : {}) })),
    );
  } catch (error) {
    // Looks asked for are served even by a failed batch (no hammering a failing server); the caller reports the failure.
    for (const w of due) w.look = looked(w.look, { requestedAt, at: requestedAt, unproven: false, working: w.look.working }, mode, opts);
    if (kept.size > 0) feed?.release?.([...kept]);
    throw error;
  }
  const byId = new Map(captures.map((c) => [c.paneId, c]));
  const at = deps.clock.now();
  const hold: string[] = [];
  const release: string[] = [];
  for (const w of due) {
    const paneId = w.info.paneId;
    const capture = byId.get(paneId);
    if (!capture) {
      if (kept.has(paneId)) release.push(paneId);
      w.look = looked(w.look, { requestedAt, at, unproven: false, working: w.look.working }, mode, opts);
      continue;
    }
    // This look was for a pane that wrote (not a net's or an agent's ask).
    const wrote = w.look.changedSince !== null;
    const before = w.tracker;
    const result = trackCapture(w.tracker, w.key, w.runtime, capture, at, opts);
    w.tracker = result.state;
    facts.push(...result.facts);
    deps.onLook?.(w, requestedAt);
    w.lastCaptureSecond = capture.serverSecond ?? Math.floor(at / 1000);
    const working = w.tracker.lastScreen?.kind === 'working';
    // A working agent that keeps redrawing is looked at again no sooner than a second from now whatever
    // it writes (look-schedule.ts): its redraws are held back until then, and through that look too.
    const decided = events
      ? holdAfterLook(w.look, { kept: kept.has(paneId), working, wrote, redrew: w.tracker.captured !== before.captured })
      : { hold: false, release: false, heldStill: 0 };
    if (decided.hold) hold.push(paneId);
    if (decided.release) release.push(paneId);
    const unproven = w.tracker.digest !== before.digest || w.tracker.stableCount < opts.stableCaptures;
    w.look = {
      ...looked(w.look, { requestedAt, at, unproven, working, released: decided.release }, mode, opts),
      heldStill: decided.heldStill,
    };
  }
  if (release.length > 0) feed?.release?.(release);
  // The pause, once taken (told at once for a pane kept paused), is the held pane's signal: its next look comes a second on.
  if (hold.length > 0) feed?.hold?.(hold);
}
