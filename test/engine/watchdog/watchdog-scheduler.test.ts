import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../support/manual-clock.ts';
import { WatchdogScheduler, type WatchdogCollaborators } from '../../../main/engine/watchdog/watchdog-scheduler.ts';
import { DEFAULT_WATCHDOG_CONFIG, type WatchdogConfig } from '../../../main/engine/watchdog/config.ts';
import type { WatchdogState } from '../../../main/engine/watchdog/backoff.ts';
import type { LoopMode } from '../../../main/engine/watchdog/loop-mode.ts';
import type { DialogScreen, Screen } from '../../../main/engine/runtimes/types.ts';
import type { ClientInfo } from '../../../main/engine/tmux/types.ts';
import { initialPaneState, type AgentState, type PaneState } from '../../../main/engine/sessions/pane-state.ts';
import { askDialog, bashPrompt, idle, working } from '../sessions/builders.ts';

const S = 1_000;
const T0 = 1_700_000_000_000;
const PANE = 'default|%1';
const overlay: DialogScreen = {
  kind: 'dialog',
  runtime: 'codex',
  dialogId: 'codex.warnings',
  question: 'Warnings · 1 of 1 · Startup',
  options: [],
  highlighted: null,
};

/** A fake engine around one pane: what it shows, who is attached, and everything the watchdog did. */
function harness(
  opts: { mode?: LoopMode; directive?: string | null; restored?: WatchdogState; start?: number; cfg?: Partial<WatchdogConfig> } = {},
) {
  const clock = new ManualClock(opts.start ?? T0);
  const pane = { screen: idle() as Screen | null, clients: [] as ClientInfo[], failType: false };
  const log: string[] = [];
  const saved: WatchdogState[] = [];
  const cfg: WatchdogConfig = { ...DEFAULT_WATCHDOG_CONFIG, enabled: true, ...opts.cfg };
  const deps: WatchdogCollaborators = {
    clock,
    config: () => cfg,
    capture: async () => pane.screen,
    human: async () => ({ clients: pane.clients, session: 'work' }),
    type: async (p, text, reason) => {
      if (pane.failType) throw new Error('tmux send-keys: no such pane');
      log.push(`${clock.now() - T0} ${reason} ${p} ${text}`);
    },
    press: async (p, key, reason) => void log.push(`${clock.now() - T0} ${reason} ${p} ${key}`),
    escalate: (p, nudges) => void log.push(`${clock.now() - T0} escalate ${p} ${nudges}`),
    saved: (s) => void saved.push(s),
  };
  const wd = new WatchdogScheduler(deps);
  live.push(wd);
  wd.track(PANE, opts.mode ?? 'active', opts.directive ?? null, opts.restored ?? null);
  const show = (state: AgentState, at: number, screen: Screen | null, prompt: DialogScreen | null = null) => {
    pane.screen = screen;
    const s: PaneState = { ...initialPaneState(PANE, 'claude', at), state, since: at, prompt };
    wd.observe(s);
  };
  /** Move the clock to T0 + ms and let the run it triggers finish. */
  const at = async (ms: number) => {
    clock.set(T0 + ms);
    await wd.settled();
  };
  const human = (secondsAgo: number) => {
    pane.clients = [{ tty: '/dev/pts/1', pid: 1, sessionName: 'work', activity: (clock.now() - secondsAgo * S) / 1000, termName: 'xterm' }];
  };
  return { clock, pane, log, saved, wd, show, at, human };
}

let live: WatchdogScheduler[] = [];
afterEach(() => {
  for (const w of live) w.dispose();
  live = [];
});

describe('WatchdogScheduler backoff', () => {
  it('nudges at 300 s, +900 s, +2700 s, then escalates 7200 s later — nothing one ms early', async () => {
    const h = harness();
    h.show('idle', T0, idle());
    const expected = [
      [300 * S, '300000 nudge default|%1 continue'],
      [1_200 * S, '1200000 nudge default|%1 continue'],
      [3_900 * S, '3900000 nudge default|%1 continue'],
      [11_100 * S, '11100000 escalate default|%1 3'],
    ] as const;
    for (const [due, line] of expected) {
      await h.at(due - 1);
      expect(h.log).not.toContain(line);
      await h.at(due);
      expect(h.log.at(-1)).toBe(line);
    }
    expect(h.log).toHaveLength(4);
    expect(h.clock.pending).toBe(0);
  });

  it('arms exactly one timer, however many panes wait', async () => {
    const h = harness();
    h.show('idle', T0, idle());
    for (let i = 2; i <= 5; i++) h.wd.track(`default|%${i}`, 'active', null);
    h.wd.observe({ ...initialPaneState('default|%2', 'claude', T0), state: 'idle', since: T0 + 10 * S });
    expect(h.clock.pending).toBe(1);
  });

  it('sets no timer for a paused pane', () => {
    const h = harness({ mode: 'paused' });
    h.show('idle', T0, idle());
    expect(h.clock.pending).toBe(0);
  });

  it('task-only types the recorded directive', async () => {
    const h = harness({ mode: 'task-only', directive: 'finish issue 7' });
    h.show('idle', T0, idle());
    await h.at(300 * S);
    expect(h.log).toEqual(['300000 nudge default|%1 finish issue 7']);
  });

  it('going back to work resets the backoff', async () => {
    const h = harness();
    h.show('idle', T0, idle());
    await h.at(300 * S);
    h.show('working', T0 + 301 * S, working());
    h.show('idle', T0 + 400 * S, idle());
    await h.at(700 * S - 1);
    expect(h.log).toHaveLength(1);
    await h.at(700 * S);
    expect(h.log.at(-1)).toBe('700000 nudge default|%1 continue');
  });

  it('resumes at the right time after a restart in the middle of a backoff', async () => {
    const first = harness();
    first.show('idle', T0, idle());
    await first.at(300 * S);
    const persisted = JSON.parse(JSON.stringify(first.saved.at(-1))) as WatchdogState;
    first.wd.dispose();
    expect(first.clock.pending).toBe(0);

    const second = harness({ start: T0 + 700 * S, restored: persisted });
    second.show('idle', T0, idle());
    await second.at(1_200 * S - 1);
    expect(second.log).toEqual([]);
    await second.at(1_200 * S);
    expect(second.log).toEqual(['1200000 nudge default|%1 continue']);
  });

  it('after a long downtime nudges once at restart, not once per missed slot', async () => {
    const persisted: WatchdogState = {
      paneKey: PANE,
      idleSince: T0,
      activeSince: null,
      nudgesSent: 1,
      lastNudgeAt: T0 + 300 * S,
      escalated: false,
    };
    const h = harness({ start: T0 + 3_000 * S, restored: persisted });
    h.show('idle', T0, idle());
    await h.at(3_000 * S);
    expect(h.log).toEqual(['3000000 nudge default|%1 continue']);
    await h.at(5_700 * S - 1);
    expect(h.log).toHaveLength(1);
    await h.at(5_700 * S);
    expect(h.log).toHaveLength(2);
  });
});

describe('WatchdogScheduler gates', () => {
  it('never types into a permission prompt on screen, even if the state still says idle', async () => {
    const h = harness();
    h.show('idle', T0, idle());
    h.pane.screen = bashPrompt();
    await h.at(300 * S);
    await h.at(10_000 * S);
    expect(h.log.filter((l) => l.includes('nudge'))).toEqual([]);
  });

  it('waits while a human is active, then nudges when the window ends', async () => {
    const h = harness();
    h.show('idle', T0, idle());
    await h.at(300 * S - 30 * S);
    h.human(0);
    await h.at(300 * S);
    expect(h.log).toEqual([]);
    await h.at(390 * S - 1);
    expect(h.log).toEqual([]);
    await h.at(390 * S);
    expect(h.log).toEqual(['390000 nudge default|%1 continue']);
  });

  it('waits while a draft is typed in the input line', async () => {
    const h = harness();
    h.show('idle', T0, idle('half a message'));
    await h.at(300 * S);
    expect(h.log).toEqual([]);
    h.pane.screen = idle();
    await h.at(360 * S);
    expect(h.log).toEqual(['360000 nudge default|%1 continue']);
  });

  it('does not retry at once when typing fails', async () => {
    const h = harness();
    h.show('idle', T0, idle());
    h.pane.failType = true;
    await h.at(300 * S);
    expect(h.clock.pending).toBe(1);
    h.pane.failType = false;
    await h.at(360 * S - 1);
    expect(h.log).toEqual([]);
    await h.at(360 * S);
    expect(h.log).toEqual(['360000 nudge default|%1 continue']);
  });
});

describe('WatchdogScheduler wake-up', () => {
  it('bypasses the human gate', async () => {
    const h = harness({ mode: 'paused' });
    h.human(0);
    expect(await h.wd.wake(PANE, 'do task 7')).toEqual({ kind: 'type', text: 'do task 7', erasedDraft: null });
    expect(h.log).toEqual(['0 wake default|%1 do task 7']);
  });

  it('never types at a permission prompt', async () => {
    const h = harness();
    h.pane.screen = bashPrompt();
    expect(await h.wd.wake(PANE, 'do task 7')).toEqual({ kind: 'refuse', why: 'not-at-input' });
    expect(h.log).toEqual([]);
  });
});

describe('WatchdogScheduler dialog dismissal', () => {
  it('dismisses a catalog dialog once with its key', async () => {
    const h = harness({ mode: 'paused' });
    h.show('dialog', T0 + 5 * S, overlay, overlay);
    await h.at(5 * S);
    expect(h.log).toEqual(['5000 dismiss default|%1 Escape']);
    await h.at(1_000 * S);
    expect(h.log).toHaveLength(1);
  });

  it('never touches a dialog outside the catalog', async () => {
    const h = harness();
    h.show('dialog', T0, askDialog(), askDialog());
    await h.at(10_000 * S);
    expect(h.log).toEqual([]);
    expect(h.clock.pending).toBe(0);
  });

  it('waits for the human to be gone before dismissing', async () => {
    const h = harness({ mode: 'paused' });
    h.human(0);
    h.show('dialog', T0, overlay, overlay);
    await h.at(0);
    expect(h.log).toEqual([]);
    await h.at(120 * S);
    expect(h.log).toEqual(['120000 dismiss default|%1 Escape']);
  });
});

describe('WatchdogScheduler dispose', () => {
  it('leaves no timer and types nothing afterwards', async () => {
    const h = harness();
    h.show('idle', T0, idle());
    expect(h.clock.pending).toBe(1);
    h.wd.dispose();
    expect(h.clock.pending).toBe(0);
    await h.at(100_000 * S);
    expect(h.log).toEqual([]);
  });
});
