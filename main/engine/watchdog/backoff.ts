/**
 * Watchdog backoff, pure: per-pane nudge bookkeeping (JSON-able, persisted by the store) and when
 * the next nudge — or the escalation to the human — is due.
 */
import type { AgentState } from '../sessions/pane-state.ts';
import type { PaneKey } from '../sessions/facts.ts';
import type { WatchdogConfig } from './config.ts';

/** One pane's watchdog state. Times are epoch ms. */
export interface WatchdogState {
  readonly paneKey: PaneKey;
  /** When the current idle spell began; null when not idle. */
  readonly idleSince: number | null;
  /** When the current working spell began (working, permission or dialog); null when not working. */
  readonly activeSince: number | null;
  /** Nudges sent since the agent last got back to work. */
  readonly nudgesSent: number;
  readonly lastNudgeAt: number | null;
  /** The watchdog gave up and queued the agent; cleared by getting back to work. */
  readonly escalated: boolean;
}

/** What is due next for a pane. */
export type NudgePlan =
  | { readonly kind: 'nudge'; readonly at: number; readonly attempt: number }
  | { readonly kind: 'escalate'; readonly at: number }
  | { readonly kind: 'none' };

/** A pane the watchdog has not seen yet. */
export function initialWatchdogState(paneKey: PaneKey): WatchdogState {
  return { paneKey, idleSince: null, activeSince: null, nudgesSent: 0, lastNudgeAt: null, escalated: false };
}

/** The wait before nudge number `index` (0-based): the configured list, then ×factor, never above the cap. */
export function waitBefore(index: number, cfg: WatchdogConfig): number {
  const list = cfg.backoffMs;
  const lastListed = list[list.length - 1];
  if (lastListed === undefined) return cfg.capMs;
  const base = index < list.length ? (list[index] ?? lastListed) : lastListed * cfg.factor ** (index - list.length + 1);
  return Math.min(base, cfg.capMs);
}

/** Follow the pane's state: idle starts a spell; real work (≥ workResetMs) resets the count; gone forgets everything. */
export function observeAgentState(s: WatchdogState, state: AgentState, at: number, cfg: WatchdogConfig): WatchdogState {
  switch (state) {
    case 'idle': {
      if (s.idleSince !== null) return s;
      const worked = s.activeSince !== null && at - s.activeSince >= cfg.workResetMs;
      const counts = worked ? { nudgesSent: 0, lastNudgeAt: null, escalated: false } : {};
      return { ...s, ...counts, idleSince: at, activeSince: null };
    }
    case 'working':
    case 'permission':
    case 'dialog':
      return { ...s, idleSince: null, activeSince: s.activeSince ?? at };
    case 'unknown':
    case 'starting':
      // Not idle (never type into what we cannot read), not proof of work either.
      return s.idleSince === null ? s : { ...s, idleSince: null };
    case 'gone':
      return initialWatchdogState(s.paneKey);
  }
}

/** When the next nudge or the escalation is due. Never earlier than the backoff allows. */
export function nextNudgeAt(s: WatchdogState, cfg: WatchdogConfig): NudgePlan {
  if (s.idleSince === null || s.escalated) return { kind: 'none' };
  const wait = waitBefore(s.nudgesSent, cfg);
  const at = s.lastNudgeAt === null ? s.idleSince + wait : Math.max(s.lastNudgeAt + wait, s.idleSince);
  // After the last try the agent gets one more full wait to get going before the human is asked.
  if (s.nudgesSent >= cfg.maxTries) return { kind: 'escalate', at };
  return { kind: 'nudge', at, attempt: s.nudgesSent + 1 };
}

/** Record a nudge typed at `at`. */
export function afterNudge(s: WatchdogState, at: number): WatchdogState {
  return { ...s, nudgesSent: s.nudgesSent + 1, lastNudgeAt: at };
}

/** Record the hand-over to the human. */
export function afterEscalation(s: WatchdogState): WatchdogState {
  return { ...s, escalated: true };
}

/** For the attention policy: the nudge count when the watchdog gave up, else null. */
export function escalatedAfter(s: WatchdogState): number | null {
  return s.escalated ? s.nudgesSent : null;
}
