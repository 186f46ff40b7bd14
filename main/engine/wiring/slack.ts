/**
 * Wiring step: the Slack channel. The supervisor starts the channel when a pairing and both tokens
 * are there and stops it when they go; it acts through the `slack` surface's method map, so a press
 * is audited as `slack` and goes through the same checks as every other surface.
 */
import type { ApiMethods } from '../../../preload/contract/api.ts';
import { SlackSupervisor } from '../slack/slack-supervisor.ts';
import type { Foundation, UndoList } from './foundation.ts';

/** Test and bench knobs (the defaults are what users get). */
export interface SlackTuning {
  readonly minSendIntervalMs?: number;
  readonly checkMs?: number;
  readonly requestTimeoutMs?: number;
}

/** Build and start the supervisor; disposed by the undo list and by the engine's stop. */
export function startSlack(f: Foundation, api: ApiMethods, tuning: SlackTuning, undo: UndoList): SlackSupervisor {
  const supervisor = new SlackSupervisor({
    store: f.store,
    api,
    events: f.events,
    logger: f.logger,
    now: f.now,
    home: f.paths.home,
    apiBase: () => f.config().phone.slack.apiBase,
    settings: () => ({ tail: f.config().phone.tail, afterMs: f.config().phone.afterMs }),
    ...tuning,
  });
  supervisor.start();
  undo.push(() => supervisor.dispose());
  return supervisor;
}
