import { describe, expect, it } from 'vitest';
import { attentionFor, DEFAULT_POLICY, type AttentionChange, type PanePolicy } from '../../../main/engine/sessions/attention.ts';
import { reasonText, withId, type AttentionItem } from '../../../main/engine/sessions/attention-item.ts';
import type { PaneState } from '../../../main/engine/sessions/pane-state.ts';
import { fingerprintOf } from '../../../main/engine/runtimes/common/fingerprint.ts';
import { askDialog, bashPrompt, f, fresh, idle, run, unknownScreen, working } from './builders.ts';

const NOW = 100_000;
const states = {
  starting: () => fresh(),
  working: () => run([f.screen(1_000, working(), 1)]),
  permission: (subject = 'rm -rf build') => run([f.screen(1_000, bashPrompt(subject))]),
  hookPermission: (subject = 'rm -rf build') => run([f.permissionHook(1_000, 'Bash', subject)]),
  dialog: () => run([f.screen(1_000, askDialog())]),
  idle: () => run([f.screen(1_000, idle())]),
  unknownQuiet: () => run([f.screen(1_000, unknownScreen())]),
  unknownLook: () => run([f.unexplained(31_000, 30_000, ['?? new prompt'])]),
  gone: () => run([f.screen(1_000, bashPrompt()), f.gone(2_000)]),
};

/** The item that `attentionFor` opens for a state, stored under id "i1". */
function openedFor(s: PaneState, policy: PanePolicy = DEFAULT_POLICY): AttentionItem {
  const change = attentionFor(s, null, policy, NOW);
  if (change.kind !== 'open') throw new Error(`expected open, got ${change.kind}`);
  return withId(change.draft, 'i1');
}

const kindOf = (c: AttentionChange) => c.kind;

describe('attentionFor without an open item', () => {
  it.each([
    ['starting', states.starting(), 'none'],
    ['working', states.working(), 'none'],
    ['permission', states.permission(), 'open'],
    ['hook-only permission', states.hookPermission(), 'open'],
    ['dialog', states.dialog(), 'open'],
    ['unknown, not yet unexplained for 30 s', states.unknownQuiet(), 'none'],
    ['unknown, needs a look', states.unknownLook(), 'open'],
    ['idle', states.idle(), 'open'],
    ['gone', states.gone(), 'none'],
  ] as const)('%s -> %s', (_name, s, expected) => {
    expect(kindOf(attentionFor(s, null, DEFAULT_POLICY, NOW))).toBe(expected);
  });

  it('opens a permission item with the prompt, detected when the state began, at the first notice', () => {
    const item = openedFor(states.permission());
    expect(item).toMatchObject({
      reason: 'permission',
      firstSeen: 1_000,
      queueOrder: 1_000,
      reminderStep: 0,
      stuck: false,
      skipCooldownUntil: null,
      snoozedUntil: null,
    });
    expect(item.fingerprint).toBe(fingerprintOf(bashPrompt()));
    expect(item.prompt).toEqual(bashPrompt());
  });

  it('opens an unknown item carrying the tail', () => {
    expect(openedFor(states.unknownLook())).toMatchObject({ reason: 'unknown', tail: ['?? new prompt'] });
  });

  it('opens no idle item when the watchdog handles idle for this pane', () => {
    expect(attentionFor(states.idle(), null, { ...DEFAULT_POLICY, watchdogHandlesIdle: true }, NOW).kind).toBe('none');
  });

  it('opens "idle after 3 nudges" once the watchdog escalates, with its own cadence starting now', () => {
    const item = openedFor(states.idle(), { muted: false, watchdogHandlesIdle: true, escalatedAfterNudges: 3 });
    expect(item).toMatchObject({ reason: 'idle-after-nudges', nudges: 3, firstSeen: NOW });
    expect(reasonText(item.reason, item.nudges)).toBe('idle after 3 nudges');
  });

  it('opens nothing for a muted pane, whatever it shows', () => {
    for (const s of [states.permission(), states.dialog(), states.idle(), states.unknownLook()]) {
      expect(attentionFor(s, null, { ...DEFAULT_POLICY, muted: true }, NOW).kind).toBe('none');
    }
  });
});

describe('attentionFor with an open item', () => {
  it('keeps the item while the same prompt shows', () => {
    const item = openedFor(states.permission());
    expect(attentionFor(states.permission(), item, DEFAULT_POLICY, NOW)).toEqual({ kind: 'keep', id: 'i1' });
  });

  it('updates (same id, same place) when only the tail changed', () => {
    const item = openedFor(states.permission());
    const s = run([f.screen(1_000, bashPrompt(), 2, ['new tail'])]);
    const change = attentionFor(s, item, DEFAULT_POLICY, NOW);
    expect(change).toEqual({ kind: 'update', item: { ...item, tail: ['new tail'] } });
  });

  it('replaces the item when the prompt changed: the old one was answered in the pane', () => {
    const item = openedFor(states.permission());
    const change = attentionFor(states.permission('touch x'), item, DEFAULT_POLICY, NOW);
    expect(change.kind).toBe('replace');
    if (change.kind !== 'replace') return;
    expect([change.id, change.resolution, change.draft.fingerprint]).toEqual([
      'i1',
      'answered-in-pane',
      fingerprintOf(bashPrompt('touch x')),
    ]);
  });

  it('upgrades a hook-only item with the pane parse, keeping its id and first detection', () => {
    const item = openedFor(states.hookPermission());
    const s = run([f.permissionHook(1_000), f.screen(1_500, bashPrompt())]);
    const change = attentionFor(s, item, DEFAULT_POLICY, NOW);
    expect(change.kind).toBe('update');
    if (change.kind !== 'update') return;
    expect([change.item.id, change.item.firstSeen, change.item.fingerprint]).toEqual(['i1', 1_000, fingerprintOf(bashPrompt())]);
  });

  it('replaces a hook-only item when a hook asks for something else', () => {
    const item = openedFor(states.hookPermission('ls'));
    expect(attentionFor(states.hookPermission('rm -rf /'), item, DEFAULT_POLICY, NOW).kind).toBe('replace');
  });

  it.each([
    ['permission', () => openedFor(states.permission()), states.working(), 'resolve', 'answered-in-pane'],
    ['permission', () => openedFor(states.permission()), states.idle(), 'replace', 'answered-in-pane'],
    ['permission', () => openedFor(states.permission()), states.dialog(), 'replace', 'answered-in-pane'],
    ['permission', () => openedFor(states.permission()), states.gone(), 'resolve', 'gone'],
    ['dialog', () => openedFor(states.dialog()), states.working(), 'resolve', 'answered-in-pane'],
    ['unknown', () => openedFor(states.unknownLook()), states.idle(), 'replace', 'recovered'],
    ['unknown', () => openedFor(states.unknownLook()), states.working(), 'resolve', 'recovered'],
    ['unknown', () => openedFor(states.unknownLook()), states.gone(), 'resolve', 'gone'],
    ['idle', () => openedFor(states.idle()), states.working(), 'resolve', 'answered-in-pane'],
    ['idle', () => openedFor(states.idle()), states.permission(), 'replace', 'answered-in-pane'],
    ['idle', () => openedFor(states.idle()), states.gone(), 'resolve', 'gone'],
  ] as const)('%s item, pane now %#: %s as %s', (_r, item, s, kind, resolution) => {
    const change = attentionFor(s, item(), DEFAULT_POLICY, NOW);
    expect(change.kind).toBe(kind);
    expect(change.kind === 'resolve' || change.kind === 'replace' ? change.resolution : null).toBe(resolution);
  });

  it('dismisses the item when the pane gets muted', () => {
    const change = attentionFor(states.permission(), openedFor(states.permission()), { ...DEFAULT_POLICY, muted: true }, NOW);
    expect(change).toEqual({ kind: 'resolve', id: 'i1', resolution: 'dismissed' });
  });

  it('dismisses an idle item handed over to the watchdog', () => {
    const change = attentionFor(states.idle(), openedFor(states.idle()), { ...DEFAULT_POLICY, watchdogHandlesIdle: true }, NOW);
    expect(change).toEqual({ kind: 'resolve', id: 'i1', resolution: 'dismissed' });
  });

  it('turns an open idle item into "idle after 3 nudges" in place', () => {
    const item = openedFor(states.idle());
    const change = attentionFor(states.idle(), item, { ...DEFAULT_POLICY, escalatedAfterNudges: 3 }, NOW);
    expect(change).toEqual({ kind: 'update', item: { ...item, reason: 'idle-after-nudges', nudges: 3 } });
  });

  it('a gone pane resolves as gone, never as stuck', () => {
    const item = { ...openedFor(states.permission()), stuck: true };
    expect(attentionFor(states.gone(), item, DEFAULT_POLICY, NOW)).toEqual({ kind: 'resolve', id: 'i1', resolution: 'gone' });
  });
});

describe('an overlay the user opened', () => {
  const overlay = () => run([f.screen(1_000, { ...askDialog('Select model'), dialogId: 'claude.model-picker', openedByUser: true })]);

  it('is a dialog state but opens no item: the user is at the pane', () => {
    const s = overlay();
    expect(s.state).toBe('dialog');
    expect(attentionFor(s, null, DEFAULT_POLICY, NOW).kind).toBe('none');
  });

  it('resolves the item of the prompt it covers (the user went to the pane)', () => {
    const item = openedFor(states.dialog());
    expect(attentionFor(overlay(), item, DEFAULT_POLICY, NOW).kind).toBe('resolve');
  });
});
