/**
 * The Slack Web API client: Slack's own `@slack/web-api` WebClient with the bot token (`xoxb-…`),
 * pointed at `apiBase` (https://slack.com/api/, GovSlack's host, or the tests' stand-in). The client's
 * own retries and its waits on 429 are turned off: the channel's send queue owns pacing, and it honours
 * a 429's `Retry-After` (clamped, so a bogus hour-long header cannot silence the channel). Every failure
 * leaves as a `BotApiError` (the shared chat failure the send queue and backoff understand) whose
 * message never carries a token.
 */
import type { WebAPICallResult } from '@slack/web-api';
import { ErrorCode, WebClient } from '@slack/web-api';
import { BotApiError } from '../phone/bot-api.ts';
import type { BotApiFailure } from '../phone/bot-api.ts';
import type { Logger } from '../platform/log.ts';
import { slackLibraryLogger } from './slack-log.ts';
import { redactSlack } from './slack-redact.ts';

/** Slack's own Web API base. */
export const SLACK_API_BASE = 'https://slack.com/api/';

/** A 429's Retry-After is honoured within these bounds (seconds). */
export const RETRY_AFTER_MIN_S = 1;
export const RETRY_AFTER_MAX_S = 120;

/** `apiBase` as the WebClient wants it (ending in `/`). */
export function normalApiBase(apiBase: string): string {
  return apiBase.endsWith('/') ? apiBase : `${apiBase}/`;
}

/** Slack's `error` codes that mean the token is no good (https://api.slack.com/methods/auth.test#errors). */
const UNAUTHORIZED = new Set([
  'invalid_auth',
  'not_authed',
  'account_inactive',
  'token_revoked',
  'token_expired',
  'not_allowed_token_type',
]);

/** Where and as whom to call. */
export interface SlackApiOptions {
  readonly apiBase: string;
  readonly token: string;
  readonly logger: Logger;
  /** Abandon a request that has not answered after this long. */
  readonly requestTimeoutMs?: number;
}

/** A Web API connection. `call` answers the result or throws a redacted `BotApiError`. */
export class SlackApi {
  private readonly client: WebClient;

  constructor(private readonly opts: SlackApiOptions) {
    this.client = new WebClient(opts.token, {
      slackApiUrl: normalApiBase(opts.apiBase),
      logger: slackLibraryLogger(opts.logger, 'slack.web-api'),
      retryConfig: { retries: 0 },
      rejectRateLimitedCalls: true,
      timeout: opts.requestTimeoutMs ?? 15_000,
      allowAbsoluteUrls: false,
    });
  }

  /** Call `method` with `params`. */
  async call(method: string, params: Record<string, unknown> = {}): Promise<WebAPICallResult & Record<string, unknown>> {
    try {
      return (await this.client.apiCall(method, params)) as WebAPICallResult & Record<string, unknown>;
    } catch (error) {
      throw slackFailure(method, error, this.opts.token);
    }
  }
}

/** Any Slack library error as a redacted `BotApiError`. */
export function slackFailure(method: string, error: unknown, token: string | null): BotApiError {
  const e = error as { code?: unknown; data?: { error?: unknown }; retryAfter?: unknown; statusCode?: unknown; original?: unknown };
  const say = (failure: BotApiFailure, text: string, status: number | null = null, retryAfterS: number | null = null) =>
    new BotApiError(failure, redactSlack(`${method}: ${text}`, token), status, retryAfterS);
  switch (e?.code) {
    case ErrorCode.PlatformError: {
      const code = String(e.data?.error ?? 'error');
      return say(UNAUTHORIZED.has(code) ? 'unauthorized' : 'bad-request', code);
    }
    case ErrorCode.RateLimitedError: {
      const asked = typeof e.retryAfter === 'number' && Number.isFinite(e.retryAfter) ? e.retryAfter : 5;
      return say('rate-limited', `rate limited (Retry-After ${asked} s)`, 429, clampRetryAfter(asked));
    }
    case ErrorCode.HTTPError: {
      const status = typeof e.statusCode === 'number' ? e.statusCode : 0;
      return say(status >= 500 ? 'server' : status === 401 || status === 403 ? 'unauthorized' : 'bad-request', `HTTP ${status}`, status);
    }
    case ErrorCode.RequestError: {
      const original = e.original instanceof Error ? e.original : null;
      const timedOut = original?.name === 'TimeoutError' || original?.name === 'AbortError';
      return timedOut ? say('timeout', 'no answer in time; the request was abandoned') : say('network', describe(original));
    }
    default:
      return say('network', error instanceof Error ? error.message : String(error));
  }
}

/** A Retry-After in seconds, within the bounds the channel honours. */
export function clampRetryAfter(seconds: number): number {
  return Math.min(RETRY_AFTER_MAX_S, Math.max(RETRY_AFTER_MIN_S, Math.ceil(seconds)));
}

/** fetch's "fetch failed" says nothing; its cause says what (ECONNREFUSED, socket hang up). */
function describe(error: Error | null): string {
  if (!error) return 'request failed';
  const cause = (error as { cause?: unknown }).cause;
  const code = (cause as { code?: unknown } | undefined)?.code;
  return [error.message, typeof code === 'string' ? code : ''].filter(Boolean).join(': ');
}
