/**
 * Connects the watchdog scheduler to the engine: loop modes from pane settings and config rules,
 * fresh captures and attached clients from tmux, typing through the audited safe-to-type action,
 * escalation into the queue, and backoff state persisted in the store.
 */
import type { ActionStore, PaneAccess } from '../actions/types.ts';
import { NotTypedError } from '../actions/not-typed-error.ts';
import { loopModeOf, watchdogConfigOf } from '../watchdog/engine-settings.ts';
import { typeIntoIdle } from '../actions/type-text.ts';
import type { Config } from '../config/index.ts';
import type { PaneObserver } from '../observe/observer.ts';
import type { Clock } from '../platform/clock.ts';
import type { Logger } from '../platform/log.ts';
import type { PaneKey } from '../sessions/facts.ts';
import type { PaneState } from '../sessions/pane-state.ts';
import type { Pane, Store } from '../store/index.ts';
import type { WatchdogState } from '../watchdog/backoff.ts';
import { escalatedAfter } from '../watchdog/backoff.ts';
import { watchdogHandlesIdle } from '../watchdog/loop-mode.ts';
import { WatchdogScheduler } from '../watchdog/watchdog-scheduler.ts';
import { settledLooks } from '../actions/settled-look.ts';
import type { WatchdogView } from '../truth/policy.ts';

export interface WatchdogWiringDeps {
  readonly store: Store;
  readonly observer: PaneObserver;
  readonly panes: PaneAccess;
  readonly actionStore: ActionStore;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly config: () => Config;
  /** The watchdog gave up on a pane: re-decide its item (it becomes "idle after N nudges"). */
  readonly reconsider: (pane: PaneKey) => void;
  /** The pane's state as the truth holds it now. */
  readonly stateOf: (pane: PaneKey) => PaneState | undefined;
}

/** A wake-up clears the input line: what a human had typed there goes into the audit reason, not into oblivion. */
async function erasedDraftNote(panes: PaneAccess, pane: PaneKey): Promise<string> {
  const look = await panes.look(pane);
  const draft = look.kind === 'screen' && look.screen.kind === 'idle' ? look.screen.draft.trim() : '';
  return draft === '' ? '' : ` (cleared the draft ${JSON.stringify(draft)})`;
}

/** The wired watchdog: its scheduler, the policy view the truth uses, and a per-pane re-sync. */
export interface WatchdogWiring {
  readonly scheduler: WatchdogScheduler;
  readonly view: WatchdogView;
  sync(pane: Pane): void;
}

/** Build the scheduler and the policy view the truth uses. */
export function wireWatchdog(deps: WatchdogWiringDeps): WatchdogWiring {
  const { store, observer, clock, logger } = deps;
  // Every look waits for a still screen: a capture mid-repaint must not withhold Enter after the paste.
  const panes = settledLooks(deps.panes, clock);
  const scheduler: WatchdogScheduler = new WatchdogScheduler({
    clock,
    config: () => watchdogConfigOf(deps.config()),
    capture: async (pane) => {
      const look = await panes.look(pane);
      return look.kind === 'screen' ? look.screen : null;
    },
    human: async (pane) => {
      const watched = observer.pane(pane);
      if (!watched) return { clients: [], session: '' };
      return { clients: await watched.client.listClients(), session: watched.info.sessionName };
    },
    type: async (pane, text, reason) => {
      const why = reason === 'wake' ? `priority wake-up${await erasedDraftNote(panes, pane)}` : 'idle watchdog nudge';
      const result = await typeIntoIdle(
        { store: deps.actionStore, panes, clock },
        { paneKey: pane, text, reason: why, surface: 'watchdog', itemId: null, action: reason, refuseOverDraft: reason === 'nudge' },
      );
      if (result.outcome !== 'confirmed') throw new NotTypedError(result.outcome, result.message);
    },
    press: async (pane, key, reason) => {
      const look = await panes.look(pane);
      const what = look.kind === 'screen' && look.screen.kind === 'dialog' ? `: ${look.screen.dialogId ?? look.screen.question}` : '';
      deps.actionStore.appendAudit({
        paneKey: pane,
        runtime: look.kind === 'screen' ? look.runtime.id : 'unknown',
        action: 'dismiss',
        payload: key,
        reason: `${reason} known dialog${what}`,
        surface: 'watchdog',
        itemId: null,
        outcome: 'sent',
      });
      await deps.panes.sendKeys(pane, [key]);
    },
    escalate: (pane) => deps.reconsider(pane),
    saved: (state: WatchdogState) => {
      store.watchdog.put({
        paneKey: state.paneKey,
        nudgesSent: state.nudgesSent,
        lastNudgeAt: state.lastNudgeAt,
        nextNudgeAt: null,
        idleSince: state.idleSince,
        escalated: state.escalated,
      });
    },
    failed: (pane, error) => logger.log('warn', 'watchdog.failed', { pane, error: String(error) }),
  });
  const view: WatchdogView = {
    handlesIdle: (pane) => {
      const mode = loopModeOf(pane, deps.config());
      return watchdogHandlesIdle(mode, watchdogConfigOf(deps.config()), pane.directive);
    },
    escalatedAfter: (paneKey) => {
      const state = scheduler.stateOf(paneKey);
      return state ? escalatedAfter(state) : null;
    },
  };
  /** Track or untrack a pane after it was seen or its settings changed; restores saved backoff. */
  const sync = (pane: Pane) => {
    const mode = loopModeOf(pane, deps.config());
    if (mode === 'paused' || pane.state === 'gone') {
      scheduler.untrack(pane.paneKey);
      return;
    }
    const saved = store.watchdog.get(pane.paneKey);
    const restored: WatchdogState | null = saved
      ? {
          paneKey: saved.paneKey,
          idleSince: saved.idleSince,
          activeSince: null,
          nudgesSent: saved.nudgesSent,
          lastNudgeAt: saved.lastNudgeAt,
          escalated: saved.escalated,
        }
      : null;
    scheduler.track(pane.paneKey, mode, pane.directive, scheduler.stateOf(pane.paneKey) ? null : restored);
    // The scheduler hears states only as they change: a pane switched on while ALREADY idle would
    // never be nudged (and its idle item is gone, the watchdog now owning idleness). Tell it now —
    // but not a no-evidence state (starting, unknown), which would wipe an idle spell restored from the store.
    const live = deps.stateOf(pane.paneKey);
    if (live && live.state !== 'starting' && live.state !== 'unknown') scheduler.observe(live);
  };
  return { scheduler, view, sync };
}
