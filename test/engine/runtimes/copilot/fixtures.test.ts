/** Every Copilot CLI 1.0.102 capture classifies as its note (`.md`) says; keys as verified there. */
import { describe, expect, it } from 'vitest';
import { approveKeyFor, denyKeyFor } from '../../../../main/engine/runtimes/common/keys.ts';
import { copilotRuntime } from '../../../../main/engine/runtimes/copilot/index.ts';
import { safeToType } from '../../../../main/engine/watchdog/gates.ts';
import { captureNames, loadCapture } from '../codex/fixture-files.ts';

type Expected =
  | { kind: 'permission'; tool: string; subject: RegExp; kinds: readonly string[]; deny: string; highlighted: number }
  | { kind: 'dialog'; dialogId: string; highlighted: number | null }
  | { kind: 'idle'; draft: string }
  | { kind: 'working'; indicator: RegExp };

const idle: Expected = { kind: 'idle', draft: '' };
const shell = (highlighted = 0, subject = /^echo ran >> ran\.txt$/): Expected => ({
  kind: 'permission',
  tool: 'Shell',
  subject,
  kinds: ['once', 'other'],
  deny: 'Escape',
  highlighted,
});
const file = (tool: string, name: string): Expected => ({
  kind: 'permission',
  tool,
  subject: new RegExp(`/project/${name}$`),
  kinds: ['once', 'always', 'other'],
  deny: 'Escape',
  highlighted: 0,
});
const read: Expected = {
  kind: 'permission',
  tool: 'Access',
  subject: /\/outside\/secret\.txt\n.*\/outside$/,
  kinds: ['once', 'always', 'always', 'deny'],
  deny: '4',
  highlighted: 0,
};

const TABLE: Record<string, Expected> = {
  // Deny with a message: Escape, the composer back, the message typed there, the model's answer.
  'deny-message-after-esc': idle,
  'deny-message-answered': idle,
  // The message row as a field (`2`, then typing): the row reads `❯ 2. <text> (Esc to stop)`; Enter rejects with it.
  'deny-message-field-after-c-u': shell(1),
  'deny-message-field-after-enter': idle,
  'deny-message-field-pasted': shell(1),
  'deny-message-field-typed': shell(1),
  'deny-message-typed': { kind: 'idle', draft: 'use the staging copy 4 y' },
  'dialog-trust': { kind: 'dialog', dialogId: 'copilot.trust-folder', highlighted: 0 },
  'dialog-trust-down': { kind: 'dialog', dialogId: 'copilot.trust-folder', highlighted: 1 },
  // Narrow panes (issue 29): wrapped hint and question, a label over four rows, the box's top scrolled off at 20.
  'dialog-trust-20': { kind: 'dialog', dialogId: 'copilot.trust-folder', highlighted: 0 },
  'dialog-trust-40': { kind: 'dialog', dialogId: 'copilot.trust-folder', highlighted: 0 },
  'dialog-trust-60': { kind: 'dialog', dialogId: 'copilot.trust-folder', highlighted: 0 },
  'error-api': idle,
  // `ask_user`: the agent's question with its choices (unknown before issue 29).
  question: { kind: 'dialog', dialogId: 'copilot.ask-user', highlighted: 0 },
  'question-60': { kind: 'dialog', dialogId: 'copilot.ask-user', highlighted: 0 },
  'question-40': { kind: 'dialog', dialogId: 'copilot.ask-user', highlighted: 0 },
  'question-20': { kind: 'dialog', dialogId: 'copilot.ask-user', highlighted: 0 },
  idle,
  'idle-60': idle,
  'idle-after-turn': idle,
  'idle-draft': { kind: 'idle', draft: 'a draft not sent' },
  'perm-edit': file('Edit', 'notes.txt'),
  'perm-edit-after-deny': idle,
  'perm-read': read,
  'perm-read-60': read,
  'perm-read-after-4': idle,
  'perm-shell': shell(),
  'perm-shell-60': shell(),
  'perm-shell-40': shell(),
  'perm-shell-30': shell(),
  // The command broke inside its inner box: two lines of the subject.
  'perm-shell-20': shell(0, /^echo ran >>\nran\.txt$/),
  // `2` only moved the marker to the message row.
  'perm-shell-after-2': shell(1),
  'perm-shell-after-approve': idle,
  'perm-shell-after-deny': idle,
  'perm-shell-again': shell(),
  'perm-write': file('Create', 'written.txt'),
  'perm-write-60': file('Create', 'written.txt'),
  'perm-write-after-approve': idle,
  working: { kind: 'working', indicator: /^◎ Working · 234 B esc esc interrupt$/ },
  'working-60': { kind: 'working', indicator: /Working · \d+ B esc esc interrupt$/ },
  'working-40': { kind: 'working', indicator: /^◎ Working {2}esc esc interrupt$/ },
  // 20 columns: only `esc esc interrupt` is left of the footer (idle before issue 29).
  'working-20': { kind: 'working', indicator: /^esc esc interrupt$/ },
};

describe('Copilot CLI 1.0.102 captures', () => {
  it('has a table entry for every capture and a capture for every entry', () => {
    expect(Object.keys(TABLE).sort()).toEqual(captureNames('copilot'));
  });

  for (const [name, expected] of Object.entries(TABLE)) {
    it(`${name} is ${expected.kind}`, () => {
      for (const colour of [true, false]) {
        const screen = copilotRuntime.classify(loadCapture('copilot', name, colour));
        expect(screen.kind).toBe(expected.kind);
        if (screen.kind === 'permission' && expected.kind === 'permission') {
          expect(screen.tool).toBe(expected.tool);
          expect(screen.subject).toMatch(expected.subject);
          expect([screen.highlighted, screen.confidence, screen.escapeDenies]).toEqual([expected.highlighted, 'high', true]);
          expect(screen.options[0]).toEqual({ key: '1', label: 'Yes', kind: 'once' });
          expect(screen.options.map((o) => o.kind)).toEqual(expected.kinds);
          expect([approveKeyFor(screen), denyKeyFor(screen)]).toEqual(['1', expected.deny]);
        }
        if (screen.kind === 'dialog' && expected.kind === 'dialog') {
          expect([screen.dialogId, screen.highlighted]).toEqual([expected.dialogId, expected.highlighted]);
        }
        if (screen.kind === 'idle' && expected.kind === 'idle') expect(screen.draft).toBe(expected.draft);
        if (screen.kind === 'working' && expected.kind === 'working') expect(screen.indicator).toMatch(expected.indicator);
      }
    });
  }

  it('never denies with the message row: its digit only moves the marker (Esc says no)', () => {
    const screen = copilotRuntime.classify(loadCapture('copilot', 'perm-shell'));
    if (screen.kind !== 'permission') throw new Error(screen.kind);
    expect(screen.options[1]).toMatchObject({ key: '2', kind: 'other' });
    expect(denyKeyFor(screen)).toBe('Escape');
  });

  it('reads the trust dialog as a dialog although its first row is a plain Yes', () => {
    const screen = copilotRuntime.classify(loadCapture('copilot', 'dialog-trust'));
    expect(screen.kind).toBe('dialog');
    expect(safeToType(screen)).toBe(false);
  });

  it('reads the trust dialog whole at 20, 40 and 60 columns, its yes rows as trust (always)', () => {
    for (const name of ['dialog-trust-20', 'dialog-trust-40', 'dialog-trust-60']) {
      const screen = copilotRuntime.classify(loadCapture('copilot', name, false));
      if (screen.kind !== 'dialog') throw new Error(`${name}: ${screen.kind}`);
      expect(screen.question, name).toBe('Do you trust the files in this folder?');
      expect(
        screen.options.map((o) => [o.label, o.kind]),
        name,
      ).toEqual([
        ['Yes', 'always'],
        ['Yes, and remember this folder for future sessions', 'always'],
        ['No (Esc)', 'deny'],
      ]);
    }
  });

  it('reads the ask_user form whole at 120, 60, 40 and 20 columns', () => {
    for (const name of ['question', 'question-60', 'question-40', 'question-20']) {
      const screen = copilotRuntime.classify(loadCapture('copilot', name, false));
      if (screen.kind !== 'dialog') throw new Error(`${name}: ${screen.kind}`);
      expect(screen.question, name).toBe('Which colour should the button be?');
      expect(
        screen.options.map((o) => [o.label, o.kind, o.key]),
        name,
      ).toEqual([
        ['Red', 'other', null],
        ['Blue', 'other', null],
        ['Other (type your answer)', 'other', null],
      ]);
    }
  });

  it('refuses to type at every prompt and dialog', () => {
    for (const [name, e] of Object.entries(TABLE))
      if (e.kind === 'permission' || e.kind === 'dialog')
        expect(safeToType(copilotRuntime.classify(loadCapture('copilot', name))), name).toBe(false);
  });

  it('is not confident when the hint row under the options is missing', () => {
    const { lines } = loadCapture('copilot', 'perm-shell', false);
    const at = lines.findIndex((l) => l.includes('↑/↓ to navigate'));
    const screen = copilotRuntime.classify({ lines: [...lines.slice(0, at), ...lines.slice(at + 1)] });
    expect(screen.kind === 'permission' ? approveKeyFor(screen) : null).toBeNull();
  });
});

describe('Copilot CLI process match', () => {
  it.each([
    ['copilot', undefined],
    ['node', 'node /usr/lib/node_modules/@github/copilot/npm-loader.js'],
    ['node', 'node /home/u/.npm-global/bin/copilot'],
  ])('%s %s is Copilot CLI', (command, argv) => {
    expect(copilotRuntime.matchesProcess(command, argv)).toBe(true);
  });

  it.each([
    ['node', undefined],
    ['node', 'node copilot-server.js'],
    ['copilotd', undefined],
  ])('%s %s is not', (command, argv) => {
    expect(copilotRuntime.matchesProcess(command, argv)).toBe(false);
  });
});
