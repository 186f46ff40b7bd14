/**
 * The send queue against Telegram's per-chat limit (about one message a second, short bursts:
 * https://core.telegram.org/bots/faq#my-bot-is-hitting-limits-how-do-i-avoid-this), on vitest's fake
 * clock: the calls stand in for Bot API requests (Telegram cannot be reached here) and record when
 * the queue let them go.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BotApiError } from '../../../main/engine/phone/bot-api.ts';
import type { SendOptions } from '../../../main/engine/phone/send-queue.ts';
import { SendQueue, UNSENT } from '../../../main/engine/phone/send-queue.ts';
import { seededRandom } from '../../support/seeded-random.ts';

beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
});
afterEach(() => {
  vi.useRealTimers();
});

/** A queue at Telegram's pace (1 s, burst 3) on the fake clock, recording each call's name and time. */
function telegramPaced(extra: { maxHoldMs?: number } = {}) {
  const sent: { name: string; at: number }[] = [];
  const q = new SendQueue({ intervalMs: 1000, now: () => Date.now(), ...extra });
  const send = (name: string, opts: SendOptions = {}) =>
    q.run(async () => (sent.push({ name, at: Date.now() }), name), opts as SendOptions & { wanted?: undefined });
  const at = (name: string) => sent.find((s) => s.name === name)?.at;
  return { q, sent, send, at };
}

/** Send three new-item messages at once: the burst is spent. */
async function spendBurst(send: (name: string, opts?: SendOptions) => Promise<unknown>): Promise<void> {
  await Promise.all(['burst 1', 'burst 2', 'burst 3'].map((n) => send(n, { priority: 'first' })));
}

describe('SendQueue', () => {
  it('holds for at most an hour after a 429, whatever its retry_after says (no timer overflow into a 1 ms loop)', async () => {
    // Real timers: the overflow is Node's (a delay over 2^31-1 ms fires after 1 ms).
    vi.useRealTimers();
    let looks = 0;
    const q = new SendQueue({ intervalMs: 0, now: () => (looks++, Date.now()) });
    let tries = 0;
    const first = q.run(
      async () => {
        if (tries++ === 0) throw new BotApiError('rate-limited', 'Too Many Requests: retry after 2592000', 429, 30 * 24 * 3600);
        return 'sent';
      },
      { priority: 'first' },
    );
    await new Promise((done) => setTimeout(done, 50));
    const settled = looks;
    await new Promise((done) => setTimeout(done, 500));
    // Before: about one look a millisecond while the hold "lasted".
    expect(looks - settled).toBeLessThan(20);
    expect(tries).toBe(1);
    q.dispose();
    await first.catch(() => undefined);
  });

  it('runs one call at a time, in order within a priority', async () => {
    const order: string[] = [];
    const q = new SendQueue({ intervalMs: 0, now: () => Date.now() });
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const pa = q.run(async () => (order.push('a'), await gate, 'a'));
    const pb = q.run(async () => (order.push('b'), 'b'));
    await vi.advanceTimersByTimeAsync(50);
    expect(order).toEqual(['a']);
    open();
    expect(await Promise.all([pa, pb])).toEqual(['a', 'b']);
  });

  it("puts a new item's message before the edits already waiting", async () => {
    const { send, sent } = telegramPaced();
    await spendBurst(send);
    const all = [send('edit 1'), send('edit 2'), send('new item', { priority: 'first' })];
    await vi.advanceTimersByTimeAsync(10_000);
    await Promise.all(all);
    expect(sent.slice(3).map((s) => s.name)).toEqual(['new item', 'edit 1', 'edit 2']);
  });

  it('keeps the rest of the burst for new messages: edits go only from a full bucket', async () => {
    const { send, at } = telegramPaced();
    const edits = [1, 2, 3, 4].map((i) => send(`edit ${i}`));
    await vi.advanceTimersByTimeAsync(100);
    const items = [send('new item 1', { priority: 'first' })];
    await vi.advanceTimersByTimeAsync(100);
    items.push(send('new item 2', { priority: 'first' }));
    await vi.advanceTimersByTimeAsync(20_000);
    await Promise.all([...edits, ...items]);
    // The first edit finds a full bucket; the two new messages after it go at once, not a second later.
    expect([at('edit 1'), at('new item 1'), at('new item 2')]).toEqual([0, 100, 200]);
    // The other edits wait for the bucket to fill again (three tokens, one a second).
    expect([at('edit 2'), at('edit 3'), at('edit 4')]).toEqual([3000, 4000, 5000]);
  });

  it('never goes faster than the burst plus one call a second, whatever the mix', async () => {
    const { send, sent } = telegramPaced({ maxHoldMs: 20_000 });
    const random = seededRandom(20);
    const all: Promise<unknown>[] = [];
    for (let t = 0; t < 120_000; t += 100) {
      const r = random();
      if (r < 0.06) all.push(send(`new ${t}`, { priority: 'first' }));
      else if (r < 0.14) all.push(send(`edit ${t}`, { key: `message ${Math.floor(random() * 5)}` }));
      else if (r < 0.16) all.push(send(`reply ${t}`));
      await vi.advanceTimersByTimeAsync(100);
    }
    await vi.advanceTimersByTimeAsync(600_000);
    await Promise.all(all);
    expect(sent.length).toBeGreaterThan(100);
    const tooMany: string[] = [];
    for (let i = 0; i < sent.length; i++) {
      for (let j = i; j < sent.length; j++) {
        const allowed = 3 + Math.floor((sent[j]!.at - sent[i]!.at) / 1000);
        if (j - i + 1 > allowed) tooMany.push(`${j - i + 1} calls from ${sent[i]!.at} to ${sent[j]!.at} ms`);
      }
    }
    expect(tooMany).toEqual([]);
  });

  it("holds everything back for a 429's retry_after, then sends the new message before the retried edit", async () => {
    const sent: { name: string; at: number }[] = [];
    const q = new SendQueue({ intervalMs: 1000, now: () => Date.now() });
    let tries = 0;
    const edit = q.run(async () => {
      sent.push({ name: 'edit', at: Date.now() });
      if (tries++ === 0) throw new BotApiError('rate-limited', 'Too Many Requests: retry after 5', 429, 5);
      return 'edited';
    });
    await vi.advanceTimersByTimeAsync(100);
    const message = q.run(async () => (sent.push({ name: 'new item', at: Date.now() }), 'sent'), { priority: 'first' });
    await vi.advanceTimersByTimeAsync(20_000);
    expect(await Promise.all([edit, message])).toEqual(['edited', 'sent']);
    expect(sent).toEqual([
      { name: 'edit', at: 0 },
      { name: 'new item', at: 5000 },
      // After the hold the bucket fills from empty: the new message takes the first call, the edit waits for a full one.
      { name: 'edit', at: 8000 },
    ]);
  });

  it('an edit still goes, within its hold time, under a stream of new messages above the limit', async () => {
    const { send, at } = telegramPaced({ maxHoldMs: 60_000 });
    await spendBurst(send);
    const edit = send('edit');
    const items: Promise<unknown>[] = [];
    for (let t = 0; t < 120_000; t += 800) {
      items.push(send(`new ${t}`, { priority: 'first' }));
      await vi.advanceTimersByTimeAsync(800);
    }
    expect(await edit).toBe('edit');
    expect(at('edit')).toBeLessThanOrEqual(61_000);
    await vi.advanceTimersByTimeAsync(600_000);
    await Promise.all(items);
  });

  it('edits of one message still queued are one call, the newest, in the place of the first', async () => {
    const { send, sent } = telegramPaced();
    await spendBurst(send);
    const a = send('message 1 → approved?', { key: 'message 1' });
    const x = send('message 2 → denied', { key: 'message 2' });
    const b = send('message 1 → approved', { key: 'message 1' });
    await vi.advanceTimersByTimeAsync(20_000);
    expect(await Promise.all([a, x, b])).toEqual(['message 1 → approved', 'message 2 → denied', 'message 1 → approved']);
    expect(sent.slice(3).map((s) => s.name)).toEqual(['message 1 → approved', 'message 2 → denied']);
  });

  it('drops a call no longer wanted when its turn comes, without spending a turn', async () => {
    const { q, send, at } = telegramPaced();
    await spendBurst(send);
    let wanted = true;
    const stale = q.run(async () => 'stale', { priority: 'first', wanted: () => wanted });
    const next = send('next', { priority: 'first' });
    await vi.advanceTimersByTimeAsync(500);
    wanted = false;
    await vi.advanceTimersByTimeAsync(5000);
    expect(await stale).toBe(UNSENT);
    expect(await next).toBe('next');
    expect(at('next')).toBe(1000);
  });

  it('a failure goes back to its caller and the queue goes on', async () => {
    const q = new SendQueue({ intervalMs: 0, now: () => Date.now() });
    const failing = q.run(async () => {
      throw new BotApiError('bad-request', 'bad request', 400);
    });
    const next = q.run(async () => 'next');
    await expect(failing).rejects.toThrow('bad request');
    expect(await next).toBe('next');
  });

  it('on dispose, what is still queued runs at once', async () => {
    const { q, send, at } = telegramPaced();
    await spendBurst(send);
    const left = [send('edit 1'), send('edit 2')];
    await vi.advanceTimersByTimeAsync(100);
    q.dispose();
    expect(await Promise.all(left)).toEqual(['edit 1', 'edit 2']);
    expect([at('edit 1'), at('edit 2')]).toEqual([100, 100]);
  });
});
