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
 * The settings view's pairing (one for every surface's method map). `changed` has the supervisor look
 * at once; the supervisor is built after the method maps, so it is read late.
 */
export function buildPairing(f: Foundation, tuning: PhoneTuning, supervisor: () => PhoneSupervisor | null, undo: UndoList): PairingService {
  let announcedPaired = phoneStatusDto(f.store).paired;
  const pairing = new PairingService({
    store: f.store,
    logger: f.logger,
    now: f.now,
    tokenFile: botTokenPath(f.paths.home),
    apiBase: () => f.config().phone.telegram.apiBase,
    saveApiBase: apiBaseSaver({ file: f.paths.config, current: f.config, logger: f.logger, reload: () => void f.watcher.reload() }),
    // The supervisor looks at once. Every view hears a pairing made or undone (an API base saved on
    // confirm announced the config edit a moment before the pairing was stored); a pairing only
    // started or cancelled is not announced, since a settings event resets a form being edited.
    changed: () => {
      void supervisor()?.checkNow();
      const phone = phoneStatusDto(f.store);
      if (phone.paired === announcedPaired) return;
      announcedPaired = phone.paired;
      f.events.emit('settings:changed', settingsState(f.config(), f.paths.config, null, phone));
    },
    ...(tuning.pollTimeoutS ? { pollTimeoutS: tuning.pollTimeoutS } : {}),
  });
  undo.push(() => pairing.dispose());
  return pairing;
}

/** Build and start the supervisor; disposed by the undo list and by the engine's stop. */
export function startPhone(f: Foundation, api: ApiMethods, tuning: PhoneTuning, undo: UndoList): PhoneSupervisor {
  const supervisor = new PhoneSupervisor({
    store: f.store,
    api,
    events: f.events,
    logger: f.logger,
    now: f.now,
    tokenFile: botTokenPath(f.paths.home),
    apiBase: () => f.config().phone.telegram.apiBase,
    settings: () => ({ tail: f.config().phone.tail, afterMs: f.config().phone.afterMs }),
    ...tuning,
  });
  supervisor.start();
  undo.push(() => supervisor.dispose());
  return supervisor;
}
