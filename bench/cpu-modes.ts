/** The CPU bench's rows and the pure comparison of the engine's two observe modes (no tmux here: unit-tested alone). */
import { median, ratio } from './stats.ts';

/** Who watches the fleet during a window: `engine` in its default mode (tmux's change events), `engine-poll` polling. */
export type Watcher = 'engine' | 'engine-poll' | 'observer-control' | 'observer-per-process';

/** One watcher's window: CPU as % of one core. */
export interface CpuRow {
  readonly panes: number;
  readonly watcher: Watcher;
  /** Which round of the interleaved modes (1-based); absent for a watcher measured once. */
  readonly round?: number;
  /** The machine's 1-minute load average at the end of the window. */
  readonly load?: number;
  readonly windowMs: number;
  /** The watching Node process itself (utime+stime). */
  readonly processPct: number;
  /** Its tmux client processes: the control-mode client, or the reaped per-capture processes. */
  readonly clientsPct: number;
  /** The watcher's side together (process + clients): what the target applies to. */
  readonly watcherPct: number;
  /** The tmux server during the window, minus its rate with nobody watching. */
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

/** A CPU run: the fleet mix, the server's idle rate, and one row per watcher. */
export interface CpuResult {
  readonly panes: number;
  readonly mix: Readonly<Record<string, number>>;
  readonly serverIdlePct: number;
  readonly rows: readonly CpuRow[];
}

/** The two modes over one run's rounds: each one's median CPU, and events ÷ poll of the medians. */
export interface ModeComparison {
  readonly rounds: number;
  /** Median of the watcher's CPU (engine process + its tmux clients). */
  readonly eventsWatcherPct: number;
  readonly pollWatcherPct: number;
  readonly watcherRatio: number | null;
  /** Median of watcher + the tmux server's whole CPU in the same window. */
  readonly eventsWithServerPct: number;
  readonly pollWithServerPct: number;
  readonly withServerRatio: number | null;
  /** Each round: events ÷ poll, watcher alone and with the server. */
  readonly perRound: readonly { readonly round: number; readonly watcher: number | null; readonly withServer: number | null }[];
}

/** Watcher + the tmux server's whole CPU in the window (what the engine's mode costs the machine). */
export function withServerPct(row: CpuRow): number {
  return row.watcherPct + (row.serverPct ?? row.serverExtraPct);
}

/** Compare the modes of a run (null when it did not measure both). */
export function modeComparison(result: CpuResult): ModeComparison | null {
  const events = result.rows.filter((r) => r.watcher === 'engine');
  const polled = result.rows.filter((r) => r.watcher === 'engine-poll');
  if (events.length === 0 || polled.length === 0) return null;
  const med = (rows: readonly CpuRow[], f: (r: CpuRow) => number) => median(rows.map(f)) ?? 0;
  const eventsWatcherPct = med(events, (r) => r.watcherPct);
  const pollWatcherPct = med(polled, (r) => r.watcherPct);
  const eventsWithServerPct = med(events, withServerPct);
  const pollWithServerPct = med(polled, withServerPct);
  const rounds = [...new Set(events.map((r) => r.round ?? 1))].sort((a, b) => a - b);
  return {
    rounds: rounds.length,
    eventsWatcherPct,
    pollWatcherPct,
    watcherRatio: ratio(eventsWatcherPct, pollWatcherPct),
    eventsWithServerPct,
    pollWithServerPct,
    withServerRatio: ratio(eventsWithServerPct, pollWithServerPct),
    perRound: rounds.map((round) => {
      const e = events.find((r) => (r.round ?? 1) === round);
      const p = polled.find((r) => (r.round ?? 1) === round);
      return {
        round,
        watcher: e && p ? ratio(e.watcherPct, p.watcherPct) : null,
        withServer: e && p ? ratio(withServerPct(e), withServerPct(p)) : null,
      };
    }),
  };
}
