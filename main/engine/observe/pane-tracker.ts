/**
 * Pure per-pane stability tracking: turns successive captures into facts. A screen becomes a fact
 * once the same classification has been seen on `stableCaptures` consecutive captures; a screen no
 * recogniser explains becomes an `unexplained` fact only after it stayed unchanged for a while.
 */
import type { Fact, PaneKey } from '../sessions/facts.ts';
import { fingerprintOf } from '../runtimes/common/fingerprint.ts';
import type { PaneCapture, RuntimeModule, Screen } from '../runtimes/types.ts';
import { digestOf, displayTail } from './screen-digest.ts';

export interface TrackerOptions {
  /** Consecutive identical captures that make a screen a fact (2: one capture may be taken mid-redraw; two that agree are a screen). */
  readonly stableCaptures: number;
  /** Unchanged-and-unexplained time before the pane is reported as `unknown` (30 s: a long tool run or a slow redraw must not look stuck). */
  readonly unexplainedAfterMs: number;
}

/** What the tracker remembers about one pane between captures. */
export interface TrackerState {
  readonly digest: string | null;
  readonly stableCount: number;
  /** When the digest last changed. */
  readonly changedAt: number;
  /** Identity of the last screen reported as a fact (kind + fingerprint/draft), to report each once. */
  readonly reported: string | null;
  readonly unexplainedReported: boolean;
  readonly lastScreen: Screen | null;
  readonly tail: readonly string[];
  /** The last capture exactly as taken (colour or not): the same text again is the same screen, not parsed again. */
  readonly captured: string | null;
}

export const initialTracker: TrackerState = {
  digest: null,
  stableCount: 0,
  changedAt: 0,
  reported: null,
  unexplainedReported: false,
  lastScreen: null,
  tail: [],
  captured: null,
};

/** A short identity for a classified screen: two captures with equal identity mean the same situation. */
export function screenIdentity(screen: Screen): string {
  switch (screen.kind) {
    case 'permission':
    case 'dialog':
      return `${screen.kind}:${fingerprintOf(screen)}`;
    case 'idle':
      return `idle:${screen.draft}`;
    case 'working':
      return 'working';
    case 'unknown':
      return 'unknown';
  }
}

/** Feed one capture; returns the new tracker state and the facts it proves (usually none). */
export function trackCapture(
  prev: TrackerState,
  pane: PaneKey,
  runtime: RuntimeModule,
  capture: PaneCapture,
  now: number,
  opts: TrackerOptions,
): { state: TrackerState; facts: Fact[] } {
  // Classification is a pure function of the capture: the stability re-check of an unchanged pane
  // (half of all captures) needs no second parse, digest or tail.
  const captured = capture.ansiLines ? `e\n${capture.ansiLines.join('\n')}` : `p\n${capture.lines.join('\n')}`;
  const repeat = captured === prev.captured && prev.lastScreen !== null && prev.digest !== null;
  const digest = repeat ? prev.digest : digestOf(capture.lines, runtime);
  const screen = repeat ? prev.lastScreen! : runtime.classify(capture);
  const identity = screenIdentity(screen);
  const sameAsBefore = repeat || (digest === prev.digest && prev.lastScreen !== null && screenIdentity(prev.lastScreen) === identity);
  const stableCount = sameAsBefore ? prev.stableCount + 1 : 1;
  const changedAt = sameAsBefore ? prev.changedAt : now;
  const tail = repeat ? prev.tail : displayTail(capture.ansiLines ?? capture.lines);
  const facts: Fact[] = [];
  let reported = prev.reported;
  // Working needs no stability: it never raises an alert, and a busy screen rarely holds still.
  const stableEnough = screen.kind === 'working' || stableCount >= opts.stableCaptures;
  if (screen.kind !== 'unknown' && stableEnough && identity !== prev.reported) {
    facts.push({ kind: 'screen', pane, at: now, screen, stableCount, tail });
    reported = identity;
  }
  let unexplainedReported = sameAsBefore ? prev.unexplainedReported : false;
  if (screen.kind === 'unknown' && !unexplainedReported && now - changedAt >= opts.unexplainedAfterMs) {
    facts.push({ kind: 'unexplained', pane, at: now, forMs: now - changedAt, tail });
    unexplainedReported = true;
    reported = identity;
  }
  return {
    state: { digest, stableCount, changedAt, reported, unexplainedReported, lastScreen: screen, tail, captured },
    facts,
  };
}

/**
 * Called on ticks where the pane was not captured (no window activity): time still passes, so a
 * pane that stays on an unexplained screen is reported once the window has elapsed.
 */
export function trackQuiet(prev: TrackerState, pane: PaneKey, now: number, opts: TrackerOptions): { state: TrackerState; facts: Fact[] } {
  if (prev.lastScreen?.kind !== 'unknown' || prev.unexplainedReported || now - prev.changedAt < opts.unexplainedAfterMs) {
    return { state: prev, facts: [] };
  }
  const fact: Fact = { kind: 'unexplained', pane, at: now, forMs: now - prev.changedAt, tail: prev.tail };
  return { state: { ...prev, unexplainedReported: true, reported: 'unknown' }, facts: [fact] };
}
