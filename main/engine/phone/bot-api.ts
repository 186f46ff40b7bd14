/**
 * The Telegram Bot API client, on Node's own `fetch`: eight methods, no framework. A library
 * (grammY, Telegraf) would bring its own polling loop, retry policy and timeouts; the channel must own
 * the persisted offset, the watchdog, the backoff and the redaction, so only the HTTP call is ours.
 * Every failure leaves as a `BotApiError` whose message never contains the token. An answer is read
 * up to `MAX_ANSWER_BYTES` and no further (a broken or hostile server could send gigabytes).
 */
import { z } from 'zod';
import { redactToken } from './redact.ts';

/** How a call failed, which decides the channel's reaction (stop, back off, give up on this call). */
export type BotApiFailure =
  | 'unauthorized' // 401: the token was revoked or is wrong — the channel stops
  | 'conflict' // 409: another poller or a webhook — back off
  | 'rate-limited' // 429: wait `retryAfterS`
  | 'server' // 5xx
  | 'network' // no answer: refused, dropped, DNS
  | 'timeout' // the watchdog gave up on a request that hung
  | 'bad-request'; // 400/403/404: this call is wrong and retrying will not help

/** A failed Bot API call. */
export class BotApiError extends Error {
  constructor(
    readonly failure: BotApiFailure,
    message: string,
    readonly status: number | null = null,
    readonly retryAfterS: number | null = null,
  ) {
    super(message);
    this.name = 'BotApiError';
  }
}

const answerSchema = z.object({
  ok: z.boolean(),
  result: z.unknown().optional(),
  error_code: z.number().optional(),
  description: z.string().optional(),
  parameters: z.object({ retry_after: z.number().optional() }).optional(),
});

/**
 * The largest answer read. The channel asks getUpdates for at most `UPDATES_PER_POLL` updates, each
 * under about 100 kB even with a quoted reply, so a real answer stays well below this.
 */
export const MAX_ANSWER_BYTES = 2 ** 20;

/** getUpdates' `limit` (Telegram's default is 100), so that an answer of real updates fits `MAX_ANSWER_BYTES`. */
export const UPDATES_PER_POLL = 10;

/** Where and as whom to call. */
export interface BotApiOptions {
  /** `https://api.telegram.org`, or a self-hosted Bot API server, or the tests' stand-in. */
  readonly apiBase: string;
  readonly token: string;
  /** Abort a request that has not answered after this long (the watchdog; long polls add their timeout). */
  readonly requestTimeoutMs?: number;
}

/** A Bot API connection. `call` answers the `result` or throws a redacted `BotApiError`. */
export class BotApi {
  private readonly base: string;

  constructor(private readonly opts: BotApiOptions) {
    this.base = opts.apiBase.replace(/\/+$/, '');
  }

  /** Call `method` with JSON `params`. `extraMs` lengthens the watchdog (a long poll's own timeout). */
  async call(
    method: string,
    params: Record<string, unknown> = {},
    opts: { signal?: AbortSignal; extraMs?: number } = {},
  ): Promise<unknown> {
    const watchdog = AbortSignal.timeout((this.opts.requestTimeoutMs ?? 15_000) + (opts.extraMs ?? 0));
    const signal = opts.signal ? AbortSignal.any([watchdog, opts.signal]) : watchdog;
    let response: Response;
    let text: string;
    try {
      response = await fetch(`${this.base}/bot${this.opts.token}/${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(params),
        signal,
      });
      text = await readCapped(response, MAX_ANSWER_BYTES);
    } catch (error) {
      if (error instanceof BotApiError) throw new BotApiError(error.failure, `${method}: ${error.message}`);
      if (opts.signal?.aborted) throw new BotApiError('network', `${method}: stopped`);
      if (watchdog.aborted) throw new BotApiError('timeout', `${method}: no answer in time; the request was abandoned`);
      throw new BotApiError('network', `${method}: ${this.redact(describeFetchError(error))}`);
    }
    let parsed: z.infer<typeof answerSchema>;
    try {
      parsed = answerSchema.parse(JSON.parse(text));
    } catch {
      throw new BotApiError(
        response.status >= 500 ? 'server' : 'bad-request',
        `${method}: HTTP ${response.status}, not a Bot API answer`,
        response.status,
      );
    }
    if (parsed.ok) return parsed.result;
    const status = parsed.error_code ?? response.status;
    const description = this.redact(parsed.description ?? `HTTP ${status}`);
    throw new BotApiError(failureOf(status), `${method}: ${description}`, status, parsed.parameters?.retry_after ?? null);
  }

  private redact(text: string): string {
    return redactToken(text, this.opts.token);
  }
}

/** The body as text, or a `server` BotApiError once it passes `max` bytes (the rest is never read). */
async function readCapped(response: Response, max: number): Promise<string> {
  const tooLong = () => new BotApiError('server', `the answer is larger than ${max / 2 ** 20} MB; ignored`);
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > max) {
    await response.body?.cancel();
    throw tooLong();
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      throw tooLong();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function failureOf(status: number): BotApiFailure {
  if (status === 401) return 'unauthorized';
  if (status === 409) return 'conflict';
  if (status === 429) return 'rate-limited';
  if (status >= 500) return 'server';
  return 'bad-request';
}

/** fetch's "fetch failed" says nothing; its cause says what (ECONNREFUSED, socket hang up). */
function describeFetchError(error: unknown): string {
  const cause = (error as { cause?: unknown }).cause;
  const code = (cause as { code?: unknown } | undefined)?.code;
  const detail = cause instanceof Error ? cause.message : '';
  return [error instanceof Error ? error.message : String(error), typeof code === 'string' ? code : '', detail].filter(Boolean).join(': ');
}
