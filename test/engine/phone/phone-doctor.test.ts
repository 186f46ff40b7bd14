/** `trailboss doctor`'s phone check: not paired is fine; paired shows the last poll; a revoked token is a problem. Stand-in Bot API. */
import { afterEach, describe, expect, it } from 'vitest';
import { doctorFinding } from '../../support/chat-rig.ts';
import { poll } from '../../support/poll.ts';
import type { PhoneRig } from './support.ts';
import { OWNER, startPhoneRig } from './support.ts';

let rig: PhoneRig | null = null;
afterEach(async () => {
  await rig?.dispose();
  rig = null;
});

const phoneFinding = (r: PhoneRig) => doctorFinding(r.h, 'phone');

describe('doctor: phone', () => {
  it('says not paired (optional) when nothing is paired', async () => {
    rig = await startPhoneRig({ paired: false });
    expect(await phoneFinding(rig)).toMatchObject({ status: 'ok', detail: expect.stringContaining('not paired') });
  });

  it('names the paired chat and the last successful poll', async () => {
    rig = await startPhoneRig();
    const r = rig;
    await poll(() => r.h.engine.store.phone.pairing().lastPollAt !== null, 'a poll');
    expect(await phoneFinding(r)).toMatchObject({
      status: 'ok',
      detail: expect.stringMatching(/paired with Ada .*; 0 messages and 0 button tokens kept .*last successful poll \d{4}-/),
    });
  });

  it("counts the phone's database rows, as the engine's metrics do", async () => {
    rig = await startPhoneRig();
    const r = rig;
    await poll(() => r.h.engine.store.phone.pairing().lastPollAt !== null, 'a poll');
    r.h.engine.store.phone.addMessage(
      { chatId: OWNER.id, messageId: 9, itemId: 'x', fingerprint: 'f', firstMessageId: 9, header: 'h', step: 0, sentAt: Date.now() },
      [
        { hash: 'a', itemId: 'x', action: 'deny', fingerprint: 'f' },
        { hash: 'b', itemId: 'x', action: 'snooze', fingerprint: 'f' },
      ],
    );
    expect(await phoneFinding(r)).toMatchObject({ status: 'ok', detail: expect.stringContaining('1 message and 2 button tokens kept') });
    expect(r.h.engine.store.retention.rowCounts()).toMatchObject({ phone_messages: 1, phone_tokens: 2 });
  });

  it("calls a poll offset of another bot a problem: the new bot's updates would be dropped", async () => {
    rig = await startPhoneRig();
    const r = rig;
    await poll(() => r.h.engine.store.phone.pairing().lastPollAt !== null, 'a poll');
    // The token file now holds another bot's token (swapped by hand, the engine not restarted).
    r.h.engine.store.phone.startOffset(9_999_999, 123_456);
    expect(await phoneFinding(r)).toMatchObject({
      status: 'problem',
      detail: expect.stringMatching(/updates are being dropped: .*\(123456\) belongs to bot 9999999, the token to bot 7000001/),
      fix: expect.stringContaining('restart the engine'),
    });
  });

  it('says so when the engine skips updates it cannot use', async () => {
    rig = await startPhoneRig();
    const r = rig;
    await poll(() => r.h.engine.store.phone.pairing().lastPollAt !== null, 'a poll');
    r.tg.injectRaw({ update_id: 'not-a-number' });
    await poll(() => r.h.engine.store.phone.pairing().lastError !== null, 'the skip recorded');
    expect(await phoneFinding(r)).toMatchObject({
      status: 'advice',
      detail: expect.stringMatching(/the last poll: getUpdates: 1 update\(s\) without a usable update_id/),
    });
  });

  it('calls a revoked token a problem, with the fix, and never prints it', async () => {
    rig = await startPhoneRig();
    const r = rig;
    r.tg.revoke();
    await poll(() => !r.h.engine.phone.running && r.h.engine.store.phone.pairing().lastError !== null, 'the channel stopped');
    const finding = await phoneFinding(r);
    expect(finding).toMatchObject({
      status: 'problem',
      detail: expect.stringContaining('Telegram refused the bot token'),
      fix: expect.stringContaining('phone pair'),
    });
    expect(JSON.stringify(finding)).not.toContain(r.tg.token.split(':')[1]!);
  });
});
