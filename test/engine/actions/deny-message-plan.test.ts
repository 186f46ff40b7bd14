// Deny with a message, the pure part: which path each runtime's real prompt offers, and Claude's field
// read from the real 2.1.332 captures (marker on No, the field open, the field holding text).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  claudeDenyField,
  COPILOT_FIELD_MAX,
  copilotDenyField,
  planDenyWithMessage,
  sameAsk,
} from '../../../main/engine/actions/deny-message-plan.ts';
import { runtimeById } from '../../../main/engine/runtimes/catalog.ts';
import type { PermissionPrompt, RuntimeId } from '../../../main/engine/runtimes/types.ts';

const PANES = join(import.meta.dirname, '../../fixtures/panes');
const lines = (path: string) => readFileSync(path, 'utf8').replace(/\n$/, '').split('\n');

/** A capture classified by its runtime; it must be a permission prompt. */
function prompt(runtime: RuntimeId, name: string): PermissionPrompt {
  const base = join(PANES, runtime, name);
  const screen = runtimeById(runtime).classify({ lines: lines(`${base}.txt`), ansiLines: lines(`${base}.ansi`) });
  if (screen.kind !== 'permission') throw new Error(`${runtime}/${name} is ${screen.kind}`);
  return screen;
}

describe('planDenyWithMessage on real prompts', () => {
  it('Claude Bash (marker on 1. Yes, "Tab to amend"): Down to 4. No, then Tab', () => {
    expect(planDenyWithMessage(prompt('claude', 'perm-bash'), 'use pnpm')).toEqual({
      kind: 'field',
      denyIndex: 3,
      moves: ['Down', 'Down', 'Down'],
      openKey: 'Tab',
    });
  });

  it('Claude with the marker already on No: Tab at once', () => {
    expect(planDenyWithMessage(prompt('claude', 'v2.1.332/deny-message-marker-on-4'), 'x')).toEqual({
      kind: 'field',
      denyIndex: 3,
      moves: [],
      openKey: 'Tab',
    });
  });

  it('Claude Write (3. No): the field of option 3', () => {
    expect(planDenyWithMessage(prompt('claude', 'perm-write-new-file'), 'x')).toMatchObject({
      kind: 'field',
      denyIndex: 2,
      moves: ['Down', 'Down'],
    });
  });

  it('Claude WebFetch has no amend field: deny with its own key, then the input prompt', () => {
    expect(planDenyWithMessage(prompt('claude', 'perm-webfetch'), 'x')).toEqual({ kind: 'deny-then-input', denyKey: '3' });
  });

  it('Claude, a message with a line break: never into the one-line field, the input prompt instead', () => {
    expect(planDenyWithMessage(prompt('claude', 'perm-bash'), 'one\ntwo')).toEqual({ kind: 'deny-then-input', denyKey: '4' });
  });

  it('Claude with a field already open (low confidence): no field plan, deny by Escape then the input prompt', () => {
    expect(planDenyWithMessage(prompt('claude', 'perm-bash-tab-amend'), 'x')).toEqual({ kind: 'deny-then-input', denyKey: 'Escape' });
  });

  it('Codex exec approval: its "No, and tell Codex…" key, then the composer', () => {
    expect(planDenyWithMessage(prompt('codex', 'approval-exec'), 'x')).toEqual({ kind: 'deny-then-input', denyKey: '3' });
  });

  it('opencode shell approval: Reject (Escape), then the input box', () => {
    expect(planDenyWithMessage(prompt('opencode', 'approval-bash'), 'x')).toEqual({ kind: 'deny-then-input', denyKey: 'Escape' });
  });

  // Gemini CLI 0.61.0 and Qwen Code 0.24.4: "No, suggest changes (esc)" has no field; its digit cancels and the
  // composer comes back (gemini/qwen deny-message-*). Never the digit of a "for this session"/"Always allow" row.
  it.each([
    ['gemini', 'perm-shell', '3'],
    ['gemini', 'perm-edit', '4'],
    ['qwen', 'perm-shell', '4'],
    ['qwen', 'perm-edit', '3'],
  ] as const)('%s %s: the "No, suggest changes" digit (%s), then the input prompt', (runtime, name, key) => {
    const p = prompt(runtime, name);
    expect(p.options.find((o) => o.key === key)?.label).toBe('No, suggest changes (esc)');
    expect(planDenyWithMessage(p, 'x')).toEqual({ kind: 'deny-then-input', denyKey: key });
  });

  // Copilot CLI 1.0.102: "No, and tell Copilot what to do differently" is a field once the marker is on it
  // (copilot deny-message-field-*): Down/Up only, never its digit, and no key opens it.
  it.each([
    ['perm-shell', 1, ['Down']],
    ['perm-shell-after-2', 1, []],
    ['perm-write', 2, ['Down', 'Down']],
    ['perm-edit', 2, ['Down', 'Down']],
  ] as const)('copilot %s: the marker to its message row (%i), which is the field', (name, denyIndex, moves) => {
    expect(planDenyWithMessage(prompt('copilot', name), 'use the staging copy 4 y')).toEqual({
      kind: 'field',
      denyIndex,
      moves,
      openKey: null,
    });
  });

  it('copilot: a message too long for its one-row field, or with a line break: Escape, then the input prompt', () => {
    for (const m of ['x'.repeat(COPILOT_FIELD_MAX + 1), 'one\ntwo'])
      expect(planDenyWithMessage(prompt('copilot', 'perm-shell'), m)).toEqual({ kind: 'deny-then-input', denyKey: 'Escape' });
    expect(planDenyWithMessage(prompt('copilot', 'perm-shell'), 'x'.repeat(COPILOT_FIELD_MAX)).kind).toBe('field');
  });

  it('copilot path prompt ("4. No (Esc)" rejects at once): its digit, then the input prompt', () => {
    expect(planDenyWithMessage(prompt('copilot', 'perm-read'), 'x')).toEqual({ kind: 'deny-then-input', denyKey: '4' });
  });

  it('auggie: refused, naming why (its screen after a denial was never seen to take text)', () => {
    const plan = planDenyWithMessage(prompt('auggie', 'approval-shell'), 'x');
    expect(plan.kind).toBe('refuse');
    expect(plan).toMatchObject({ reason: expect.stringMatching(/auggie.*no verified way/) });
  });

  it.each([
    ['claude', 'perm-bash'],
    ['gemini', 'perm-shell'],
    ['qwen', 'perm-shell'],
    ['copilot', 'perm-shell'],
  ] as const)('%s %s: the message never changes which keys are planned (digits, y, Enter words, long text)', (runtime, name) => {
    const p = prompt(runtime, name);
    const plain = planDenyWithMessage(p, 'x');
    // Copilot's length limit picks the path by length alone (its own test above), never by the text.
    const long = runtime === 'copilot' ? 'x'.repeat(COPILOT_FIELD_MAX) : 'x'.repeat(10_000);
    for (const m of ['1', '2', 'y', 'yes', 'Enter', '3. Yes', long, '\u001b[B']) expect(planDenyWithMessage(p, m)).toEqual(plain);
  });
});

describe("claudeDenyField on Claude Code 2.1.332's screens", () => {
  const marked = () => prompt('claude', 'v2.1.332/deny-message-marker-on-4');

  it('closed while the marker is on a plain "4. No"', () => {
    expect(claudeDenyField(prompt('claude', 'v2.1.332/deny-message-marker-on-4'), 3)).toEqual({ open: false });
  });

  it('open and empty after Tab: "❯ 4. No, and tell Claude what to do differently"', () => {
    const field = prompt('claude', 'v2.1.332/deny-message-field');
    expect(sameAsk(marked(), field)).toBe(true);
    expect(claudeDenyField(field, 3)).toEqual({ open: true, text: '' });
  });

  it('holding the typed text: "❯ 4. No, use pnpm 4 y instead" (digits and y went in as text)', () => {
    expect(claudeDenyField(prompt('claude', 'v2.1.332/deny-message-field-typed'), 3)).toEqual({ open: true, text: 'use pnpm 4 y instead' });
  });

  it('empty again after C-u', () => {
    expect(claudeDenyField(prompt('claude', 'v2.1.332/deny-message-field-after-c-u'), 3)).toEqual({ open: true, text: '' });
  });

  it('Tab on "1. Yes" amends the approval: that row is never read as the deny field', () => {
    expect(claudeDenyField(prompt('claude', 'perm-bash-tab-amend'), 3)).toEqual({ open: false });
  });

  it('the field screen offers no Tab (footer "Esc to cancel" only), the marked No does', () => {
    expect(prompt('claude', 'v2.1.332/deny-message-field').amendKey).toBeUndefined();
    expect(prompt('claude', 'v2.1.332/deny-message-marker-on-4').amendKey).toBe('Tab');
  });
});

describe("copilotDenyField on Copilot CLI 1.0.102's screens", () => {
  it('closed while the marker is on "1. Yes"', () => {
    expect(copilotDenyField(prompt('copilot', 'perm-shell'), 1)).toEqual({ open: false });
  });

  it('open and empty with the marker on "2. No, and tell Copilot what to do differently (Esc to stop)"', () => {
    expect(copilotDenyField(prompt('copilot', 'perm-shell-after-2'), 1)).toEqual({ open: true, text: '' });
  });

  it('holding the typed text: "❯ 2. use the staging copy 4 y (Esc to stop)" (digit and y stayed text), the same ask', () => {
    const typed = prompt('copilot', 'deny-message-field-typed');
    expect(sameAsk(prompt('copilot', 'perm-shell'), typed)).toBe(true);
    expect(copilotDenyField(typed, 1)).toEqual({ open: true, text: 'use the staging copy 4 y' });
  });

  it('a bracketed paste starting with a digit and y is text in the row; C-u empties it again', () => {
    expect(copilotDenyField(prompt('copilot', 'deny-message-field-pasted'), 1)).toEqual({ open: true, text: '1 y 2 use the staging copy' });
    expect(copilotDenyField(prompt('copilot', 'deny-message-field-after-c-u'), 1)).toEqual({ open: true, text: '' });
  });

  it('the Yes row is never read as the field', () => {
    expect(copilotDenyField(prompt('copilot', 'perm-shell-after-2'), 0)).toEqual({ open: false });
  });
});
