/**
 * The long-poll loop against the stand-in Bot API (Telegram cannot be reached from here): it really
 * waits, confirms with the offset, and recovers by itself from a hung request, 429, 409, 5xx and a
 * dropped connection; a 401 stops it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { BotApi, BotApiError } from '../../../main/engine/phone/bot-api.ts';
import { retryDelayMs } from '../../../main/engine/phone/backoff.ts';
import { Poller } from '../../../main/engine/phone/poller.ts';
import type { ChannelUpdate } from '../../../main/engine/phone/updates.ts';
import { BotApiStandIn } from '../../support/bot-api/stand-in.ts';
import { poll } from '../../support/poll.ts';
import { OWNER } from './support.ts';

let tg: BotApiStandIn | null = null;
let poller: Poller | null = null;
afterEach(async () => {
  await poller?.stop();
  await tg?.close();
  poller = null;
  tg = null;
});

/** A poller whose handler records the updates and confirms them, as the channel does. */
async function start(opts: { requestTimeoutMs?: number } = {}) {
  tg = await BotApiStandIn.start();
  const seen: ChannelUpdate[] = [];
  const failures: string[] = [];
  let offset = 0;
  let refused: string | null = null;
  poller = new Poller({
    api: new BotApi({ apiBase: tg.apiBase, token: tg.token, requestTimeoutMs: opts.requestTimeoutMs ?? 5_000 }),
    pollTimeoutS: 1,
    offset: () => offset,
    handle: async (updates) => {
      seen.push(...updates);
      offset = updates.at(-1)!.updateId + 1;
    },
    polled: (error) => error && failures.push(error),
    unauthorized: (message) => (refused = message),
  });
  poller.start();
  return { tg, seen, failures, refused: () => refused };
}

describe('Poller', () => {
  it('clears a webhook first, then long-polls and hands over each update once', async () => {
    const p = await start();
    await poll(() => p.tg.callsOf('getUpdates').length > 0, 'a poll');
    expect(p.tg.calls[0]!.method).toBe('deleteWebhook');
    p.tg.sendText(OWNER, 'one');
    p.tg.sendText(OWNER, 'two');
    await poll(() => p.seen.length >= 2 && p.tg.pendingUpdates() === 0, 'both updates confirmed');
    expect(p.seen.map((u) => (u.kind === 'message' ? u.message.text : u.kind))).toEqual(['one', 'two']);
  });

  it('abandons a request that hangs and polls again (the watchdog), without losing the update', async () => {
    const p = await start({ requestTimeoutMs: 300 });
    await poll(() => p.tg.callsOf('getUpdates').length > 0, 'a poll');
    p.tg.fail('getUpdates', { kind: 'hang' });
    await poll(() => p.failures.some((f) => /no answer in time/.test(f)), 'the watchdog firing', { timeoutMs: 15_000 });
    p.tg.sendText(OWNER, 'after the hang');
    await poll(() => p.seen.length === 1, 'the update after recovery', { timeoutMs: 15_000 });
  });

  it('waits out a 429 for its retry_after, then goes on', async () => {
    const p = await start();
    await poll(() => p.tg.callsOf('getUpdates').length > 0, 'a poll');
    p.tg.fail('getUpdates', { kind: 'status', status: 429, retryAfter: 1 });
    const before = p.tg.callsOf('getUpdates').length;
    await poll(() => p.failures.some((f) => /retry after 1/.test(f)), 'the 429');
    const failedAt = Date.now();
    await poll(() => p.tg.callsOf('getUpdates').length > before + 1, 'the next poll');
    expect(Date.now() - failedAt).toBeGreaterThanOrEqual(900);
  });

  it('recovers by itself from 409, 5xx and a dropped connection', async () => {
    const p = await start();
    await poll(() => p.tg.callsOf('getUpdates').length > 0, 'a poll');
    p.tg.fail('getUpdates', { kind: 'status', status: 409 });
    p.tg.fail('getUpdates', { kind: 'status', status: 502 });
    p.tg.fail('getUpdates', { kind: 'drop' });
    await poll(() => p.failures.length >= 3, 'three failures', { timeoutMs: 20_000 });
    p.tg.sendText(OWNER, 'still here');
    await poll(() => p.seen.length === 1, 'the update after recovery', { timeoutMs: 20_000 });
    expect(p.refused()).toBeNull();
  });

  it('clamps a huge retry_after to an hour instead of overflowing the timer into a 1 ms loop', async () => {
    expect(retryDelayMs('rate-limited', 0, 30 * 24 * 3600)).toBe(3_600_000);
    expect(retryDelayMs('rate-limited', 0, Number.MAX_VALUE)).toBe(3_600_000);
    const p = await start();
    await poll(() => p.tg.callsOf('getUpdates').length > 0, 'a poll');
    // Over 2^31-1 ms (24.8 days): Node's setTimeout would fire after 1 ms instead.
    p.tg.fail('getUpdates', { kind: 'status', status: 429, retryAfter: 30 * 24 * 3600 });
    await poll(() => p.failures.length > 0, 'the 429');
    const after = p.tg.callsOf('getUpdates').length;
    await new Promise((done) => setTimeout(done, 1_000));
    expect(p.tg.callsOf('getUpdates').length).toBe(after);
  });

  it('steps past an update without a usable update_id instead of asking again and again', async () => {
    const p = await start();
    await poll(() => p.tg.callsOf('getUpdates').length > 0, 'a poll');
    const before = p.tg.callsOf('getUpdates').length;
    p.tg.injectRaw({ update_id: 'not-a-number', message: { message_id: 1, chat: { id: 1, type: 'private' }, date: 0, text: 'x' } });
    p.tg.injectRaw({ update_id: 2 ** 60 });
    await new Promise((done) => setTimeout(done, 1_500));
    // Before: about 680 polls a second, each answered at once with the same entries.
    expect(p.tg.callsOf('getUpdates').length - before).toBeLessThanOrEqual(4);
    p.tg.sendText(OWNER, 'a good one');
    await poll(() => p.seen.some((u) => u.kind === 'message' && u.message.text === 'a good one'), 'the good update', {
      timeoutMs: 20_000,
    });
    await poll(() => p.tg.pendingUpdates() === 0, 'everything confirmed');
  });

  it('stops for good on 401', async () => {
    const p = await start();
    await poll(() => p.tg.callsOf('getUpdates').length > 0, 'a poll');
    p.tg.revoke();
    await poll(() => p.refused(), 'the 401');
    expect(p.refused()).toMatch(/Unauthorized/);
  });
});

describe('BotApi', () => {
  it('refuses an answer larger than about 1 MB, reading no more of it', async () => {
    tg = await BotApiStandIn.start();
    const api = new BotApi({ apiBase: tg.apiBase, token: tg.token });
    tg.fail('getUpdates', { kind: 'huge', bytes: 200 * 2 ** 20 });
    const error = await api.call('getUpdates', { timeout: 0 }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(BotApiError);
    expect(error).toMatchObject({ failure: 'server', message: expect.stringMatching(/larger than 1 MB/) });
    // The client hung up: the server got to write only a little past the cap (socket buffers).
    await poll(() => tg!.hugeBytesWritten > 0, 'the server writing');
    expect(tg.hugeBytesWritten).toBeLessThan(20 * 2 ** 20);
    // And the connection is usable again.
    expect(await api.call('getMe')).toMatchObject({ username: 'trailboss_test_bot' });
  });

  it('never puts the token in an error, even one that quotes the URL', async () => {
    const token = `7000001:${'S'.repeat(35)}`;
    const api = new BotApi({ apiBase: 'http://127.0.0.1:99999', token });
    const error = await api.call('getMe').then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(BotApiError);
    expect(String((error as Error).message)).not.toContain('S'.repeat(35));
    expect(String((error as Error).stack)).not.toContain('S'.repeat(35));
  });
});
