// Rules guarded (pure): a changed pane is looked at once it held still for the settle window, and a
// pane that never does is still looked at every busyLookMs; a paused pane (no signal tells when it
// goes quiet) waits for that ceiling; a spinner's pace stretches the quiet needed, so it is never
// mistaken for quiet between frames; a changed screen asks for a confirming look after the settle
// window and at least CONFIRM_STILL_MS after the last signal (poll: after recheckMs); output signalled while a look was on its way keeps the pane due;
// a working agent that keeps redrawing is held paused through its looks, and let go (with a confirming look,
// since what it drew before the release came with no signal) once it stops working or HELD_STILL_LOOKS looks
// running found the very same screen.
import { describe, expect, it } from 'vitest';
import type { LookOptions } from '../../../main/engine/observe/look-schedule.ts';
import {
  asked,
  CONFIRM_STILL_MS,
  dueAt,
  HELD_STILL_LOOKS,
  holdAfterLook,
  looked,
  noLook,
  quietNeeded,
  signalled,
  WORKING_LOOK_GAP_MS,
} from '../../../main/engine/observe/look-schedule.ts';

const O: LookOptions = { recheckMs: 250, settleMs: 100, busyLookMs: 1000 };

describe('look schedule', () => {
  it('looks once the pane held still for the settle window after its last signal', () => {
    let s = signalled(noLook, 5000, false);
    expect(dueAt(s, O)).toBe(5100);
    s = signalled(s, 5040, false);
    expect(dueAt(s, O)).toBe(5140);
  });

  it('looks at a pane that never goes quiet at the latest busyLookMs after its first unseen change', () => {
    let s = noLook;
    for (let t = 10_000; t < 12_000; t += 50) s = signalled(s, t, false);
    expect(dueAt(s, O)).toBe(11_000);
  });

  it('waits for the ceiling on a paused pane', () => {
    const s = signalled(noLook, 5000, true);
    expect(dueAt(s, O)).toBe(6000);
  });

  it('needs more quiet from a pane whose output comes at a slower pace (a 100 ms spinner)', () => {
    let s = signalled(noLook, 0, false);
    for (let t = 100; t <= 1000; t += 100) s = signalled(s, t, false);
    expect(quietNeeded(s, O)).toBeGreaterThanOrEqual(150);
    // After a long pause the pace is forgotten: a prompt drawn then settles in the plain window.
    s = signalled(s, 5000, false);
    expect(quietNeeded(s, O)).toBe(100);
  });

  it('asks for a confirming look after a changed screen: the settle window in events mode, recheckMs in poll mode', () => {
    const s = signalled(noLook, 1000, false);
    expect(dueAt(looked(s, { requestedAt: 1100, at: 1110, unproven: true, working: false }, 'events', O), O)).toBe(1210);
    expect(dueAt(looked(s, { requestedAt: 1100, at: 1110, unproven: true, working: false }, 'poll', O), O)).toBe(1360);
    expect(dueAt(looked(s, { requestedAt: 1100, at: 1110, unproven: false, working: false }, 'events', O), O)).toBeNull();
  });

  it('takes the confirming look no sooner than CONFIRM_STILL_MS after the last signal: two looks span that much stillness', () => {
    const fast: LookOptions = { ...O, settleMs: 60 };
    const s = signalled(noLook, 1000, false);
    // Looked at 1065 (the settle window): 60 ms more would be only 125 ms of stillness.
    const next = looked(s, { requestedAt: 1060, at: 1065, unproven: true, working: false }, 'events', fast);
    expect(dueAt(next, fast)).toBe(1000 + CONFIRM_STILL_MS);
    expect(CONFIRM_STILL_MS).toBeGreaterThanOrEqual(150);
    // A look that came late already spans it: the settle window after it is enough.
    expect(dueAt(looked(s, { requestedAt: 1300, at: 1310, unproven: true, working: false }, 'events', fast), fast)).toBe(1370);
  });

  it('drops a pending confirming look when the pane writes again: it waits for quiet first', () => {
    const after = looked(signalled(noLook, 1000, false), { requestedAt: 1100, at: 1110, unproven: true, working: false }, 'events', O);
    // (Signals more than a second apart: the pane's pace does not stretch the window here.)
    expect(dueAt(signalled(after, 2150, false), O)).toBe(2250);
  });

  it('keeps a pane due when it wrote while its look was on its way', () => {
    const s = signalled(signalled(noLook, 1000, false), 2105, false);
    const next = looked(s, { requestedAt: 2100, at: 2120, unproven: false, working: false }, 'events', O);
    expect(dueAt(next, O)).toBe(2205);
  });

  it('skips the confirming look of a working screen in events mode, and looks at a working pane again no sooner than WORKING_LOOK_GAP_MS', () => {
    const s = signalled(noLook, 1000, false);
    const working = looked(s, { requestedAt: 1100, at: 1110, unproven: true, working: true }, 'events', O);
    expect(dueAt(working, O)).toBeNull();
    expect(dueAt(signalled(working, 1200, false), O)).toBe(1110 + WORKING_LOOK_GAP_MS);
    // Poll mode confirms as before.
    expect(dueAt(looked(s, { requestedAt: 1100, at: 1110, unproven: true, working: true }, 'poll', O), O)).toBe(1360);
  });

  it('serves an asked-for look with the next look taken after it', () => {
    const s = asked(noLook, 2000);
    expect(dueAt(s, O)).toBe(2000);
    expect(dueAt(looked(s, { requestedAt: 2001, at: 2010, unproven: false, working: false }, 'poll', O), O)).toBeNull();
    expect(dueAt(looked(s, { requestedAt: 1999, at: 2010, unproven: false, working: false }, 'poll', O), O)).toBe(2000);
  });

  it('holds a working agent that wrote, and keeps holding a kept one while its screen is redrawn', () => {
    expect(holdAfterLook(noLook, { kept: false, working: true, wrote: true, redrew: true })).toEqual({
      hold: true,
      release: false,
      heldStill: 0,
    });
    // Looked at for the net or an agent's ask, not for its output: nothing to hold back.
    expect(holdAfterLook(noLook, { kept: false, working: true, wrote: false, redrew: true }).hold).toBe(false);
    expect(holdAfterLook(noLook, { kept: false, working: false, wrote: true, redrew: true })).toEqual({
      hold: false,
      release: false,
      heldStill: 0,
    });
    const kept = { ...noLook, paused: true, working: true, heldStill: 2 };
    expect(holdAfterLook(kept, { kept: true, working: true, wrote: true, redrew: true })).toEqual({
      hold: true,
      release: false,
      heldStill: 0,
    });
  });

  it('lets a kept pane go once it stops working, or after HELD_STILL_LOOKS looks running found the same screen', () => {
    const kept = { ...noLook, paused: true, working: true };
    expect(holdAfterLook(kept, { kept: true, working: false, wrote: true, redrew: true })).toEqual({
      hold: false,
      release: true,
      heldStill: 0,
    });
    let s: typeof kept = kept;
    for (let i = 1; i < HELD_STILL_LOOKS; i++) {
      const d = holdAfterLook(s, { kept: true, working: true, wrote: true, redrew: false });
      expect(d).toEqual({ hold: true, release: false, heldStill: i });
      s = { ...s, heldStill: d.heldStill };
    }
    expect(holdAfterLook(s, { kept: true, working: true, wrote: true, redrew: false })).toEqual({
      hold: false,
      release: true,
      heldStill: 0,
    });
  });

  it('asks for a confirming look after a release, even of a working screen: what it drew while held came with no signal', () => {
    const s = { ...noLook, paused: true, working: true, changedSince: 1000, lastSignalAt: 1000 };
    const after = looked(s, { requestedAt: 2000, at: 2005, unproven: false, working: true, released: true }, 'events', O);
    expect(after.confirmAt).toBe(2105);
    expect(after.paused).toBe(false);
    expect(looked(s, { requestedAt: 2000, at: 2005, unproven: false, working: true }, 'events', O).confirmAt).toBeNull();
  });
});
