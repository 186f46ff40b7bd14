/**
 * What the phone (Telegram) and Slack channels of the method map do alike: run a pairing call over the
 * chat's one pairing service (absent: `unavailable`; an unexpected failure: `internal`, redacted and
 * logged), and save the chat's API base into the config file.
 */
import type { Envelope } from '../../../preload/contract/envelope.ts';
import { fail } from '../../../preload/contract/envelope.ts';
import type { Config, ConfigInput } from '../config/index.ts';
import { saveConfig } from '../config/index.ts';
import type { Logger } from '../platform/log.ts';
import { configFileBase } from './settings-apply.ts';

/** Where a chat's pairing calls run, and how its failures are told. */
export interface PairingGuardDeps<S> {
  /** The chat's pairing service; absent (an engine built without the chat) answers `unavailable`. */
  readonly service: S | undefined;
  readonly logger: Logger;
  /** The chat's name in the `unavailable` answer ("phone", "Slack"). */
  readonly chat: string;
  /** The chat's redaction: no token may reach the log or the answer. */
  readonly redact: (error: unknown) => string;
}

/** Wraps a channel's call so it never throws: no service `unavailable`, a throw `internal` (redacted, logged). */
export function pairingGuard<S, C extends string>(deps: PairingGuardDeps<S>) {
  return <A, R>(name: C, fn: (service: S, args: A) => Promise<Envelope<R>> | Envelope<R>) =>
    async (args: A): Promise<Envelope<R>> => {
      if (deps.service === undefined) return fail('unavailable', `this engine has no ${deps.chat} channel`);
      try {
        return await fn(deps.service, args);
      } catch (error) {
        const message = deps.redact(error);
        deps.logger.log('error', 'api.failed', { method: name, error: message });
        return fail('internal', message);
      }
    };
}

/** What saving an API base needs. */
export interface ApiBaseSaverDeps {
  readonly file: string;
  readonly current: () => Config;
  readonly logger: Logger;
  readonly reload?: () => void;
}

/**
 * Save `apiBase` where `place` puts it in the config file (every other key kept, a bad file set aside
 * first) and apply it; the problem in a sentence, or null.
 */
export function chatApiBaseSaver(
  place: (config: Record<string, unknown>, apiBase: string) => Record<string, unknown>,
  deps: ApiBaseSaverDeps,
) {
  return (apiBase: string): string | null => {
    const saved = saveConfig(deps.file, place(configFileBase(deps), apiBase) as ConfigInput);
    if (!saved.ok) return saved.errors.map((e) => (e.path ? `${e.path}: ${e.message}` : e.message)).join('; ');
    deps.reload?.();
    return null;
  };
}
