/**
 * Wiring step: the phone channel (Telegram). The supervisor starts the channel when a pairing and a
 * bot token are there and stops it when they go; it acts through the `telegram` surface's method map,
 * so a press is audited as `telegram` and goes through the same checks as every other surface.
 */
import type { ApiMethods } from '../../../preload/contract/api.ts';
import { botTokenPath } from '../phone/bot-token-file.ts';
import { apiBaseSaver, phoneStatusDto } from '../api/phone-methods.ts';
import { settingsState } from '../api/settings-view.ts';
import { PairingService } from '../phone/pairing-service.ts';
import { PhoneSupervisor } from '../phone/phone-supervisor.ts';
import type { Foundation, UndoList } from './foundation.ts';

/** Test and bench knobs (the defaults are what users get). */
export interface PhoneTuning {
  readonly pollTimeoutS?: number;
  readonly minSendIntervalMs?: number;
  readonly checkMs?: number;
  readonly requestTimeoutMs?: number;
}

/**
 * Tells every view when the pairing was made or undone, from whichever side it was: the settings view
 * (`paired` omitted: read from the store) or the supervisor's look, which sees a pairing the CLI (`trailboss
 * phone pair|unpair`, another process) wrote. A pairing only started or cancelled is not announced: a
 * settings event resets a settings form being edited.
 */
export function pairingAnnouncer(f: Foundation): (paired?: boolean) => void {
  let announced = phoneStatusDto(f.store).paired;
  return (paired) => {
    if ((paired ?? phoneStatusDto(f.store).paired) === announced) return;
    const phone = phoneStatusDto(f.store);
    announced = phone.paired;
    f.events.emit('settings:changed', settingsState(f.config(), f.paths.config, null, phone));
  };
}

/**
 * The settings view's pairing (one for every surface's method map). `changed` has the supervisor look
 * at once; the supervisor is built after the method maps, so it is read late.
 */
export function buildPairing(
  f: Foundation,
  tuning: PhoneTuning,
  supervisor: () => PhoneSupervisor | null,
  announce: (paired?: boolean) => void,
  undo: UndoList,
): PairingService {
  const pairing = new PairingService({
    store: f.store,
    logger: f.logger,
    now: f.now,
    tokenFile: botTokenPath(f.paths.home),
    apiBase: () => f.config().phone.telegram.apiBase,
    saveApiBase: apiBaseSaver({ file: f.paths.config, current: f.config, logger: f.logger, reload: () => void f.watcher.reload() }),
    // The supervisor looks at once. Every view hears a pairing made or undone (an API base saved on
    // confirm announced the config edit a moment before the pairing was stored).
    changed: () => {
      void supervisor()?.checkNow();
      announce();
    },
    ...(tuning.pollTimeoutS ? { pollTimeoutS: tuning.pollTimeoutS } : {}),
  });
  undo.push(() => pairing.dispose());
  return pairing;
}

/** Build and start the supervisor; disposed by the undo list and by the engine's stop. */
export function startPhone(
  f: Foundation,
  api: ApiMethods,
  tuning: PhoneTuning,
  announce: (paired?: boolean) => void,
  undo: UndoList,
): PhoneSupervisor {
  const supervisor = new PhoneSupervisor({
    store: f.store,
    api,
    events: f.events,
    logger: f.logger,
    now: f.now,
    tokenFile: botTokenPath(f.paths.home),
    apiBase: () => f.config().phone.telegram.apiBase,
    freshConfig: () => void f.watcher.reload(),
    settings: () => ({ tail: f.config().phone.tail, afterMs: f.config().phone.afterMs }),
    pairingSeen: announce,
    ...tuning,
  });
  supervisor.start();
  undo.push(() => supervisor.dispose());
  return supervisor;
}
