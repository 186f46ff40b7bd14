/**
 * Pure: when to look at one pane. A look is asked for by a change signal (tmux said the pane wrote),
 * by window activity seen on a full look, or by an agent's own event; a changed screen asks for a
 * confirming look. The stability rule itself (two captures that agree) lives in pane-tracker.ts.
 */

/** How a server's panes are watched: tmux's change signal, or window activity on each tick. */
export type ObserveMode = 'events' | 'poll';

/** Timing of looks. */
export interface LookOptions {
  /** Poll: the confirming look this long after a look that found the screen changed. */
  readonly recheckMs: number;
  /** Events: quiet time after the last signal before a look, and before the confirming look. */
  readonly settleMs: number;
  /** Events: a pane that never goes quiet is still looked at this long after its first unseen change. */
  readonly busyLookMs: number;
}

/**
 * Events: a pane whose last look found it working is looked at again on its output no sooner than this
 * after that look. A working agent redraws all the time (spinner, streamed text) and every look at it
 * would find it working again; polling looks at it once or twice a second, so this keeps events at no
 * more. The price: a prompt drawn right after such a look waits for the rest of the second.
 */
export const WORKING_LOOK_GAP_MS = 1000;

/**
 * Events: the confirming look comes no sooner than this after the pane's last signal, so the two
 * looks that make a screen a fact span at least this much stillness. A CLI under load can pause
 * longer than the settle window between two frames of one redraw (a hook's end and the prompt it
 * then draws); two looks 60 ms apart would take such a frame for a screen. Polling's recheck is 250 ms.
 */
export const CONFIRM_STILL_MS = 150;

/**
 * Events: a working agent held paused through its looks is let go once this many looks running found
 * the very same screen (it stopped redrawing: hung, or done without a word). One such look proves
 * nothing: a spinner can come round to the same frame a second later.
 */
export const HELD_STILL_LOOKS = 3;

/** What the schedule remembers about one pane. */
export interface LookState {
  /** First change signal not yet covered by a look (null: none). */
  readonly changedSince: number | null;
  /** The latest change signal. */
  readonly lastSignalAt: number;
  /** The pane's recent pace of output (ms between signals, decaying); 0 after a pause. */
  readonly rhythmMs: number;
  /** tmux holds the pane's output back until its next capture: no signal tells when it goes quiet. */
  readonly paused: boolean;
  /** A confirming look is due then (the last look found the screen changed or not yet proven). */
  readonly confirmAt: number | null;
  /** A look as soon as possible was asked for then (activity on a full look, an agent's event, a reset). */
  readonly askedAt: number | null;
  /** The safety net's full look asked for a look then (window activity it cannot tell the signal saw). */
  readonly netAt: number | null;
  /** When the last look came back, and whether it found the agent working. */
  readonly lookedAt: number;
  readonly working: boolean;
  /** Looks running that found this held pane's screen exactly as the look before (events). */
  readonly heldStill: number;
}

/** A pane nothing is pending for. */
export const noLook: LookState = {
  changedSince: null,
  lastSignalAt: 0,
  rhythmMs: 0,
  paused: false,
  confirmAt: null,
  askedAt: null,
  netAt: null,
  lookedAt: 0,
  working: false,
  heldStill: 0,
};

/** Gaps longer than this are a pause in the output, not its pace. */
const RHYTHM_MAX_MS = 1000;

/**
 * How long the pane must stay quiet before a look: the settle window, or longer for a pane whose
 * output comes at a slower pace (a spinner redrawn every 100 ms must not look quiet between frames).
 */
export function quietNeeded(s: LookState, o: LookOptions): number {
  return Math.min(Math.max(o.settleMs, s.rhythmMs * 1.5), RHYTHM_MAX_MS / 2);
}

/** tmux said the pane wrote (`paused`: and holds the rest back). A pending confirming look waits for quiet again. */
export function signalled(s: LookState, now: number, paused: boolean): LookState {
  const gap = now - s.lastSignalAt;
  const rhythmMs = gap < RHYTHM_MAX_MS ? Math.max(gap, s.rhythmMs * 0.75) : 0;
  return { ...s, changedSince: s.changedSince ?? now, lastSignalAt: now, rhythmMs, paused: s.paused || paused, confirmAt: null };
}

/** Look as soon as possible. */
export function asked(s: LookState, now: number): LookState {
  return s.askedAt === null ? { ...s, askedAt: now } : s;
}

/** The safety net asks for a look: served with the others, after them. */
export function askedByNet(s: LookState, now: number): LookState {
  return s.netAt === null ? { ...s, netAt: now } : s;
}

/** When the pane should be looked at next, or null when nothing is pending. */
export function dueAt(s: LookState, o: LookOptions): number | null {
  const urgent = urgentDueAt(s, o);
  return s.netAt === null ? urgent : urgent === null ? s.netAt : Math.min(urgent, s.netAt);
}

/** dueAt without the safety net's asks: what a change or an agent asked for. */
export function urgentDueAt(s: LookState, o: LookOptions): number | null {
  // Called for every pane on every schedule: plain comparisons, no closure per call.
  let due = s.askedAt ?? Infinity;
  if (s.confirmAt !== null && s.confirmAt < due) due = s.confirmAt;
  if (s.changedSince !== null) {
    // Debounce with a ceiling: a look once the pane has been quiet for the settle window, and at the
    // latest busyLookMs after its first unseen change (a spinner is never quiet; neither is a paused pane).
    const ceiling = s.changedSince + o.busyLookMs;
    const quiet = s.paused ? ceiling : Math.min(s.lastSignalAt + quietNeeded(s, o), ceiling);
    const at = s.working ? Math.max(quiet, s.lookedAt + WORKING_LOOK_GAP_MS) : quiet;
    if (at < due) due = at;
  }
  return due === Infinity ? null : due;
}

/**
 * A look was asked of tmux at `requestedAt` and came back at `at`. `unproven`: the screen it showed
 * differs from the one before, or is not yet stable — a confirming look follows once the pane held
 * still (`mode` events: for the settle window, and CONFIRM_STILL_MS since its last signal; poll: after recheckMs).
 */
export function looked(
  s: LookState,
  look: {
    readonly requestedAt: number;
    readonly at: number;
    readonly unproven: boolean;
    readonly working: boolean;
    /**
     * The pane's output was held through this look and is let go only now: what it drew in between
     * came with no signal, so a confirming look follows whatever the look found.
     */
    readonly released?: boolean;
  },
  mode: ObserveMode,
  o: LookOptions,
): LookState {
  const { requestedAt, at } = look;
  const askedAt = s.askedAt !== null && s.askedAt <= requestedAt ? null : s.askedAt;
  const netAt = s.netAt !== null && s.netAt <= requestedAt ? null : s.netAt;
  const seen = { lookedAt: at, working: look.working };
  // Output signalled after the look was asked for may not be in it: the pane stays due.
  if (s.changedSince !== null && s.lastSignalAt >= requestedAt) {
    return { ...s, ...seen, changedSince: Math.max(s.changedSince, requestedAt), confirmAt: null, askedAt, netAt };
  }
  // A working screen needs no confirming look (it is a fact at once); with events, its next output brings the next look.
  const confirm = look.released === true || (look.unproven && !(mode === 'events' && look.working));
  const confirmAt = !confirm ? null : mode === 'events' ? Math.max(at + o.settleMs, s.lastSignalAt + CONFIRM_STILL_MS) : at + o.recheckMs;
  return { ...s, ...seen, changedSince: null, paused: false, confirmAt, askedAt, netAt };
}

/**
 * Events, after a look: whether to hold the pane's output back until its next look (a working agent
 * that keeps redrawing: its next look is a second away whatever it writes), or to let go one that was
 * kept paused through this look (`kept`) and stopped redrawing or working. `wrote`: the look was for
 * output it signalled; `redrew`: its screen is not exactly the one of its last look (a kept pane
 * cannot signal, so only this shows it still draws).
 */
export function holdAfterLook(
  s: LookState,
  look: { readonly kept: boolean; readonly working: boolean; readonly wrote: boolean; readonly redrew: boolean },
): { readonly hold: boolean; readonly release: boolean; readonly heldStill: number } {
  const heldStill = look.kept && !look.redrew ? s.heldStill + 1 : 0;
  const hold = look.working && (look.kept ? heldStill < HELD_STILL_LOOKS : look.wrote);
  return { hold, release: look.kept && !hold, heldStill: hold ? heldStill : 0 };
}
