/**
 * The phone phase: the real engine (in this process) paired with the stand-in Bot API on loopback
 * (Telegram cannot be reached from here), watching a fleet of scripted agents. Measures
 * - item queued (`item:added`) → its `sendMessage` reaching the stand-in, p95;
 * - button press delivered (the update is queued at the stand-in) → the key recorded by the agent, p95;
 * - the engine's CPU idle-polling with the channel paired versus not paired (bench/phone-idle.ts: the
 *   engine in a child process, alternating windows).
 * The load: `prompting` agents loop prompt → approve → idle for `prompting × spacingMs` → prompt, their
 * first prompts `spacingMs` apart; each message is pressed as soon as the engine holds its tokens. Every
 * prompt costs a message, an outcome edit after the press, and a message (and later its edit) for the
 * agent waiting idle after it — more calls than the chat's one a second; the calls made are counted.
 */
import { join } from 'node:path';
import { botTokenPath, saveBotToken } from '../main/engine/phone/bot-token-file.ts';
import { BotApiStandIn } from '../test/support/bot-api/stand-in.ts';
import type { IdleCpuResult } from './phone-idle.ts';
import { idleCpu } from './phone-idle.ts';
import type { ChatBenchResult, ChatPhaseOptions } from './chat-bench.ts';
import { measureChat, startChatEngine, startChatFleet } from './chat-bench.ts';
import { OWNER, pairInStore } from './phone-owner.ts';

/** What the phase measured. */
export interface PhoneBenchResult extends ChatBenchResult {
  /** The engine's CPU with no agents, unpaired and paired windows in turn. */
  readonly idle: IdleCpuResult;
}

/** Run the phase. */
export async function runPhone(opts: ChatPhaseOptions): Promise<PhoneBenchResult> {
  const idle = await idleCpu({ pairs: opts.idlePairs, windowMs: opts.idleWindowMs, settleMs: 3000, warmupMs: opts.idleWarmupMs });
  const fleet = await startChatFleet(opts);
  const tg = await BotApiStandIn.start();
  const engine = await startChatEngine(join(fleet.dir, 'engine'), fleet.socket, { phone: { telegram: { apiBase: tg.apiBase } } }, (home) =>
    saveBotToken(botTokenPath(home), tg.token),
  );
  try {
    pairInStore(engine.store.phone, tg);
    const measured = await measureChat<number>(
      engine,
      fleet,
      {
        onCall: (listener) => (tg.onCall = listener),
        counted: (method) => method !== 'getUpdates',
        postedText: (method, params) => (method === 'sendMessage' && typeof params['text'] === 'string' ? params['text'] : null),
        editedId: (method, params) =>
          method === 'editMessageText' && typeof params['message_id'] === 'number' ? params['message_id'] : undefined,
        approvable: () =>
          tg
            .botMessages(OWNER.id)
            .filter((m) => m.keyboard?.flat()[0]?.text.startsWith('Approve:'))
            .map((m) => m.message_id),
        itemOf: (id) => engine.store.phone.message(OWNER.id, id)?.itemId ?? null,
        press: (id) => tg.press(OWNER, OWNER.id, id, 'Approve:'),
      },
      opts,
    );
    return { ...measured, idle };
  } finally {
    await engine.stop();
    await tg.close();
    await fleet.dispose();
  }
}
