import { describe, expect, it } from 'vitest';
import {
  afterEscalation,
  afterNudge,
  escalatedAfter,
  initialWatchdogState,
  nextNudgeAt,
  observeAgentState,
  waitBefore,
  type WatchdogState,
} from '../../../main/engine/watchdog/backoff.ts';
import { DEFAULT_WATCHDOG_CONFIG as CFG } from '../../../main/engine/watchdog/config.ts';

const S = 1_000;
const T0 = 1_700_000_000_000;
const idleAt = (t: number): WatchdogState => observeAgentState(initialWatchdogState('default|%1'), 'idle', t, CFG);

describe('waitBefore', () => {
  it.each([
    [0, 300 * S],
    [1, 900 * S],
    [2, 2_700 * S],
    [3, 7_200 * S],
    [9, 7_200 * S],
  ])('nudge #%i waits %i ms (×3, capped at 2 h)', (index, ms) => {
    expect(waitBefore(index, CFG)).toBe(ms);
  });

  it('extends a configured list by the factor', () => {
    expect(waitBefore(2, { ...CFG, backoffMs: [10 * S, 20 * S], factor: 2, capMs: 1_000 * S })).toBe(40 * S);
  });

  it('uses the cap when no list is configured', () => {
    expect(waitBefore(0, { ...CFG, backoffMs: [] })).toBe(CFG.capMs);
  });
});

describe('nextNudgeAt', () => {
  it('plans nothing while not idle', () => {
    expect(nextNudgeAt(initialWatchdogState('p'), CFG)).toEqual({ kind: 'none' });
  });

  it('first nudge 300 s after idleness began', () => {
    expect(nextNudgeAt(idleAt(T0), CFG)).toEqual({ kind: 'nudge', at: T0 + 300 * S, attempt: 1 });
  });

  it('each further nudge waits ×3 from the previous one: 900 s, then 2700 s', () => {
    const one = afterNudge(idleAt(T0), T0 + 300 * S);
    expect(nextNudgeAt(one, CFG)).toEqual({ kind: 'nudge', at: T0 + 1_200 * S, attempt: 2 });
    const two = afterNudge(one, T0 + 1_200 * S);
    expect(nextNudgeAt(two, CFG)).toEqual({ kind: 'nudge', at: T0 + 3_900 * S, attempt: 3 });
  });

  it('after 3 nudges it escalates one (capped) wait later instead of nudging', () => {
    const three = afterNudge(afterNudge(afterNudge(idleAt(T0), T0 + 300 * S), T0 + 1_200 * S), T0 + 3_900 * S);
    expect(nextNudgeAt(three, CFG)).toEqual({ kind: 'escalate', at: T0 + 3_900 * S + 7_200 * S });
  });

  it('plans nothing once escalated', () => {
    const escalated = afterEscalation(afterNudge(idleAt(T0), T0 + 300 * S));
    expect(nextNudgeAt(escalated, CFG)).toEqual({ kind: 'none' });
    expect(escalatedAfter(escalated)).toBe(1);
  });

  it('a restored state (JSON from the store) plans the same time', () => {
    const mid = afterNudge(idleAt(T0), T0 + 300 * S);
    expect(nextNudgeAt(JSON.parse(JSON.stringify(mid)) as WatchdogState, CFG)).toEqual(nextNudgeAt(mid, CFG));
  });
});

describe('observeAgentState', () => {
  it('starts the idle spell once; a repeated idle keeps its start', () => {
    expect(observeAgentState(idleAt(T0), 'idle', T0 + 50 * S, CFG).idleSince).toBe(T0);
  });

  it('getting back to work resets the count and the escalation', () => {
    const nudged = afterEscalation(afterNudge(idleAt(T0), T0 + 300 * S));
    const working = observeAgentState(nudged, 'working', T0 + 500 * S, CFG);
    const idleAgain = observeAgentState(working, 'idle', T0 + 500 * S + CFG.workResetMs, CFG);
    expect(idleAgain).toMatchObject({ nudgesSent: 0, lastNudgeAt: null, escalated: false, idleSince: T0 + 500 * S + CFG.workResetMs });
  });

  it('a blip of work shorter than workResetMs (an instant error) does not reset the count', () => {
    const nudged = afterNudge(idleAt(T0), T0 + 300 * S);
    const blip = observeAgentState(nudged, 'working', T0 + 301 * S, CFG);
    const idleAgain = observeAgentState(blip, 'idle', T0 + 301 * S + CFG.workResetMs - 1, CFG);
    expect(idleAgain.nudgesSent).toBe(1);
    expect(nextNudgeAt(idleAgain, CFG)).toEqual({ kind: 'nudge', at: T0 + 1_200 * S, attempt: 2 });
  });

  it('a permission prompt counts as work', () => {
    const nudged = afterNudge(idleAt(T0), T0 + 300 * S);
    const asked = observeAgentState(nudged, 'permission', T0 + 310 * S, CFG);
    expect(observeAgentState(asked, 'idle', T0 + 400 * S, CFG).nudgesSent).toBe(0);
  });

  it('an unknown screen ends the idle spell but keeps the count', () => {
    const s = observeAgentState(afterNudge(idleAt(T0), T0 + 300 * S), 'unknown', T0 + 310 * S, CFG);
    expect([s.idleSince, s.nudgesSent]).toEqual([null, 1]);
    expect(nextNudgeAt(s, CFG)).toEqual({ kind: 'none' });
  });

  it('a gone pane forgets everything', () => {
    expect(observeAgentState(afterNudge(idleAt(T0), T0 + 300 * S), 'gone', T0 + 310 * S, CFG)).toEqual(initialWatchdogState('default|%1'));
  });
});
