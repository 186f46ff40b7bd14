/**
 * The remote phase's rows and the pure comparison of the engine's two observe modes over ssh (no ssh
 * or tmux here: unit-tested alone).
 */
import type { Summary } from './stats.ts';
import { median, ratio } from './stats.ts';

/** One watching mode's figures. */
export interface RemoteRow {
  readonly mode: 'local' | 'ssh';
  /** config `observe.mode` of the engine. */
  readonly observe: 'events' | 'poll';
  readonly detection: Summary;
  readonly missed: number;
  readonly approve: Summary;
  readonly approveOutcomes: Readonly<Record<string, number>>;
  readonly keysReceived: Readonly<Record<string, number>>;
  /** The engine process's own CPU, % of one core over the window. */
  readonly enginePct: number;
  /** Its ssh children's CPU over the window (the multiplexed connections). */
  readonly sshPct: number;
  /** ssh processes per host during the window (max over samples). */
  readonly sshPerHost: number;
  /** The hosts' tmux servers together, % of one core over the window (the agents' own redraws included). */
  readonly serversPct?: number;
  /** Which round of the interleaved ssh modes (1-based); absent for the local row. */
  readonly round?: number;
}

/** The two modes over ssh, by the medians of their rounds; events ÷ poll per prompt detected, too (the agents' fixed pace gives both the same prompts, unless one mode's answers fall behind it). */
export interface RemoteModeComparison {
  readonly rounds: number;
  readonly eventsLocalPct: number;
  readonly pollLocalPct: number;
  /** Engine + its ssh children: the watching machine's cost. */
  readonly localRatio: number | null;
  /** The same per prompt detected. */
  readonly perPromptRatio: number | null;
  /** The hosts' tmux servers. */
  readonly serversRatio: number | null;
}

/** The watching machine's cost of a row: the engine and its ssh children. */
export function localPct(row: RemoteRow): number {
  return row.enginePct + row.sshPct;
}

/** Compare the ssh rows of a run by mode (null without both). */
export function remoteModeComparison(result: RemoteResult): RemoteModeComparison | null {
  const of = (observe: 'events' | 'poll') => result.rows.filter((r) => r.mode === 'ssh' && r.observe === observe);
  const [events, polled] = [of('events'), of('poll')];
  if (events.length === 0 || polled.length === 0) return null;
  const med = (rows: readonly RemoteRow[], f: (r: RemoteRow) => number) => median(rows.map(f)) ?? 0;
  const perPrompt = (r: RemoteRow) => localPct(r) / Math.max(1, r.detection.n);
  const servers = (r: RemoteRow) => r.serversPct ?? 0;
  return {
    rounds: Math.min(events.length, polled.length),
    eventsLocalPct: med(events, localPct),
    pollLocalPct: med(polled, localPct),
    localRatio: ratio(med(events, localPct), med(polled, localPct)),
    perPromptRatio: ratio(med(events, perPrompt), med(polled, perPrompt)),
    serversRatio: ratio(med(events, servers), med(polled, servers)),
  };
}

/** The phase's result. */
export interface RemoteResult {
  readonly hosts: number;
  readonly panesPerHost: number;
  readonly loopingPerHost: number;
  readonly windowMs: number;
  readonly rows: readonly RemoteRow[];
}
