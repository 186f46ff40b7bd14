import { describe, expect, it } from 'vitest';
import { reduce, settle, settleAt } from '../../../main/engine/sessions/state-machine.ts';
import { fingerprintOf } from '../../../main/engine/runtimes/common/fingerprint.ts';
import { DEFAULT_STATE_MACHINE_CONFIG } from '../../../main/engine/sessions/pane-state.ts';
import { askDialog, bashPrompt, f, fresh, idle, run, unknownScreen, working } from './builders.ts';

const idleAt = (t: number) => run([f.screen(t, idle())]);
const permissionFromPane = (t: number) => run([f.screen(t, bashPrompt())]);

describe('state machine rule table', () => {
  it('starts as starting, from the pane, with no evidence', () => {
    const s = fresh();
    expect([s.state, s.source, s.screen]).toEqual(['starting', 'pane', null]);
  });

  it('R1: a gone pane ignores everything but pane-seen', () => {
    const gone = run([f.screen(1_000, idle()), f.gone(2_000)]);
    for (const fact of [
      f.screen(3_000, bashPrompt()),
      f.permissionHook(3_000),
      f.unexplained(3_000),
      f.status(3_000, 'busy'),
      f.transcript(3_000, 'user-prompt'),
      f.gone(3_000),
    ]) {
      const r = reduce(gone, fact);
      expect(r.changed).toBe(false);
      expect(r.state).toEqual(gone);
    }
  });

  it('R2: pane-seen after gone starts afresh', () => {
    const s = run([f.screen(1_000, idle()), f.gone(2_000), f.seen(5_000, 200)]);
    expect([s.state, s.since, s.pid, s.goneReason]).toEqual(['starting', 5_000, 200, null]);
  });

  it('R2: pane-seen with another pid starts afresh (the agent was relaunched)', () => {
    const s = run([f.screen(1_000, bashPrompt()), f.seen(5_000, 999)]);
    expect([s.state, s.prompt, s.pid]).toEqual(['starting', null, 999]);
  });

  it('R3: pane-seen with the same pid keeps the state', () => {
    const before = permissionFromPane(1_000);
    const r = reduce(before, f.seen(5_000, 100));
    expect(r.state.state).toBe('permission');
    expect(r.changed).toBe(false);
  });

  it('R4: pane-gone makes gone with its reason, from any state', () => {
    for (const start of [fresh(), idleAt(1_000), permissionFromPane(1_000), run([f.permissionHook(1_000)])]) {
      const r = reduce(start, f.gone(9_000, 'pane-closed'));
      expect([r.state.state, r.state.goneReason, r.state.since, r.changed]).toEqual(['gone', 'pane-closed', 9_000, true]);
    }
  });

  it('R5: a working screen is taken at once, even seen once', () => {
    const r = reduce(idleAt(1_000), f.screen(5_000, working(), 1));
    expect([r.state.state, r.state.source, r.state.since]).toEqual(['working', 'pane', 5_000]);
  });

  it('R6: a stable permission screen makes permission with the parsed prompt and its fingerprint', () => {
    const s = permissionFromPane(3_000);
    expect([s.state, s.source, s.since]).toEqual(['permission', 'pane', 3_000]);
    expect(s.prompt).toEqual(bashPrompt());
    expect(s.fingerprint).toBe(fingerprintOf(bashPrompt()));
  });

  it('R6: a stable dialog screen makes dialog', () => {
    const s = run([f.screen(3_000, askDialog())]);
    expect([s.state, s.fingerprint]).toEqual(['dialog', fingerprintOf(askDialog())]);
  });

  it('R6: a prompt on screen wins over a stop hook claim at once', () => {
    const s = run([f.stopHook(10_000), f.screen(10_500, bashPrompt())]);
    expect([s.state, s.source]).toEqual(['permission', 'pane']);
  });

  it('R6: a prompt seen once (not yet stable) is no fact', () => {
    const r = reduce(idleAt(1_000), f.screen(5_000, bashPrompt(), 1));
    expect(r.state.state).toBe('idle');
    expect(r.changed).toBe(false);
  });

  it('R7: a stable idle screen makes idle', () => {
    expect(idleAt(4_000).state).toBe('idle');
  });

  it('R7: an idle screen overrules a working hook once the grace period is over', () => {
    const s = run([f.workingHook(10_000), f.screen(12_000, idle())]);
    expect([s.state, s.source]).toEqual(['idle', 'pane']);
  });

  it('R7: a status hint that sides with the pane lets an idle screen win inside the grace period', () => {
    const s = run([f.workingHook(10_000), f.status(10_200, 'idle'), f.screen(10_500, idle())]);
    expect([s.state, s.source]).toEqual(['idle', 'pane']);
  });

  it('R8: an idle screen inside the grace period of a permission hook is held, not taken', () => {
    const r = reduce(run([f.permissionHook(10_000)]), f.screen(11_000, idle()));
    expect([r.state.state, r.state.source, r.state.screen?.kind]).toEqual(['permission', 'hook', 'idle']);
    expect(r.changed).toBe(false);
  });

  it('R8: a working screen captured before a permission hook does not undo it', () => {
    const s = run([f.permissionHook(10_000), f.screen(9_900, working(), 1)]);
    expect(s.state).toBe('permission');
  });

  it('R8: a prompt captured before a hook claim is held until the grace period ends', () => {
    const s = run([f.workingHook(10_000), f.screen(9_500, bashPrompt())]);
    expect(s.state).toBe('working');
    expect(settleAt(s)).toBe(10_000 + 2_000);
  });

  it('R9: a stable unknown screen after a pane prompt makes unknown without needsLook', () => {
    const s = run([f.screen(1_000, bashPrompt()), f.screen(5_000, unknownScreen())]);
    expect([s.state, s.needsLook, s.prompt]).toEqual(['unknown', false, null]);
  });

  it('R10: an unknown screen never contradicts a hook permission claim', () => {
    const s = run([f.permissionHook(10_000), f.screen(11_000, unknownScreen())]);
    const settled = settle(s, 60_000).state;
    expect([settled.state, settled.source]).toEqual(['permission', 'hook']);
  });

  it('R11: an unstable capture is recorded but stops counting as evidence', () => {
    const s = run([f.screen(1_000, idle()), f.permissionHook(10_000), f.screen(10_500, bashPrompt(), 1)]);
    expect([s.state, s.screenStable, s.screenAt, s.lastStableAt]).toEqual(['permission', false, 10_500, 1_000]);
    expect(settle(s, 20_000).state.state).toBe('permission');
  });

  it('R12: unexplained during a hook permission claim keeps it and flags needsLook', () => {
    const s = run([f.permissionHook(10_000), f.unexplained(40_010, 30_000, ['weird'])]);
    expect([s.state, s.source, s.needsLook, s.tail]).toEqual(['permission', 'hook', true, ['weird']]);
    expect(s.hookRequest).toEqual({ tool: 'Bash', subject: 'rm -rf build' });
  });

  it('R13: unexplained for 30 s makes unknown with the tail (fail visible)', () => {
    const s = run([f.screen(1_000, working(), 1), f.unexplained(31_000, 30_000, ['Allow frobnication? [y/N]'])]);
    expect([s.state, s.needsLook, s.tail, s.since]).toEqual(['unknown', true, ['Allow frobnication? [y/N]'], 31_000]);
  });

  it('R13: unexplained also overrules a stop hook (a new idle shape must show up)', () => {
    const s = run([f.stopHook(1_000), f.unexplained(40_000)]);
    expect([s.state, s.needsLook]).toEqual(['unknown', true]);
  });

  it('R13: a changed but still unrecognised screen keeps needsLook', () => {
    const s = run([f.unexplained(31_000), f.screen(32_000, unknownScreen())]);
    expect([s.state, s.needsLook]).toEqual(['unknown', true]);
  });

  it('R14: unexplained below the threshold changes nothing (a quiet pane proves nothing)', () => {
    const r = reduce(run([f.workingHook(1_000)]), f.unexplained(29_000, 29_999));
    expect([r.state.state, r.changed]).toEqual(['working', false]);
  });

  it('R15: a permission hook does not replace a prompt the pane shows', () => {
    const before = permissionFromPane(1_000);
    const r = reduce(before, f.permissionHook(2_000, 'Bash', 'something else'));
    expect([r.state.source, r.state.fingerprint, r.changed]).toEqual(['pane', before.fingerprint, false]);
  });

  it('R16: a permission hook makes permission at once with tool and subject, no keys', () => {
    const s = run([f.screen(1_000, working(), 1), f.permissionHook(10_000, 'Bash', 'rm -rf build')]);
    expect([s.state, s.source, s.since, s.prompt, s.fingerprint]).toEqual(['permission', 'hook', 10_000, null, null]);
    expect(s.hookRequest).toEqual({ tool: 'Bash', subject: 'rm -rf build' });
  });

  it('R16: AskUserQuestion asks a question: dialog, not permission', () => {
    expect(run([f.permissionHook(10_000, 'AskUserQuestion', 'Which color?')]).state).toBe('dialog');
  });

  it('R16: the pane then confirms the hook and adds the parsed prompt', () => {
    const s = run([f.permissionHook(10_000), f.screen(11_000, bashPrompt())]);
    expect([s.state, s.source, s.since, s.fingerprint]).toEqual(['permission', 'pane', 10_000, fingerprintOf(bashPrompt())]);
    expect(s.hookRequest).toBeNull();
  });

  it('R17: a stop hook does not talk away a prompt the pane shows', () => {
    const r = reduce(permissionFromPane(1_000), f.stopHook(5_000));
    expect([r.state.state, r.changed]).toEqual(['permission', false]);
  });

  it('R18: a stop hook makes idle', () => {
    const s = run([f.screen(1_000, working(), 1), f.stopHook(5_000)]);
    expect([s.state, s.source]).toEqual(['idle', 'hook']);
  });

  it('R18: a stop hook ends a hook-only permission claim', () => {
    expect(run([f.permissionHook(1_000), f.stopHook(5_000)]).state).toBe('idle');
  });

  it('R19: a working hook does not talk away a prompt the pane shows', () => {
    expect(reduce(permissionFromPane(1_000), f.workingHook(5_000)).state.state).toBe('permission');
  });

  it('R20: a working hook makes working', () => {
    const s = run([f.permissionHook(1_000), f.workingHook(5_000)]);
    expect([s.state, s.source, s.hookRequest]).toEqual(['working', 'hook', null]);
  });

  it('R21: notification and session hooks change nothing but the last hook time', () => {
    for (const signal of [
      { kind: 'notification', notificationType: 'permission_prompt', message: 'Claude needs your permission' },
      { kind: 'session-start', source: 'startup' },
      { kind: 'session-end', reason: 'clear' },
    ] as const) {
      const r = reduce(idleAt(1_000), f.hook(5_000, signal));
      expect([r.state.state, r.state.lastHookAt, r.changed]).toEqual(['idle', 5_000, false]);
    }
  });

  it('R22: a hook older than the last one is dropped', () => {
    const before = run([f.permissionHook(10_000)]);
    const r = reduce(before, f.workingHook(9_000));
    expect([r.state.state, r.changed]).toEqual(['permission', false]);
  });

  it('R23: a status hint alone never creates a permission', () => {
    for (const start of [idleAt(1_000), run([f.screen(1_000, working(), 1)]), fresh()]) {
      const r = reduce(start, f.status(5_000, 'waiting-permission'));
      expect(r.state.state).toBe(start.state);
      expect(r.state.statusHint).toBe('waiting-permission');
      expect(r.changed).toBe(false);
    }
  });

  it('R24: a status hint that sides with the pane ends a dispute at once', () => {
    const disputed = run([f.permissionHook(10_000), f.screen(10_500, idle())]);
    expect(disputed.state).toBe('permission');
    const s = reduce(disputed, f.status(11_000, 'idle')).state;
    expect([s.state, s.source]).toEqual(['idle', 'pane']);
  });

  it('R24: a status hint that sides with the hook changes nothing', () => {
    const disputed = run([f.permissionHook(10_000), f.screen(10_500, idle())]);
    expect(reduce(disputed, f.status(11_000, 'waiting-permission')).state.state).toBe('permission');
  });

  it('R25: transcript tool-answered ends a hook-only permission', () => {
    const s = run([f.permissionHook(1_000), f.transcript(10_000, 'tool-answered')]);
    expect([s.state, s.source]).toEqual(['working', 'transcript']);
  });

  it('R25: transcript tool-answered does not end a prompt the pane shows', () => {
    expect(run([f.transcript(10_000, 'tool-answered')], permissionFromPane(1_000)).state).toBe('permission');
  });

  it('R26: transcript turn-ended makes idle unless the pane shows a prompt', () => {
    expect(run([f.screen(1_000, working(), 1), f.transcript(10_000, 'turn-ended')]).state).toBe('idle');
    expect(run([f.transcript(10_000, 'turn-ended')], permissionFromPane(1_000)).state).toBe('permission');
  });

  it('R27: transcript user-prompt makes working', () => {
    expect(run([f.transcript(10_000, 'user-prompt')], idleAt(1_000)).state).toBe('working');
  });

  it('R28: transcript tool-pending never creates a permission', () => {
    const r = reduce(idleAt(1_000), f.transcript(10_000, 'tool-pending'));
    expect([r.state.state, r.changed]).toEqual(['idle', false]);
  });

  it('R29: a transcript fact right after a hook is ignored', () => {
    const s = run([f.permissionHook(10_000), f.transcript(11_000, 'tool-answered')]);
    expect(s.state).toBe('permission');
  });

  it('R30: a pane that stays idle after a permission hook wins once the grace period is over (Esc fires no Stop)', () => {
    const disputed = run([f.permissionHook(10_000), f.screen(10_500, idle())]);
    expect(settle(disputed, 11_999).state.state).toBe('permission');
    const r = settle(disputed, 12_000);
    expect([r.state.state, r.state.source, r.state.since, r.changed]).toEqual(['idle', 'pane', 12_000, true]);
  });

  it('R30: any later fact also settles a stale claim', () => {
    const disputed = run([f.permissionHook(10_000), f.screen(10_500, idle())]);
    const s = reduce(disputed, f.status(15_000, 'waiting-other')).state;
    expect(s.state).toBe('idle');
  });

  it('R30: settleAt names the moment the pane will win, and null without a dispute', () => {
    expect(settleAt(run([f.permissionHook(10_000), f.screen(10_500, idle())]))).toBe(12_000);
    expect(settleAt(run([f.permissionHook(10_000)]))).toBeNull();
    expect(settleAt(permissionFromPane(1_000))).toBeNull();
  });
});

describe('R31: a hook-born prompt waits for its pane while the agent runs its hooks', () => {
  const HOLD = DEFAULT_STATE_MACHINE_CONFIG.hookHoldMs;
  const held = () => run([f.screen(9_000, working(), 1), f.permissionHook(10_000), f.screen(10_500, working(), 1)]);

  it('a working pane does not overrule a permission hook after the grace period, only after the hook hold', () => {
    const s = held();
    expect([s.state, s.source]).toEqual(['permission', 'hook']);
    expect(settle(s, 15_000).state.state).toBe('permission');
    expect(reduce(s, f.screen(14_000, working(), 1)).state).toMatchObject({ state: 'permission', source: 'hook' });
    expect(settleAt(s)).toBe(10_000 + HOLD);
    expect(settle(s, 10_000 + HOLD - 1).state.state).toBe('permission');
    expect(settle(s, 10_000 + HOLD).state).toMatchObject({ state: 'working', source: 'pane' });
  });

  it('a dialog hook (AskUserQuestion) waits the same way', () => {
    const s = run([f.permissionHook(10_000, 'AskUserQuestion', 'Which color?'), f.screen(10_500, working(), 1)]);
    expect(settle(s, 20_000).state).toMatchObject({ state: 'dialog', source: 'hook' });
  });

  it('a status hint saying busy does not end the hold (the status may say busy while hooks run)', () => {
    const s = reduce(held(), f.status(11_000, 'busy')).state;
    expect([s.state, s.source]).toEqual(['permission', 'hook']);
  });

  it('the prompt drawn 4 s after the hook is taken from the pane, with its fingerprint', () => {
    const s = run([f.screen(14_000, bashPrompt())], held());
    expect([s.state, s.source, s.fingerprint]).toEqual(['permission', 'pane', fingerprintOf(bashPrompt())]);
  });

  it('the request that ended still clears: PostToolUse, Stop, or an idle pane after the grace period', () => {
    expect(run([f.workingHook(14_000)], held())).toMatchObject({ state: 'working', hookRequest: null });
    expect(run([f.stopHook(14_000)], held())).toMatchObject({ state: 'idle', source: 'hook' });
    expect(run([f.screen(13_000, idle())], held())).toMatchObject({ state: 'idle', source: 'pane' });
    const early = run([f.screen(11_000, idle())], held());
    expect(early.state).toBe('permission');
    expect(settle(early, 12_000).state).toMatchObject({ state: 'idle', source: 'pane' });
  });

  it('a working hook claim still gives way to an idle pane after the grace period (the hold is for prompts only)', () => {
    const s = run([f.workingHook(10_000), f.screen(12_000, idle())]);
    expect([s.state, s.source]).toEqual(['idle', 'pane']);
  });
});

describe('state machine scenarios', () => {
  it('deny with Esc in the pane (no Stop hook fires) returns to idle from the pane', () => {
    const s = run([f.permissionHook(10_000), f.screen(11_000, bashPrompt()), f.screen(30_000, idle())]);
    expect([s.state, s.source]).toEqual(['idle', 'pane']);
  });

  it('approve in the pane: working from the pane, then idle after Stop', () => {
    const s = run([f.screen(1_000, bashPrompt()), f.screen(30_000, working(), 1), f.workingHook(30_100), f.stopHook(35_000)]);
    expect(s.state).toBe('idle');
  });

  it('a new prompt with another subject replaces the fingerprint', () => {
    const a = permissionFromPane(1_000);
    const b = reduce(a, f.screen(5_000, bashPrompt('touch x'))).state;
    expect(b.fingerprint).not.toBe(a.fingerprint);
  });

  it('refuses a fact for another pane', () => {
    expect(() => reduce(fresh(), { ...f.stopHook(1_000), pane: 'default|%9' })).toThrow(/default\|%9/);
  });

  it('only the tail changing is not a change', () => {
    const a = idleAt(1_000);
    const r = reduce(a, f.screen(2_000, idle(), 3, ['other tail']));
    expect(r.changed).toBe(false);
    expect(r.state.tail).toEqual(['other tail']);
  });

  it('the state survives a JSON round trip unchanged (the store persists it as is)', () => {
    const s = run([f.permissionHook(10_000), f.screen(11_000, bashPrompt()), f.status(12_000, 'waiting-permission')]);
    expect(JSON.parse(JSON.stringify(s))).toEqual(s);
  });
});
