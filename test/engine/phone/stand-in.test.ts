/**
 * The stand-in Bot API keeps the documented rules the channel relies on (each rule's source is in
 * test/support/bot-api/stand-in.ts): a test of the test tool, so a rule that drifts is noticed here.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { BotApi, BotApiError } from '../../../main/engine/phone/bot-api.ts';
import { BotApiStandIn } from '../../support/bot-api/stand-in.ts';
import { poll } from '../../support/poll.ts';
import { OWNER } from './support.ts';

let tg: BotApiStandIn | null = null;
afterEach(async () => {
  await tg?.close();
  tg = null;
});

async function rig() {
  tg = await BotApiStandIn.start();
  const api = new BotApi({ apiBase: tg.apiBase, token: tg.token });
  const failure = (p: Promise<unknown>) =>
    p.then(
      () => null,
      (e: unknown) => (e instanceof BotApiError ? `${e.status} ${e.message}` : String(e)),
    );
  return { tg, api, failure };
}

describe('stand-in Bot API', () => {
  it('long-polls: waits while there is nothing, returns early when an update arrives', async () => {
    const { tg, api } = await rig();
    const started = Date.now();
    const waiting = api.call('getUpdates', { timeout: 20 }, { extraMs: 20_000 });
    setTimeout(() => tg.sendText(OWNER, 'hi'), 300);
    const result = (await waiting) as { message: { text: string } }[];
    expect(result.map((u) => u.message.text)).toEqual(['hi']);
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
  });

  it('redelivers until an offset confirms, then never again', async () => {
    const { tg, api } = await rig();
    const id = tg.sendText(OWNER, 'once');
    expect(((await api.call('getUpdates')) as unknown[]).length).toBe(1);
    expect(((await api.call('getUpdates')) as unknown[]).length).toBe(1);
    expect(((await api.call('getUpdates', { offset: id + 1 })) as unknown[]).length).toBe(0);
    expect(((await api.call('getUpdates')) as unknown[]).length).toBe(0);
  });

  it('ends the earlier of two concurrent polls with 409', async () => {
    const { tg, api, failure } = await rig();
    const first = failure(api.call('getUpdates', { timeout: 5 }, { extraMs: 5_000 }));
    await poll(() => tg.callsOf('getUpdates').length === 1, 'the first poll waiting');
    const second = api.call('getUpdates', { timeout: 0 });
    expect(await first).toMatch(/^409 getUpdates: Conflict/);
    await second;
  });

  it('enforces the text, HTML, button-data and first-contact rules of sendMessage', async () => {
    const { tg, api, failure } = await rig();
    expect(await failure(api.call('sendMessage', { chat_id: OWNER.id, text: 'hi' }))).toMatch(/^403/);
    tg.sendText(OWNER, '/start');
    expect(await failure(api.call('sendMessage', { chat_id: OWNER.id, text: 'x'.repeat(4097) }))).toMatch(/too long/);
    // 4096 after entity parsing: escapes count as one character each.
    expect(await failure(api.call('sendMessage', { chat_id: OWNER.id, text: '&lt;'.repeat(4096), parse_mode: 'HTML' }))).toBeNull();
    expect(await failure(api.call('sendMessage', { chat_id: OWNER.id, text: 'a < b', parse_mode: 'HTML' }))).toMatch(
      /can't parse entities/,
    );
    const button = (data: string) => ({ inline_keyboard: [[{ text: 'Go', callback_data: data }]] });
    expect(await failure(api.call('sendMessage', { chat_id: OWNER.id, text: 'b', reply_markup: button('x'.repeat(65)) }))).toMatch(
      /BUTTON_DATA_INVALID/,
    );
    expect(await failure(api.call('sendMessage', { chat_id: OWNER.id, text: 'b', reply_markup: button('x'.repeat(64)) }))).toBeNull();
  });

  it('answers an identical edit with "message is not modified", and a callback only once', async () => {
    const { tg, api, failure } = await rig();
    tg.sendText(OWNER, '/start');
    const sent = (await api.call('sendMessage', { chat_id: OWNER.id, text: 'same' })) as { message_id: number };
    expect(await failure(api.call('editMessageText', { chat_id: OWNER.id, message_id: sent.message_id, text: 'same' }))).toMatch(
      /message is not modified/,
    );
    tg.pressData(OWNER, OWNER.id, sent.message_id, 'v1:x');
    expect(await failure(api.call('answerCallbackQuery', { callback_query_id: '1', text: 'x'.repeat(201) }))).toMatch(/^400/);
    expect(await failure(api.call('answerCallbackQuery', { callback_query_id: '1', text: 'ok' }))).toBeNull();
    expect(await failure(api.call('answerCallbackQuery', { callback_query_id: '1', text: 'ok' }))).toMatch(/^400/);
  });

  it("numbers the user's and the bot's messages in one growing sequence per chat", async () => {
    const { tg, api } = await rig();
    tg.sendText(OWNER, 'first');
    const sent = (await api.call('sendMessage', { chat_id: OWNER.id, text: 'bot' })) as { message_id: number };
    tg.sendText(OWNER, 'second');
    expect(tg.messages(OWNER.id).map((m) => m.message_id)).toEqual([1, 2, 3]);
    expect(sent.message_id).toBe(2);
  });

  it('holds updates back (late delivery) and then hands them over in order; another bot counts its own ids', async () => {
    const { tg, api } = await rig();
    tg.holdUpdates();
    tg.sendText(OWNER, 'one');
    tg.sendText(OWNER, 'two');
    expect(await api.call('getUpdates', { timeout: 1 }, { extraMs: 1_000 })).toEqual([]);
    const waiting = api.call('getUpdates', { timeout: 10 }, { extraMs: 10_000 });
    await poll(() => tg.callsOf('getUpdates').length === 2, 'the second poll in');
    tg.releaseUpdates();
    const got = ((await waiting) as { message?: { text: string } }[]).map((u) => u.message?.text);
    // Released while the second (held) poll waited: it answers empty, the next one gets both.
    const next = ((await api.call('getUpdates')) as { message?: { text: string } }[]).map((u) => u.message?.text);
    expect([...got, ...next].filter(Boolean)).toEqual(['one', 'two']);
    const other = await BotApiStandIn.start({ botId: 7000002 });
    try {
      expect(other.token.startsWith('7000002:')).toBe(true);
      expect(other.sendText(OWNER, 'x')).toBe(100);
    } finally {
      await other.close();
    }
  });
});
