import { describe, expect, it } from 'vitest';
import { QueuePublisher } from '../../../main/engine/api/queue-publisher.ts';
import { ManualClock } from '../../support/manual-clock.ts';

/** A publisher over a manual clock whose `send` records the "queue" it would build (a counter bumped per change). */
function setup(windowMs = 200) {
  const clock = new ManualClock(1_000);
  let version = 0;
  const sent: number[] = [];
  const publisher = new QueuePublisher(clock, () => sent.push(version), windowMs);
  const change = () => {
    version++;
    publisher.changed();
  };
  return { clock, sent, publisher, change };
}

describe('QueuePublisher', () => {
  it('sends the first change of a quiet spell at once', () => {
    const { sent, change } = setup();
    change();
    expect(sent).toEqual([1]);
  });

  it('folds the changes of one window into one event built from the final state', () => {
    const { clock, sent, change } = setup();
    change();
    change();
    change();
    change();
    expect(sent).toEqual([1]);
    clock.advance(199);
    expect(sent).toEqual([1]);
    clock.advance(1);
    expect(sent).toEqual([1, 4]);
  });

  it('sends nothing at the end of a window without changes, and the next change at once', () => {
    const { clock, sent, change } = setup();
    change();
    clock.advance(200);
    expect(sent).toEqual([1]);
    expect(clock.pending).toBe(0);
    change();
    expect(sent).toEqual([1, 2]);
  });

  it('keeps sending once per window while changes keep coming, and the last one is never lost', () => {
    const { clock, sent, change } = setup(100);
    change();
    for (let t = 0; t < 1_000; t += 10) {
      change();
      clock.advance(10);
    }
    clock.advance(100);
    // One event at the start, then one per 100 ms window: eleven in all, the last with every change.
    expect(sent.length).toBe(11);
    expect(sent.at(-1)).toBe(101);
    expect(clock.pending).toBe(0);
  });

  it('flush sends a gathered change now and opens a new window', () => {
    const { clock, sent, publisher, change } = setup();
    change();
    change();
    publisher.flush();
    expect(sent).toEqual([1, 2]);
    publisher.flush();
    expect(sent).toEqual([1, 2]);
    change();
    expect(sent).toEqual([1, 2]);
    clock.advance(200);
    expect(sent).toEqual([1, 2, 3]);
  });

  it('a change made by a listener while sending joins the next window instead of re-entering', () => {
    const clock = new ManualClock(0);
    const sent: number[] = [];
    let depth = 0;
    const publisher: QueuePublisher = new QueuePublisher(clock, () => {
      depth++;
      sent.push(depth);
      if (sent.length === 1) publisher.changed();
      depth--;
    });
    publisher.changed();
    expect(sent).toEqual([1]);
    clock.advance(200);
    expect(sent).toEqual([1, 1]);
  });

  it('dispose drops a gathered change and leaves no timer', () => {
    const { clock, sent, publisher, change } = setup();
    change();
    change();
    publisher.dispose();
    expect(clock.pending).toBe(0);
    clock.advance(1_000);
    change();
    expect(sent).toEqual([1]);
  });
});
