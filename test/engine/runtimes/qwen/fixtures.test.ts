/** Every Qwen Code 0.24.4 capture classifies as its note (`.md`) says; keys as verified there. */
import { describe, expect, it } from 'vitest';
import { approveKeyFor, denyKeyFor } from '../../../../main/engine/runtimes/common/keys.ts';
import { qwenRuntime } from '../../../../main/engine/runtimes/qwen/index.ts';
import { safeToType } from '../../../../main/engine/watchdog/gates.ts';
import { captureNames, loadCapture } from '../codex/fixture-files.ts';

type Expected =
  | { kind: 'permission'; tool: string; subject: RegExp; question: string; labels: readonly string[] }
  | { kind: 'dialog'; dialogId: string; highlighted: number | null }
  | { kind: 'idle'; draft: string }
  | { kind: 'working'; indicator: string }
  | { kind: 'unknown' }
  // A narrow pane (20–30 columns): labels and perhaps the question cut with `…`; the keys a cut list still allows.
  | { kind: 'narrow'; question: string; approve: string | null; deny: string };

const idle: Expected = { kind: 'idle', draft: '' };
const NO = 'No, suggest changes (esc)';
const shell: Expected = {
  kind: 'permission',
  tool: 'Shell',
  subject: /^echo ran >> ran\.txt$/,
  question: "Allow execution of: 'echo'?",
  labels: ['Yes, allow once', "Always allow run 'echo *' commands in this pro", "Always allow run 'echo *' commands for this us", NO],
};
const edit: Expected = {
  kind: 'permission',
  tool: 'Edit',
  subject: /^notes\.txt$/,
  question: 'Apply this change?',
  labels: ['Yes, allow once', 'Yes, allow always', NO],
};
const read: Expected = {
  kind: 'permission',
  tool: 'ReadFile',
  subject: /\/outside\/secret\.txt$/,
  question: 'Do you want to proceed?',
  labels: ['Yes, allow once', 'Always allow read files in', 'Always allow read files in', NO],
};

const TABLE: Record<string, Expected> = {
  // Deny with a message: the No row's digit, the composer back, the message typed there, the model's answer.
  'deny-message-after-no': idle,
  'deny-message-answered': idle,
  'deny-message-typed': { kind: 'idle', draft: 'use the staging copy 4 y' },
  'dialog-question': { kind: 'dialog', dialogId: 'qwen.ask-user', highlighted: 0 },
  'dialog-question-after-esc': idle,
  'dialog-question-20': { kind: 'dialog', dialogId: 'qwen.ask-user', highlighted: 0 },
  'dialog-question-30': { kind: 'dialog', dialogId: 'qwen.ask-user', highlighted: 0 },
  'perm-shell-20': { kind: 'narrow', question: 'Allow execu…', approve: null, deny: 'Escape' },
  'perm-shell-30': { kind: 'narrow', question: "Allow execution of: '…", approve: '1', deny: 'Escape' },
  'dialog-trust': { kind: 'dialog', dialogId: 'qwen.trust-folder', highlighted: 0 },
  // A 400 from the model server ends the turn: the composer waits.
  'error-api': idle,
  idle,
  'idle-60': idle,
  'idle-after-turn': idle,
  'idle-draft': { kind: 'idle', draft: 'a draft not sent' },
  'perm-edit': edit,
  'perm-edit-60': edit,
  // `4` on a three-row prompt does nothing: it is still up.
  'perm-edit-after-4': edit,
  'perm-edit-after-3': idle,
  'perm-fetch': {
    kind: 'permission',
    tool: 'WebFetch',
    subject: /^Fetching content from http:\/\/127\.0\.0\.1:9\/fetch-target/,
    question: 'Do you want to proceed?',
    labels: ['Yes, allow once', 'Always allow fetch from 127.0.0.1 in this project', 'Always allow fetch from 127.0.0.1 for this user', NO],
  },
  'perm-read': read,
  'perm-read-60': read,
  'perm-read-after-approve': idle,
  'perm-shell': shell,
  'perm-shell-60': shell,
  'perm-shell-after-4': idle,
  'perm-shell-after-approve': idle,
  'perm-shell-after-deny': idle,
  'perm-shell-again': shell,
  'perm-write': {
    kind: 'permission',
    tool: 'WriteFile',
    subject: /^Writing to written\.txt$/,
    question: 'Apply this change?',
    labels: ['Yes, allow once', 'Yes, allow always', NO],
  },
  'perm-write-after-approve': idle,
  // Shell mode: typed text runs as a shell command, so it is never idle.
  'shell-mode': { kind: 'unknown' },
  working: { kind: 'working', indicator: '.  Painting the serifs back on... (3s · ↓ 36 tokens · esc to cancel)' },
  'working-60': { kind: 'working', indicator: '(3s · esc to cancel)' },
};

describe('Qwen Code 0.24.4 captures', () => {
  it('has a table entry for every capture and a capture for every entry', () => {
    expect(Object.keys(TABLE).sort()).toEqual(captureNames('qwen'));
  });

  for (const [name, expected] of Object.entries(TABLE)) {
    it(`${name} is ${expected.kind}`, () => {
      for (const colour of [true, false]) {
        const screen = qwenRuntime.classify(loadCapture('qwen', name, colour));
        expect(screen.kind).toBe(expected.kind === 'narrow' ? 'permission' : expected.kind);
        if (screen.kind === 'permission' && expected.kind === 'narrow') {
          expect([screen.question, screen.highlighted, screen.escapeDenies]).toEqual([expected.question, 0, true]);
          expect([approveKeyFor(screen), denyKeyFor(screen)]).toEqual([expected.approve, expected.deny]);
          // A cut label is never single-use or a no: only an uncut first row may be approved.
          expect(screen.options.slice(1).every((o) => o.kind !== 'once')).toBe(true);
        }
        if (screen.kind === 'permission' && expected.kind === 'permission') {
          expect([screen.tool, screen.question]).toEqual([expected.tool, expected.question]);
          expect(screen.subject).toMatch(expected.subject);
          expect([screen.highlighted, screen.confidence, screen.escapeDenies]).toEqual([0, 'high', true]);
          screen.options.forEach((o, i) => expect(o.label.startsWith(expected.labels[i] ?? '?'), `${o.label}`).toBe(true));
          expect(screen.options.map((o) => o.kind)).toEqual(
            expected.labels.map((_, i) => (i === 0 ? 'once' : i === expected.labels.length - 1 ? 'deny' : 'always')),
          );
          expect([approveKeyFor(screen), denyKeyFor(screen)]).toEqual(['1', String(expected.labels.length)]);
        }
        if (screen.kind === 'dialog' && expected.kind === 'dialog') {
          expect([screen.dialogId, screen.highlighted]).toEqual([expected.dialogId, expected.highlighted]);
        }
        if (screen.kind === 'idle' && expected.kind === 'idle') expect(screen.draft).toBe(expected.draft);
        if (screen.kind === 'working' && expected.kind === 'working') expect(screen.indicator).toBe(expected.indicator);
      }
    });
  }

  it('refuses to type at every prompt and dialog, and in shell mode', () => {
    for (const [name, e] of Object.entries(TABLE))
      if (e.kind !== 'idle' && e.kind !== 'working') expect(safeToType(qwenRuntime.classify(loadCapture('qwen', name))), name).toBe(false);
  });

  it('is not confident when the list is cut off before its No row', () => {
    const { lines } = loadCapture('qwen', 'perm-shell', false);
    const at = lines.findIndex((l) => l.includes('4. No, suggest changes'));
    const screen = qwenRuntime.classify({ lines: lines.slice(0, at) });
    expect(screen.kind === 'permission' ? approveKeyFor(screen) : null).toBeNull();
  });

  it('reads the status line and the waiting line as volatile, nothing else', () => {
    expect(qwenRuntime.isVolatileLine('  .  Painting the serifs back on... (3s · ↓ 36 tokens · esc to cancel)')).toBe(true);
    expect(qwenRuntime.isVolatileLine('  ⠏ Waiting for user confirmation...')).toBe(true);
    expect(qwenRuntime.isVolatileLine('> a draft not sent')).toBe(false);
  });
});

describe('Qwen Code process match', () => {
  it.each([
    ['qwen', undefined],
    ['node', 'node /usr/lib/node_modules/@qwen-code/qwen-code/cli-entry.js'],
    ['node', 'node /home/u/.npm-global/bin/qwen'],
  ])('%s %s is Qwen Code', (command, argv) => {
    expect(qwenRuntime.matchesProcess(command, argv)).toBe(true);
  });

  it.each([
    ['node', undefined],
    ['node', 'node qwen-server.js'],
    ['qwenx', undefined],
  ])('%s %s is not', (command, argv) => {
    expect(qwenRuntime.matchesProcess(command, argv)).toBe(false);
  });
});
