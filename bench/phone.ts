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
import { pressToKeyOf, startChatEngine, startChatFleet } from './chat-bench.ts';
import { OWNER, pairInStore } from './phone-owner.ts';
import type { Summary } from './stats.ts';
import { summarize } from './stats.ts';

/** What the phase measured. */
export interface PhoneBenchResult {
  readonly agents: number;
  readonly prompting: number;
  readonly queuedToSend: Summary;
  readonly pressToKey: Summary;
  /** Press delivered → the message's outcome edit (`editMessageText`) reaching the stand-in. */
  readonly pressToEdit: Summary;
  /** Presses whose message had no outcome edit `EDIT_DRAIN_MS` after the window. */
  readonly pressesUnedited: number;
  /** Prompts queued during the window whose message had not gone 2 s after it. */
  readonly queuedUnsent: number;
  /** Bot API calls that reached the stand-in during the window, by method. */
  readonly calls: Readonly<Record<string, number>>;
  readonly windowMs: number;
  /** The engine's CPU with no agents, unpaired and paired windows in turn. */
  readonly idle: IdleCpuResult;
}

/** How long after the window the bench waits for the outcome edits still queued. */
const EDIT_DRAIN_MS = 90_000;

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Run the phase. */
export async function runPhone(opts: {
  agents: number;
  prompting: number;
  spacingMs: number;
  windowMs: number;
  idleWindowMs: number;
  idlePairs: number;
  idleWarmupMs: number;
}): Promise<PhoneBenchResult> {
  const idle = await idleCpu({ pairs: opts.idlePairs, windowMs: opts.idleWindowMs, settleMs: 3000, warmupMs: opts.idleWarmupMs });
  const fleet = await startChatFleet(opts);
  const tg = await BotApiStandIn.start();
  const engine = await startChatEngine(join(fleet.dir, 'engine'), fleet.socket, { phone: { telegram: { apiBase: tg.apiBase } } }, (home) =>
    saveBotToken(botTokenPath(home), tg.token),
  );
  const added = new Map<string, number>();
  const queuedToSend: number[] = [];
  const presses: { paneKey: string; at: number }[] = [];
  const pressedAt = new Map<number, number>();
  const pressToEdit: number[] = [];
  const calls: Record<string, number> = {};
  let counting = true;
  try {
    pairInStore(engine.store.phone, tg);
    engine.on('item:added', ({ item }) => {
      if (item.reason === 'permission' && counting) added.set(item.target, performance.timeOrigin + performance.now());
    });
    tg.onCall = (method, params) => {
      if (counting && method !== 'getUpdates') calls[method] = (calls[method] ?? 0) + 1;
      const at = performance.timeOrigin + performance.now();
      const pressed = typeof params['message_id'] === 'number' ? pressedAt.get(params['message_id']) : undefined;
      if (method === 'editMessageText' && pressed !== undefined) {
        pressToEdit.push(at - pressed);
        pressedAt.delete(params['message_id'] as number);
      }
      if (method !== 'sendMessage' || typeof params['text'] !== 'string') return;
      for (const [target, t] of added) {
        if (!params['text'].includes(` · ${target} · `)) continue;
        queuedToSend.push(at - t);
        added.delete(target);
      }
    };
    const deadline = Date.now() + opts.windowMs;
    const pressed = new Set<number>();
    while (Date.now() < deadline) {
      // Press Approve on every stored message with buttons, once, as soon as the engine holds its tokens.
      for (const m of tg.botMessages(OWNER.id)) {
        if (pressed.has(m.message_id) || !m.keyboard?.flat()[0]?.text.startsWith('Approve:')) continue;
        const row = engine.store.phone.message(OWNER.id, m.message_id);
        if (!row) continue;
        const item = engine.store.items.get(row.itemId);
        pressed.add(m.message_id);
        if (!item) continue;
        presses.push({ paneKey: item.paneKey, at: performance.timeOrigin + performance.now() });
        pressedAt.set(m.message_id, performance.timeOrigin + performance.now());
        tg.press(OWNER, OWNER.id, m.message_id, 'Approve:');
      }
      await sleep(5);
    }
    counting = false;
    await sleep(2000);
    const queuedUnsent = added.size;
    // Nothing queued is lost: the outcome edits still queued go out as the load falls (no more presses).
    const drainDeadline = Date.now() + EDIT_DRAIN_MS;
    while (pressedAt.size > 0 && Date.now() < drainDeadline) await sleep(100);
    const pressToKey = pressToKeyOf(fleet, presses);
    return {
      agents: opts.agents,
      prompting: opts.prompting,
      queuedToSend: summarize(queuedToSend),
      pressToKey: summarize(pressToKey),
      pressToEdit: summarize(pressToEdit),
      pressesUnedited: pressedAt.size,
      queuedUnsent,
      calls,
      windowMs: opts.windowMs,
      idle,
    };
  } finally {
    await engine.stop();
    await tg.close();
    await fleet.dispose();
  }
}
