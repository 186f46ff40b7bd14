/**
 * The remote phase's rows and the pure comparison of the engine's two observe modes over ssh (no ssh
 * or tmux here: unit-tested alone). Over ssh the modes run side by side on twin host sets, swapped
 * each round (`twinsInRound`), and are judged by the median of the rounds' paired ratios (paired.ts).
 */
import type { Twin } from './paired.ts';
import { medianOf, medianOfPresent, pairByRound, pairedRatio } from './paired.ts';
import type { PromptFigures } from './stats.ts';

/** One watching mode's figures. */
export interface RemoteRow extends PromptFigures {
  readonly mode: 'local' | 'ssh';
  /** config `observe.mode` of the engine. */
  readonly observe: 'events' | 'poll';
  /** The engine process's own CPU, % of one core over the window. */
  readonly enginePct: number;
  /** Its ssh children's CPU over the window (the multiplexed connections). */
  readonly sshPct: number;
  /** ssh processes per host during the window (max over samples). */
  readonly sshPerHost: number;
  /** The hosts' tmux servers together, % of one core over the window (the agents' own redraws included). */
  readonly serversPct?: number;
  /** Which round of the two ssh modes side by side (1-based); absent for the local row. */
  readonly round?: number;
  /** The twin host set it watched (over ssh, the modes run side by side on twins A and B; the local row runs on A). Absent in results from before twins. */
  readonly twin?: Twin;
  /** The machine's 1-minute load average at the end of the window. */
  readonly load?: number;
}

/** One round of the two modes over ssh side by side: events ÷ poll from the same window. */
export interface RemotePairedRound {
  readonly round: number;
  /** The twin host set the events engine watched (poll watched the other); null in results from before twins. */
  readonly eventsOn: Twin | null;
  /** Engine + its ssh children. */
  readonly local: number | null;
  /** The same per prompt detected. */
  readonly perPrompt: number | null;
  /** Each engine's twin's hosts' tmux servers. */
  readonly servers: number | null;
  readonly load: number | null;
}

/**
 * The two modes over ssh: the median of each one's figures over the rounds, and events ÷ poll as the
 * median of the rounds' paired ratios, each from one window (the modes side by side on twin host sets).
 * Per prompt detected, too: the agents' fixed pace gives both the same prompts, unless one mode's
 * answers fall behind it.
 */
export interface RemoteModeComparison {
  readonly rounds: number;
  /** Median of engine + its ssh children: the watching machine's cost. */
  readonly eventsLocalPct: number;
  readonly pollLocalPct: number;
  /** Median of the rounds' events ÷ poll, engine + its ssh children. */
  readonly localRatio: number | null;
  /** The same per prompt detected. */
  readonly perPromptRatio: number | null;
  /** Median of the rounds' events ÷ poll of the hosts' tmux servers. */
  readonly serversRatio: number | null;
  /** Median of the rounds' detection p95 (ms) per mode. */
  readonly eventsDetectionP95: number | null;
  readonly pollDetectionP95: number | null;
  /** Prompts never queued, all rounds together, per mode. */
  readonly eventsMissed: number;
  readonly pollMissed: number;
  readonly perRound: readonly RemotePairedRound[];
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
  const perPrompt = (r: RemoteRow) => localPct(r) / Math.max(1, r.detection.n);
  const servers = (r: RemoteRow) => r.serversPct ?? 0;
  const perRound = pairByRound(events, polled).map((pair): RemotePairedRound => ({
    round: pair.round,
    eventsOn: pair.events?.twin ?? null,
    local: pairedRatio(pair, localPct),
    perPrompt: pairedRatio(pair, perPrompt),
    servers: pairedRatio(pair, servers),
    load: pair.events?.load ?? pair.poll?.load ?? null,
  }));
  const missed = (rows: readonly RemoteRow[]) => rows.reduce((sum, r) => sum + r.missed, 0);
  return {
    rounds: perRound.length,
    eventsLocalPct: medianOf(events, localPct),
    pollLocalPct: medianOf(polled, localPct),
    localRatio: medianOfPresent(perRound.map((r) => r.local)),
    perPromptRatio: medianOfPresent(perRound.map((r) => r.perPrompt)),
    serversRatio: medianOfPresent(perRound.map((r) => r.servers)),
    eventsDetectionP95: medianOfPresent(events.map((r) => r.detection.p95)),
    pollDetectionP95: medianOfPresent(polled.map((r) => r.detection.p95)),
    eventsMissed: missed(events),
    pollMissed: missed(polled),
    perRound,
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
