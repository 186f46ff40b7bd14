/**
 * The Slack libraries' logger, pointed at ours: their warnings and errors become log lines (redacted:
 * a library line may quote a request), their debug and info lines, which print whole payloads, are
 * dropped. Without this they would write to the console of the daemon or the CLI.
 */
import type { Logger as SlackLogger } from '@slack/logger';
import { LogLevel } from '@slack/logger';
import type { Logger } from '../platform/log.ts';
import { redactSlack } from './slack-redact.ts';

/** A `@slack/logger` Logger that writes warnings and errors to `logger` as `event`. */
export function slackLibraryLogger(logger: Logger, event: string): SlackLogger {
  const line = (level: 'warn' | 'error', msg: unknown[]) =>
    logger.log(level, event, {
      message: redactSlack(msg.map((m) => (m instanceof Error ? m.message : String(m))).join(' ')).slice(0, 500),
    });
  return {
    debug: () => {},
    info: () => {},
    warn: (...msg: unknown[]) => line('warn', msg),
    error: (...msg: unknown[]) => line('error', msg),
    setLevel: () => {},
    getLevel: () => LogLevel.WARN,
    setName: () => {},
  };
}
