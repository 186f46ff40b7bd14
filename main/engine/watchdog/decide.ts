/**
 * The watchdog's decisions at the moment of acting, pure: given a fresh capture and the clients,
 * type a nudge, escalate, wait, or do nothing; deliver a wake-up; dismiss a known dialog.
 * The safe-to-type gate is never bypassed; the human gate is bypassed only by a priority wake-up.
 */
import type { DialogScreen, Screen } from '../runtimes/types.ts';
import type { ClientInfo } from '../tmux/types.ts';
import { fingerprintOf } from '../runtimes/common/fingerprint.ts';
import type { WatchdogConfig } from './config.ts';
import { nextNudgeAt, type WatchdogState } from './backoff.ts';
import { draftPresent, humanActive, humanQuietAt, safeToType } from './gates.ts';
import { dismissalFor } from './dismissal.ts';

/** Who is at the pane's session right now. */
export interface HumanContext {
  readonly clients: readonly ClientInfo[];
  readonly session: string;
}

/** What to do for a pane whose nudge may be due. */
export type NudgeDecision =
  | { readonly kind: 'type'; readonly text: string; readonly attempt: number }
  | { readonly kind: 'escalate'; readonly nudges: number }
  | { readonly kind: 'wait'; readonly until: number; readonly why: 'not-due' | 'not-at-input' | 'human-active' | 'draft' }
  | { readonly kind: 'none' };

/** Inputs of a nudge decision. `text` is `nudgeText(mode, cfg, directive)`; `screen` a fresh capture (null if it failed). */
export interface NudgeInput {
  readonly state: WatchdogState;
  readonly cfg: WatchdogConfig;
  readonly text: string | null;
  readonly screen: Screen | null;
  readonly human: HumanContext;
  readonly now: number;
}

/** Decide a due nudge. Gates in order: due? escalate? safe to type? no human? no draft? */
export function decideNudge(input: NudgeInput): NudgeDecision {
  const { state, cfg, text, screen, human, now } = input;
  if (text === null) return { kind: 'none' };
  const plan = nextNudgeAt(state, cfg);
  if (plan.kind === 'none') return { kind: 'none' };
  if (plan.at > now) return { kind: 'wait', until: plan.at, why: 'not-due' };
  if (plan.kind === 'escalate') return { kind: 'escalate', nudges: state.nudgesSent };
  if (!safeToType(screen)) return { kind: 'wait', until: now + cfg.recheckMs, why: 'not-at-input' };
  if (humanActive(human.clients, human.session, now, cfg.humanActiveMs)) {
    return { kind: 'wait', until: humanQuietAt(human.clients, human.session, now, cfg.humanActiveMs), why: 'human-active' };
  }
  if (draftPresent(screen)) return { kind: 'wait', until: now + cfg.recheckMs, why: 'draft' };
  return { kind: 'type', text, attempt: plan.attempt };
}

/** A priority wake-up: typed at once, human or not — but only at an input prompt. */
export type WakeDecision =
  | { readonly kind: 'type'; readonly text: string; readonly erasedDraft: string | null }
  | { readonly kind: 'refuse'; readonly why: 'not-at-input' | 'empty' };

/** Decide a wake-up on a fresh capture. Clearing the line erases a draft: it is reported for the audit log. */
export function decideWake(screen: Screen | null, text: string): WakeDecision {
  if (text.trim() === '') return { kind: 'refuse', why: 'empty' };
  if (!safeToType(screen) || screen?.kind !== 'idle') return { kind: 'refuse', why: 'not-at-input' };
  return { kind: 'type', text, erasedDraft: draftPresent(screen) ? screen.draft : null };
}

/** What to do about a dialog on screen. */
export type DismissDecision =
  { readonly kind: 'press'; readonly key: string } | { readonly kind: 'wait'; readonly until: number } | { readonly kind: 'none' };

/**
 * Dismiss a dialog from the safe catalog, only while the fresh capture still shows the very dialog
 * that was observed (same fingerprint), and never under a human's hands (they may be reading it).
 */
export function decideDismissal(
  seen: DialogScreen,
  fresh: Screen | null,
  human: HumanContext,
  now: number,
  cfg: WatchdogConfig,
): DismissDecision {
  if (!cfg.dismissKnownDialogs || fresh === null || fresh.kind !== 'dialog') return { kind: 'none' };
  if (fingerprintOf(fresh) !== fingerprintOf(seen)) return { kind: 'none' };
  const key = dismissalFor(fresh);
  if (key === null) return { kind: 'none' };
  if (humanActive(human.clients, human.session, now, cfg.humanActiveMs)) {
    return { kind: 'wait', until: humanQuietAt(human.clients, human.session, now, cfg.humanActiveMs) };
  }
  return { kind: 'press', key };
}
