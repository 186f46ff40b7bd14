/**
 * The Slack channels of the method map: the pairing as the settings view shows it, pairing from the
 * settings view (start → status → confirm or cancel), a test message and unpairing, over the engine's
 * one `SlackPairingService`. Every answer that is not a pairing step is the status. Nothing here sees a
 * token after `start`.
 */
import type { ApiMethods } from '../../../preload/contract/api.ts';
import type { Envelope } from '../../../preload/contract/envelope.ts';
import { ok } from '../../../preload/contract/envelope.ts';
import type { SlackStatusDto } from '../../../preload/contract/slack.ts';
import type { Logger } from '../platform/log.ts';
import type { SlackPairingService } from '../slack/slack-pairing-service.ts';
import { slackStatusDto, withSlackApiBase } from '../slack/slack-pairing-steps.ts';
import { redactedSlackError } from '../slack/slack-redact.ts';
import type { Store } from '../store/index.ts';
import type { ApiBaseSaverDeps } from './chat-methods.ts';
import { chatApiBaseSaver, pairingGuard } from './chat-methods.ts';

type SlackChannel = 'slack:status' | 'slack:pair' | 'slack:pairing' | 'slack:confirm' | 'slack:cancel' | 'slack:test' | 'slack:unpair';

/** What the Slack channels need. */
export interface SlackMethodsDeps {
  readonly store: Store;
  readonly logger: Logger;
  /** The Trail Boss home, where the token files are. */
  readonly home: string;
  /** The engine's Slack pairing service; absent (an engine built without it) answers `unavailable`. */
  readonly pairing: SlackPairingService | undefined;
}

/** Save `apiBase` as `phone.slack.apiBase` (every other key kept) and apply it; the problem in a sentence, or null. */
export const slackApiBaseSaver = (deps: ApiBaseSaverDeps) => chatApiBaseSaver(withSlackApiBase, deps);

/** The Slack channels of the method map. An unexpected failure answers `internal`, redacted. */
export function slackMethods(deps: SlackMethodsDeps): Pick<ApiMethods, SlackChannel> {
  const { store, logger, pairing, home } = deps;
  const status = <T>(r: Envelope<T>): Envelope<SlackStatusDto> => (r.ok ? ok(slackStatusDto(store, home)) : r);
  const safe = pairingGuard<SlackPairingService, SlackChannel>({ service: pairing, logger, chat: 'Slack', redact: redactedSlackError });
  return {
    'slack:status': async () => ok(slackStatusDto(store, home)),
    'slack:pair': safe('slack:pair', (p, a) => p.start(a.botToken, a.appToken, a.apiBase)),
    'slack:pairing': safe('slack:pairing', (p, a) => p.status(a.pairingId)),
    'slack:confirm': safe('slack:confirm', async (p, a) => status(await p.confirm(a.pairingId))),
    'slack:cancel': safe('slack:cancel', async (p, a) => status(await p.cancel(a.pairingId))),
    'slack:test': safe('slack:test', async (p) => status(await p.test())),
    'slack:unpair': safe('slack:unpair', async (p) => {
      await p.unpair();
      return ok(slackStatusDto(store, home));
    }),
  };
}
