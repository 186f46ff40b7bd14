/**
 * The CPU bench's rows, the plan of its windows, and the pure comparison of the engine's two observe
 * modes (no tmux here: unit-tested alone).
 *
 * The modes are compared side by side: two identical fleets (twins A and B, one tmux server each) run
 * the events engine on one twin and the poll engine on the other over the same window, and swap twins
 * every round. Both halves of a round share the machine's load at that moment, so their ratio is free
 * of the window-to-window swings (±10 % of the server's CPU on a shared machine) that successive windows
 * on one fleet suffer; swapping cancels any difference between the twins themselves.
 */
import type { Twin } from './paired.ts';
import { medianOf, medianOfPresent, pairByRound, pairedRatio, twinsInRound } from './paired.ts';

/** Who watches the fleet during a window: `engine` in its default mode (tmux's change events), `engine-poll` polling. */
export type Watcher = 'engine' | 'engine-poll' | 'observer-control' | 'observer-per-process';

/** The engine's two observe modes as watchers: events (the default) and poll. */
export const MODES: readonly Watcher[] = ['engine', 'engine-poll'];

/** One watcher's window: CPU as % of one core. */
export interface CpuRow {
  readonly panes: number;
  readonly watcher: Watcher;
  /** Which round of the two modes side by side (1-based); absent for a watcher measured alone. */
  readonly round?: number;
  /** The twin fleet it watched (when the run had twins); absent on a one-fleet run. */
  readonly fleet?: Twin;
  /** The machine's 1-minute load average at the end of the window. */
  readonly load?: number;
  readonly windowMs: number;
  /** The watching Node process itself (utime+stime). */
  readonly processPct: number;
  /** Its tmux client processes: the control-mode client, or the reaped per-capture processes. */
  readonly clientsPct: number;
  /** The watcher's side together (process + clients): what the target applies to. */
  readonly watcherPct: number;
  /** The tmux server during the window (its twin's, on a twin run), minus that server's rate with nobody watching. */
  readonly serverExtraPct: number;
  /** The tmux server during the window, all of it (the agents' own redraws included): comparable between watchers of one run. */
  readonly serverPct?: number;
  /** watcherPct + serverExtraPct: everything watching costs the machine. */
  readonly totalPct: number;
  /** Observer ticks (list-panes calls) per second; a watcher that cannot keep its 1 s tick shows < 1. Null for the engine. */
  readonly ticksPerS: number | null;
  /** Pane captures per second. Null for the engine (its client is built inside it). */
  readonly capturesPerS: number | null;
}

/** A CPU run: the fleet mix (of each twin), the server's idle rate, and one row per watcher. */
export interface CpuResult {
  readonly panes: number;
  readonly mix: Readonly<Record<string, number>>;
  /** The tmux server with nobody watching (twin A's on a twin run: the other watchers run there). */
  readonly serverIdlePct: number;
  /** Each twin's server with nobody watching, measured over one shared window; absent on a one-fleet run. */
  readonly twinIdlePct?: Readonly<Record<Twin, number>>;
  readonly rows: readonly CpuRow[];
}

/** One watcher in a window: the fleet it watches (a twin, or the one fleet) and its round of the modes. */
export interface WindowSlot {
  readonly watcher: Watcher;
  readonly round?: number;
  readonly fleet?: Twin;
}

/**
 * The windows of a run, in order; the watchers of one window run at the same time. With both modes
 * asked for, the run has twin fleets: `rounds` windows of events and poll side by side (twins swapped each
 * round), then every other watcher alone on twin A. With one mode or none, one fleet: that mode alone
 * `rounds` times, then the others once.
 */
export function cpuWindows(watchers: readonly Watcher[], rounds: number): { readonly twins: boolean; readonly windows: WindowSlot[][] } {
  const twins = MODES.every((m) => watchers.includes(m));
  const others: WindowSlot[][] = watchers
    .filter((w) => !MODES.includes(w))
    .map((watcher) => [twins ? { watcher, fleet: 'A' } : { watcher }]);
  if (twins) {
    const paired = Array.from({ length: rounds }, (_, i): WindowSlot[] => {
      const on = twinsInRound(i + 1);
      return [
        { watcher: 'engine', round: i + 1, fleet: on.events },
        { watcher: 'engine-poll', round: i + 1, fleet: on.poll },
      ];
    });
    return { twins, windows: [...paired, ...others] };
  }
  const mode = MODES.find((m) => watchers.includes(m));
  const alone: WindowSlot[][] = mode ? Array.from({ length: rounds }, () => [{ watcher: mode }]) : [];
  return { twins, windows: [...alone, ...others] };
}

/** One round of the two modes side by side: events ÷ poll from the same window. */
export interface PairedRound {
  readonly round: number;
  /** The twin the events engine watched (poll watched the other); absent on a one-fleet run. */
  readonly eventsOn: Twin | null;
  readonly watcher: number | null;
  readonly withServer: number | null;
  /** The load average at the end of the round's window. */
  readonly load: number | null;
}

/**
 * The two modes over one run's rounds: the median of each one's CPU over the rounds, and events ÷ poll
 * as the median of the rounds' ratios, each ratio from one window (the modes side by side on twin fleets).
 */
export interface ModeComparison {
  readonly rounds: number;
  /** Median of the watcher's CPU (engine process + its tmux clients). */
  readonly eventsWatcherPct: number;
  readonly pollWatcherPct: number;
  /** Median of the rounds' events ÷ poll, watcher alone. */
  readonly watcherRatio: number | null;
  /** Median of watcher + its tmux server's whole CPU in the window. */
  readonly eventsWithServerPct: number;
  readonly pollWithServerPct: number;
  /** Median of the rounds' events ÷ poll, watcher + its server: what the verdict reads. */
  readonly withServerRatio: number | null;
  readonly perRound: readonly PairedRound[];
}

/** Watcher + its tmux server's whole CPU in the window (what the engine's mode costs the machine). */
export function withServerPct(row: CpuRow): number {
  return row.watcherPct + (row.serverPct ?? row.serverExtraPct);
}

/** Compare the modes of a run (null when it did not measure both). */
export function modeComparison(result: CpuResult): ModeComparison | null {
  const events = result.rows.filter((r) => r.watcher === 'engine');
  const polled = result.rows.filter((r) => r.watcher === 'engine-poll');
  if (events.length === 0 || polled.length === 0) return null;
  const perRound = pairByRound(events, polled).map((pair): PairedRound => ({
    round: pair.round,
    eventsOn: pair.events?.fleet ?? null,
    watcher: pairedRatio(pair, (r) => r.watcherPct),
    withServer: pairedRatio(pair, withServerPct),
    load: pair.events?.load ?? pair.poll?.load ?? null,
  }));
  return {
    rounds: perRound.length,
    eventsWatcherPct: medianOf(events, (r) => r.watcherPct),
    pollWatcherPct: medianOf(polled, (r) => r.watcherPct),
    watcherRatio: medianOfPresent(perRound.map((r) => r.watcher)),
    eventsWithServerPct: medianOf(events, withServerPct),
    pollWithServerPct: medianOf(polled, withServerPct),
    withServerRatio: medianOfPresent(perRound.map((r) => r.withServer)),
    perRound,
  };
}
