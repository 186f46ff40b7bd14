/**
 * Which attention item a pane should have, decided from its state: open, keep, update, replace or
 * resolve. Pure: call it after every state change and every policy change (mute, loop mode, escalation).
 */
import type { AttentionItem, ItemDraft, Resolution, WaitReason } from './attention-item.ts';
import type { PaneState } from './pane-state.ts';

/** What the pane's settings say about items. */
export interface PanePolicy {
  /** Muted or ignored panes have no items. */
  readonly muted: boolean;
  /** The loop mode lets the watchdog nudge this idle agent, so idle alone is no item. */
  readonly watchdogHandlesIdle: boolean;
  /** Set when the watchdog gave up: the number of nudges it sent. Idle then gets an item. */
  readonly escalatedAfterNudges: number | null;
}

/** A pane nobody configured: not muted, no watchdog. */
export const DEFAULT_POLICY: PanePolicy = { muted: false, watchdogHandlesIdle: false, escalatedAfterNudges: null };

/**
 * What to do with the pane's item. `keep`: nothing changed. `update`: the same wait (same place in the
 * queue, same reminders) with fresher details. `replace`: a different wait — resolve the old, open the new.
 */
export type AttentionChange =
  | { readonly kind: 'none' }
  | { readonly kind: 'keep'; readonly id: string }
  | { readonly kind: 'open'; readonly draft: ItemDraft }
  | { readonly kind: 'update'; readonly item: AttentionItem }
  | { readonly kind: 'resolve'; readonly id: string; readonly resolution: Resolution }
  | { readonly kind: 'replace'; readonly id: string; readonly resolution: Resolution; readonly draft: ItemDraft };

interface Wanted {
  readonly reason: WaitReason;
  readonly nudges: number;
}

/** Which reason the state calls for under the policy, or null for no item. */
function wanted(s: PaneState, policy: PanePolicy): Wanted | null {
  if (policy.muted) return null;
  switch (s.state) {
    case 'permission':
      return { reason: s.state, nudges: 0 };
    case 'dialog':
      // An overlay the user opened (model picker, help, transcript): they are at the pane already.
      return s.prompt?.kind === 'dialog' && s.prompt.openedByUser === true ? null : { reason: s.state, nudges: 0 };
    case 'unknown':
      return s.needsLook ? { reason: 'unknown', nudges: 0 } : null;
    case 'idle':
      if (policy.escalatedAfterNudges !== null) return { reason: 'idle-after-nudges', nudges: policy.escalatedAfterNudges };
      return policy.watchdogHandlesIdle ? null : { reason: 'idle', nudges: 0 };
    case 'starting':
    case 'working':
    case 'gone':
      return null;
  }
}

const family = (r: WaitReason): string => (r === 'idle-after-nudges' ? 'idle' : r);

/** What makes two waits the same wait: the prompt's fingerprint, or what a hook asked, or just the reason. */
function identity(reason: WaitReason, fingerprint: string | null, hook: PaneState['hookRequest']): string {
  if (fingerprint) return `fp:${fingerprint}`;
  if (hook) return `hook:${hook.tool}\u0000${hook.subject}`;
  return family(reason);
}

/** Why an item left: the pane died → gone; an unexplained screen changed → recovered; else someone answered in the pane. */
function resolutionFor(item: AttentionItem, s: PaneState, stillWaits: boolean): Resolution {
  if (s.state === 'gone') return 'gone';
  if (stillWaits) return 'dismissed';
  return item.reason === 'unknown' ? 'recovered' : 'answered-in-pane';
}

function draftFor(s: PaneState, w: Wanted, now: number): ItemDraft {
  // An escalated idle wait starts its own reminder cadence now, not hours back when idleness began.
  const firstSeen = w.reason === 'idle-after-nudges' ? now : Math.min(s.since, now);
  return {
    paneKey: s.pane,
    runtime: s.runtime,
    reason: w.reason,
    fingerprint: s.fingerprint,
    prompt: s.prompt,
    hookRequest: s.hookRequest,
    tail: s.tail,
    nudges: w.nudges,
    firstSeen,
    queueOrder: firstSeen,
    skipCooldownUntil: null,
    snoozedUntil: null,
    reminderStep: 0,
    stuck: false,
  };
}

function sameTail(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((line, i) => line === b[i]);
}

/** Decide the pane's item from its state, its open item (if any) and its policy. */
export function attentionFor(s: PaneState, current: AttentionItem | null, policy: PanePolicy, now: number): AttentionChange {
  const w = wanted(s, policy);
  if (!current) return w ? { kind: 'open', draft: draftFor(s, w, now) } : { kind: 'none' };
  if (!w) {
    const stillWaits = s.state !== 'gone' && wanted(s, DEFAULT_POLICY) !== null;
    return { kind: 'resolve', id: current.id, resolution: resolutionFor(current, s, stillWaits) };
  }
  const sameFamily = family(current.reason) === family(w.reason);
  const same =
    sameFamily && identity(current.reason, current.fingerprint, current.hookRequest) === identity(w.reason, s.fingerprint, s.hookRequest);
  // A hook announced the prompt first; the pane's parse of it is the same wait with keys added.
  const upgraded = sameFamily && current.fingerprint === null && current.hookRequest !== null && s.fingerprint !== null;
  if (!same && !upgraded)
    return { kind: 'replace', id: current.id, resolution: resolutionFor(current, s, false), draft: draftFor(s, w, now) };
  const item: AttentionItem = {
    ...current,
    reason: w.reason,
    nudges: w.nudges,
    fingerprint: s.fingerprint ?? current.fingerprint,
    prompt: s.prompt ?? current.prompt,
    hookRequest: s.hookRequest ?? current.hookRequest,
    tail: s.tail,
  };
  const refreshed =
    item.reason !== current.reason ||
    item.nudges !== current.nudges ||
    item.fingerprint !== current.fingerprint ||
    !sameTail(item.tail, current.tail);
  return refreshed ? { kind: 'update', item } : { kind: 'keep', id: current.id };
}
