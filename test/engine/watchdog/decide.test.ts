import { describe, expect, it } from 'vitest';
import { decideDismissal, decideNudge, decideWake, type NudgeInput } from '../../../main/engine/watchdog/decide.ts';
import { afterEscalation, afterNudge, initialWatchdogState, observeAgentState } from '../../../main/engine/watchdog/backoff.ts';
import { DEFAULT_WATCHDOG_CONFIG } from '../../../main/engine/watchdog/config.ts';
import type { DialogScreen } from '../../../main/engine/runtimes/types.ts';
import type { ClientInfo } from '../../../main/engine/tmux/types.ts';
import { askDialog, bashPrompt, idle, unknownScreen, working } from '../sessions/builders.ts';

const CFG = { ...DEFAULT_WATCHDOG_CONFIG, enabled: true };
const T0 = 1_700_000_000_000;
const DUE = T0 + 300_000;
const idleState = observeAgentState(initialWatchdogState('default|%1'), 'idle', T0, CFG);
const nobody = { clients: [] as ClientInfo[], session: 'work' };
const humanAt = (ms: number) => ({
  clients: [{ tty: '/dev/pts/1', pid: 1, sessionName: 'work', activity: ms / 1000, termName: 'xterm' }],
  session: 'work',
});
const input = (over: Partial<NudgeInput> = {}): NudgeInput => ({
  state: idleState,
  cfg: CFG,
  text: 'continue',
  screen: idle(),
  human: nobody,
  now: DUE,
  ...over,
});

describe('decideNudge', () => {
  it('types the text when due, idle, nobody there and no draft', () => {
    expect(decideNudge(input())).toEqual({ kind: 'type', text: 'continue', attempt: 1 });
  });

  it('waits until due (nothing early)', () => {
    expect(decideNudge(input({ now: DUE - 1 }))).toEqual({ kind: 'wait', until: DUE, why: 'not-due' });
  });

  it('does nothing without a text (paused, or task-only without a directive)', () => {
    expect(decideNudge(input({ text: null }))).toEqual({ kind: 'none' });
  });

  it.each([
    ['permission prompt', bashPrompt()],
    ['dialog', askDialog()],
    ['unknown', unknownScreen()],
    ['working', working()],
    ['no capture', null],
  ] as const)('never types when the fresh screen is a %s', (_name, screen) => {
    expect(decideNudge(input({ screen }))).toMatchObject({ kind: 'wait', why: 'not-at-input', until: DUE + CFG.recheckMs });
  });

  it('waits for the human window to end when a human is active', () => {
    expect(decideNudge(input({ human: humanAt(DUE - 10_000) }))).toEqual({ kind: 'wait', until: DUE + 110_000, why: 'human-active' });
  });

  it('waits while a draft is in the input line', () => {
    expect(decideNudge(input({ screen: idle('half typed') }))).toEqual({ kind: 'wait', until: DUE + CFG.recheckMs, why: 'draft' });
  });

  it('escalates when the tries are used up and the last wait is over', () => {
    const three = afterNudge(afterNudge(afterNudge(idleState, DUE), T0 + 1_200_000), T0 + 3_900_000);
    expect(decideNudge(input({ state: three, now: T0 + 3_900_000 + 7_200_000 }))).toEqual({ kind: 'escalate', nudges: 3 });
  });

  it('does nothing once escalated', () => {
    expect(decideNudge(input({ state: afterEscalation(idleState) }))).toEqual({ kind: 'none' });
  });
});

describe('decideWake', () => {
  it('types at an idle prompt', () => {
    expect(decideWake(idle(), 'do task 7')).toEqual({ kind: 'type', text: 'do task 7', erasedDraft: null });
  });

  it('bypasses the draft (human gate) but reports the draft it erases', () => {
    expect(decideWake(idle('my half message'), 'do task 7')).toEqual({ kind: 'type', text: 'do task 7', erasedDraft: 'my half message' });
  });

  it.each([
    ['permission prompt', bashPrompt()],
    ['dialog', askDialog()],
    ['unknown', unknownScreen()],
    ['working', working()],
    ['no capture', null],
  ] as const)('refuses at a %s (safe-to-type is never bypassed)', (_name, screen) => {
    expect(decideWake(screen, 'do task 7')).toEqual({ kind: 'refuse', why: 'not-at-input' });
  });

  it('refuses an empty message', () => {
    expect(decideWake(idle(), '  ')).toEqual({ kind: 'refuse', why: 'empty' });
  });
});

describe('decideDismissal', () => {
  const overlay: DialogScreen = {
    kind: 'dialog',
    runtime: 'codex',
    dialogId: 'codex.startup-warnings',
    question: 'Warnings · 1 of 1 · Startup',
    options: [],
    highlighted: null,
  };

  it('presses the catalog key while the same dialog shows and nobody is there', () => {
    expect(decideDismissal(overlay, overlay, nobody, DUE, CFG)).toEqual({ kind: 'press', key: 'Escape' });
  });

  it('does nothing when the screen changed since it was seen', () => {
    expect(decideDismissal(overlay, { ...overlay, question: 'Warnings · 1 of 2 · Startup' }, nobody, DUE, CFG)).toEqual({ kind: 'none' });
    expect(decideDismissal(overlay, idle(), nobody, DUE, CFG)).toEqual({ kind: 'none' });
  });

  it('waits while a human is active (they may be reading it)', () => {
    expect(decideDismissal(overlay, overlay, humanAt(DUE - 1_000), DUE, CFG)).toEqual({ kind: 'wait', until: DUE + 119_000 });
  });

  it('does nothing for a dialog outside the catalog, or when dismissal is off', () => {
    expect(decideDismissal(askDialog(), askDialog(), nobody, DUE, CFG)).toEqual({ kind: 'none' });
    expect(decideDismissal(overlay, overlay, nobody, DUE, { ...CFG, dismissKnownDialogs: false })).toEqual({ kind: 'none' });
  });
});
