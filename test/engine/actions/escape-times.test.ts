// Rule guarded: the record of when Escape was last sent keeps nothing it no longer needs — an entry
// older than the pause is dropped when read, and a pane that went is forgotten — so a long run with
// agents coming and going (each denied with Escape) holds no entry per pane ever seen.
import { describe, expect, it } from 'vitest';
import { ESCAPE_PAUSE_MS, EscapeTimes } from '../../../main/engine/actions/escape-times.ts';

describe('EscapeTimes', () => {
  it('gives the time of an Escape within the pause, and only for keys that held one', () => {
    const e = new EscapeTimes();
    e.noteSent('default|%1', ['Escape'], 1000);
    e.noteSent('default|%2', ['1'], 1000);
    expect(e.lastAt('default|%1', 1000 + ESCAPE_PAUSE_MS - 1)).toBe(1000);
    expect(e.lastAt('default|%2', 1001)).toBeNull();
  });

  it('drops an entry once the pause has passed', () => {
    const e = new EscapeTimes();
    e.noteSent('default|%1', ['Escape'], 1000);
    expect(e.lastAt('default|%1', 1000 + ESCAPE_PAUSE_MS)).toBeNull();
    expect(e.size).toBe(0);
  });

  it('forgets panes that went, however many were denied', () => {
    const e = new EscapeTimes();
    for (let i = 0; i < 500; i++) e.noteSent(`default|%${i}`, ['Escape'], 1000);
    for (let i = 0; i < 500; i++) e.forget(`default|%${i}`);
    expect(e.size).toBe(0);
  });
});
