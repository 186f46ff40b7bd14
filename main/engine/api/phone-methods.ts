/**
 * The phone channels of the method map: pairing from the settings view (start → status → confirm or
 * cancel) and unpairing, over the engine's one `PairingService`. Every answer that is not a pairing
 * step is the pairing as the settings view shows it. Nothing here sees the token after `start`.
 */
import type { ApiMethods } from '../../../preload/contract/api.ts';
import type { Envelope } from '../../../preload/contract/envelope.ts';
import { ok } from '../../../preload/contract/envelope.ts';
import type { PhoneStatusDto } from '../../../preload/contract/settings.ts';
import type { PairingService } from '../phone/pairing-service.ts';
import { withApiBase } from '../phone/pairing-steps.ts';
import { redactedError } from '../phone/redact.ts';
import type { Logger } from '../platform/log.ts';
import type { Store } from '../store/index.ts';
import type { ApiBaseSaverDeps } from './chat-methods.ts';
import { chatApiBaseSaver, pairingGuard } from './chat-methods.ts';

type PhoneChannel = 'phone:pair' | 'phone:pairing' | 'phone:confirm' | 'phone:cancel' | 'phone:unpair';

/** What the phone channels need. */
export interface PhoneMethodsDeps {
  readonly store: Store;
  readonly logger: Logger;
  /** The engine's pairing service; absent (an engine built without the phone) answers `unavailable`. */
  readonly pairing: PairingService | undefined;
}

/** The pairing as the settings view shows it. */
export function phoneStatusDto(store: Store): PhoneStatusDto {
  const p = store.phone.pairing();
  return { paired: p.chatId !== null, name: p.userName, bot: p.botUsername, lastPollAt: p.lastPollAt, problem: p.lastError };
}

/** Save `apiBase` as `phone.telegram.apiBase` (every other key kept) and apply it; the problem in a sentence, or null. */
export const apiBaseSaver = (deps: ApiBaseSaverDeps) => chatApiBaseSaver(withApiBase, deps);

/** The phone channels of the method map. An unexpected failure answers `internal`, redacted. */
export function phoneMethods(deps: PhoneMethodsDeps): Pick<ApiMethods, PhoneChannel> {
  const { store, logger, pairing } = deps;
  const status = <T>(r: Envelope<T>): Envelope<PhoneStatusDto> => (r.ok ? ok(phoneStatusDto(store)) : r);
  const safe = pairingGuard<PairingService, PhoneChannel>({ service: pairing, logger, chat: 'phone', redact: redactedError });
  return {
    'phone:pair': safe('phone:pair', (p, a) => p.start(a.token, a.apiBase)),
    'phone:pairing': safe('phone:pairing', (p, a) => p.status(a.pairingId)),
    'phone:confirm': safe('phone:confirm', (p, a) => status(p.confirm(a.pairingId))),
    'phone:cancel': safe('phone:cancel', (p, a) => status(p.cancel(a.pairingId))),
    'phone:unpair': safe('phone:unpair', (p) => {
      p.unpair();
      return ok(phoneStatusDto(store));
    }),
  };
}
