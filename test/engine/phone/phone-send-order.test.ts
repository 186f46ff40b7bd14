/**
 * What the channel sends when Telegram holds it back: scripted agents in a private tmux server, the
 * real engine and the stand-in Bot API (Telegram's servers cannot be reached from here; its 429 with
 * `retry_after` reproduces https://core.telegram.org/bots/faq#my-bot-is-hitting-limits-how-do-i-avoid-this).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { claudePermBash } from '../../support/scenarios/index.ts';
import { startScriptedAgent } from '../../support/scripted-agent/start.ts';
import { poll } from '../../support/poll.ts';
import type { PhoneRig } from './support.ts';
import { buttonTexts, OWNER, startPhoneRig } from './support.ts';
import { waitForItem } from '../../support/chat-rig.ts';

let rig: PhoneRig | null = null;
afterEach(async () => {
  await rig?.dispose();
  rig = null;
});

describe('phone: sending under the rate limit', () => {
  it('a message whose item was answered at the desk while it waited its turn is never sent', async () => {
    rig = await startPhoneRig();
    const r = rig;
    r.tg.fail('sendMessage', { kind: 'status', status: 429, retryAfter: 3 });
    await startScriptedAgent(r.h.tmux, claudePermBash(), { session: 'answered-at-desk' });
    const item = await waitForItem(r.h, (i) => i.reason === 'permission' && i.approveLabel !== null, 'the first prompt');
    await poll(() => r.tg.calls.some((c) => c.method === 'sendMessage'), 'its message refused with 429');
    const done = await r.h.engine.apiFor('queue')['item:approve']({ id: item.id, fingerprint: item.fingerprint });
    expect(done).toMatchObject({ ok: true, value: { outcome: 'confirmed' } });
    // A second agent's prompt: once its message is in, the first message's turn has come and gone.
    await startScriptedAgent(r.h.tmux, claudePermBash(), { session: 'still-waiting' });
    await poll(
      () =>
        r.tg.botMessages(OWNER.id).find((m) => m.text.includes('still-waiting') && buttonTexts(m).some((t) => t.startsWith('Approve:'))),
      "the second agent's message",
    );
    // Every sendMessage the stand-in saw with Approve buttons: the first agent's is only the one refused.
    const approvable = r.tg.calls.filter(
      (c) => c.method === 'sendMessage' && JSON.stringify(c.params['reply_markup'] ?? null).includes('"Approve: '),
    );
    expect(approvable.map((c) => String(c.params['text']).includes('answered-at-desk'))).toEqual([true, false]);
  });
});
