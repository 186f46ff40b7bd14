/** The send queue: one call at a time, spaced; a new item's first message goes before queued edits. */
import { describe, expect, it } from 'vitest';
import { BotApiError } from '../../../main/engine/phone/bot-api.ts';
import { SendQueue } from '../../../main/engine/phone/send-queue.ts';

/** A call that records its name when it runs and finishes when the test says. */
function gatedCall(order: string[], name: string) {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  return { call: async () => (order.push(name), await gate, name), open };
}

describe('SendQueue', () => {
  it('runs one call at a time, in order within a priority', async () => {
    const order: string[] = [];
    const q = new SendQueue(0, () => Date.now());
    const a = gatedCall(order, 'a');
    const pa = q.run(a.call);
    const pb = q.run(async () => (order.push('b'), 'b'));
    await new Promise((r) => setTimeout(r, 20));
    expect(order).toEqual(['a']);
    a.open();
    expect(await Promise.all([pa, pb])).toEqual(['a', 'b']);
    expect(order).toEqual(['a', 'b']);
  });

  it("puts a new item's first message before the edits already waiting", async () => {
    const order: string[] = [];
    const q = new SendQueue(0, () => Date.now());
    const running = gatedCall(order, 'edit 1');
    const first = q.run(running.call);
    await new Promise((r) => setTimeout(r, 10)); // edit 1 is on the wire
    expect(order).toEqual(['edit 1']);
    const queued = [q.run(async () => order.push('edit 2')), q.run(async () => order.push('edit 3'))];
    const message = q.run(async () => order.push('new item'), 'first');
    running.open();
    await Promise.all([first, ...queued, message]);
    // The call already on the wire finishes first; the new message overtakes the edits still queued.
    expect(order).toEqual(['edit 1', 'new item', 'edit 2', 'edit 3']);
  });

  it('a first message queued while the queue waits for its next turn takes that turn', async () => {
    const order: string[] = [];
    const q = new SendQueue(200, () => Date.now(), 1);
    const all = [q.run(async () => order.push('edit 1')), q.run(async () => order.push('edit 2'))];
    await new Promise((r) => setTimeout(r, 50));
    all.push(q.run(async () => order.push('new item'), 'first'));
    await Promise.all(all);
    expect(order).toEqual(['edit 1', 'new item', 'edit 2']);
  });

  it('spaces calls once the burst is spent', async () => {
    const q = new SendQueue(100, () => Date.now(), 1);
    const at: number[] = [];
    await Promise.all([0, 1, 2].map(() => q.run(async () => at.push(Date.now()))));
    expect(at[1]! - at[0]!).toBeGreaterThanOrEqual(90);
    expect(at[2]! - at[1]!).toBeGreaterThanOrEqual(90);
  });

  it('a failure goes back to its caller and the queue goes on', async () => {
    const q = new SendQueue(0, () => Date.now());
    const failing = q.run(async () => {
      throw new BotApiError('bad-request', 'bad request', 400);
    });
    const next = q.run(async () => 'next');
    await expect(failing).rejects.toThrow('bad request');
    expect(await next).toBe('next');
  });
});
