/**
 * Two observe modes side by side on twin fleets (pure): which twin each mode watches in a round, and
 * events ÷ poll judged by the median of the rounds' paired ratios. Shared by the CPU phase
 * (cpu-modes.ts) and the remote phase (remote-modes.ts).
 *
 * Both halves of a round share the machine's load of that window, so a round's ratio is free of the
 * swings between successive windows on a shared machine; swapping the twins each round cancels any
 * difference between the twins themselves.
 */
import { median, ratio } from './stats.ts';

/** One of the twin fleets that the two modes run on side by side. */
export type Twin = 'A' | 'B';

/** The twin that each mode watches in round `round` (1-based): events on A in odd rounds, on B in even ones. */
export function twinsInRound(round: number): { readonly events: Twin; readonly poll: Twin } {
  return round % 2 === 1 ? { events: 'A', poll: 'B' } : { events: 'B', poll: 'A' };
}

/** A round's events row and poll row (either may be missing when a half of the round failed). */
export interface RoundPair<R> {
  readonly round: number;
  readonly events: R | undefined;
  readonly poll: R | undefined;
}

/** Pair the rows of each mode by round (rows without a round count as round 1), in the order of the events rounds. */
export function pairByRound<R extends { readonly round?: number }>(events: readonly R[], poll: readonly R[]): RoundPair<R>[] {
  const roundOf = (r: R): number => r.round ?? 1;
  const rounds = [...new Set(events.map(roundOf))].sort((a, b) => a - b);
  return rounds.map((round) => ({
    round,
    events: events.find((r) => roundOf(r) === round),
    poll: poll.find((r) => roundOf(r) === round),
  }));
}

/** A round's events ÷ poll of one figure; null without both halves or with a zero poll figure. */
export function pairedRatio<R>(pair: RoundPair<R>, figure: (row: R) => number): number | null {
  return pair.events && pair.poll ? ratio(figure(pair.events), figure(pair.poll)) : null;
}

/** The median of one figure over a mode's rows (0 without rows). */
export function medianOf<R>(rows: readonly R[], figure: (row: R) => number): number {
  return median(rows.map(figure)) ?? 0;
}

/** The median of the figures present (null ones skipped); null when none is. */
export function medianOfPresent(values: readonly (number | null)[]): number | null {
  return median(values.filter((x): x is number => x !== null));
}
