/**
 * Wiring step: the Slack channel. The supervisor starts the channel when a pairing and both tokens
 * are there and stops it when they go; it acts through the `slack` surface's method map, so a press
 * is audited as `slack` and goes through the same checks as every other surface.
 */
import type { ApiMethods } from '../../../preload/contract/api.ts';
import { slackApiBaseSaver } from '../api/slack-methods.ts';
import { SlackPairingService } from '../slack/slack-pairing-service.ts';
import { SlackSupervisor } from '../slack/slack-supervisor.ts';
import type { Foundation, UndoList } from './foundation.ts';

/** Test and bench knobs (the defaults are what users get). */
export interface SlackTuning {
  readonly minSendIntervalMs?: number;
  readonly checkMs?: number;
  readonly requestTimeoutMs?: number;
  /** How long the settings view's pairing waits for the socket's hello. */
  readonly connectMs?: number;
}

/**
 * The settings view's Slack pairing (one for every surface's method map). `changed` has the supervisor
 * look at once (it steps aside while a pairing holds the app's socket); it is built after the method
 * maps, so it is read late.
 */
export function buildSlackPairing(
  f: Foundation,
  tuning: SlackTuning,
  supervisor: () => SlackSupervisor | null,
  undo: UndoList,
): SlackPairingService {
  const pairing = new SlackPairingService({
    store: f.store,
    logger: f.logger,
    now: f.now,
    home: f.paths.home,
    apiBase: () => f.config().phone.slack.apiBase,
    saveApiBase: slackApiBaseSaver({ file: f.paths.config, current: f.config, logger: f.logger, reload: () => void f.watcher.reload() }),
    changed: () => void supervisor()?.checkNow(),
    ...(tuning.connectMs ? { connectMs: tuning.connectMs } : {}),
    ...(tuning.requestTimeoutMs ? { requestTimeoutMs: tuning.requestTimeoutMs } : {}),
  });
  undo.push(() => void pairing.dispose());
  return pairing;
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
    ...(tuning.minSendIntervalMs ? { minSendIntervalMs: tuning.minSendIntervalMs } : {}),
    ...(tuning.checkMs ? { checkMs: tuning.checkMs } : {}),
    ...(tuning.requestTimeoutMs ? { requestTimeoutMs: tuning.requestTimeoutMs } : {}),
  });
  supervisor.start();
  undo.push(() => supervisor.dispose());
  return supervisor;
}
