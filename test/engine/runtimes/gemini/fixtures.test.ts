/** Every Gemini CLI 0.61.0 capture classifies as its note (`.md`) says; keys as verified there. */
import { describe, expect, it } from 'vitest';
import { approveKeyFor, denyKeyFor } from '../../../../main/engine/runtimes/common/keys.ts';
import { geminiRuntime } from '../../../../main/engine/runtimes/gemini/index.ts';
import { safeToType } from '../../../../main/engine/watchdog/gates.ts';
import { captureNames, loadCapture } from '../codex/fixture-files.ts';

type Expected =
  | { kind: 'permission'; tool: string; subject: string; question: string; deny: string }
  | { kind: 'dialog'; dialogId: string; highlighted: number | null }
  | { kind: 'idle'; draft: string }
  | { kind: 'working'; indicator: string }
  | { kind: 'unknown' }
  // A narrow pane (20–30 columns): labels and perhaps the question cut with `…`; the keys a cut list still allows.
  | { kind: 'narrow'; tool: string; question: string; approve: string | null; deny: string };

const idle: Expected = { kind: 'idle', draft: '' };
const shell: Expected = {
  kind: 'permission',
  tool: 'Shell',
  subject: 'echo ran >> ran.txt',
  question: 'Allow execution of [Shell]?',
  deny: '3',
};
const edit: Expected = {
  kind: 'permission',
  tool: 'Edit',
  subject: 'notes.txt: second line => second line, edited',
  question: 'Apply this change?',
  deny: '4',
};
const write: Expected = {
  kind: 'permission',
  tool: 'WriteFile',
  subject: 'Writing to written.txt',
  question: 'Apply this change?',
  deny: '4',
};
const fetch = (subject: string): Expected => ({
  kind: 'permission',
  tool: 'WebFetch',
  subject,
  question: 'Do you want to proceed?',
  deny: '3',
});
const working: Expected = { kind: 'working', indicator: '⠙ Thinking... (esc to cancel, 3s)' };

const TABLE: Record<string, Expected> = {
  // Deny with a message: the No row's digit, the composer back, the message typed there, the model's answer.
  'deny-message-after-no': idle,
  'deny-message-answered': idle,
  'deny-message-typed': { kind: 'idle', draft: 'use the staging copy 4 y' },
  'dialog-question': { kind: 'dialog', dialogId: 'gemini.ask-user', highlighted: 0 },
  'dialog-question-after-esc': idle,
  'dialog-question-30': { kind: 'dialog', dialogId: 'gemini.ask-user', highlighted: 0 },
  'perm-fetch-30': { kind: 'narrow', tool: 'WebFetch', question: 'Do you want to proceed?', approve: '1', deny: 'Escape' },
  'perm-shell-20': { kind: 'narrow', tool: 'Shell', question: 'Allow execution of [Shell]?', approve: '1', deny: 'Escape' },
  'perm-shell-30': { kind: 'narrow', tool: 'Shell', question: 'Allow execution of [Shell]?', approve: '1', deny: 'Escape' },
  'dialog-trust': { kind: 'dialog', dialogId: 'gemini.trust-folder', highlighted: 0 },
  // A 400 from the model server ends the turn: the composer waits.
  'error-api': idle,
  idle,
  'idle-60': idle,
  'idle-after-turn': idle,
  'idle-draft': { kind: 'idle', draft: 'a draft not sent' },
  'idle-draft-60': { kind: 'idle', draft: 'a draft not sent' },
  'perm-edit': edit,
  'perm-edit-60': edit,
  'perm-edit-after-deny': idle,
  'perm-fetch': fetch('Processing URLs and instructions from prompt: "Summarise http://127.0.0.1:9/fetch-target"'),
  'perm-fetch-60': fetch('Processing URLs and instructions from promp…'),
  'perm-fetch-after-deny': idle,
  'perm-shell': shell,
  'perm-shell-60': shell,
  'perm-shell-after-approve': idle,
  'perm-shell-after-deny': idle,
  'perm-shell-again': shell,
  'perm-shell-again-60': shell,
  'perm-write': write,
  'perm-write-60': write,
  'perm-write-after-approve': idle,
  // Shell mode: typed text runs as a shell command, so it is never idle.
  'shell-mode': { kind: 'unknown' },
  'shell-mode-ran-text': { kind: 'unknown' },
  working,
  'working-60': working,
};

describe('Gemini CLI 0.61.0 captures', () => {
  it('has a table entry for every capture and a capture for every entry', () => {
    expect(Object.keys(TABLE).sort()).toEqual(captureNames('gemini'));
  });

  for (const [name, expected] of Object.entries(TABLE)) {
    it(`${name} is ${expected.kind}`, () => {
      for (const colour of [true, false]) {
        const screen = geminiRuntime.classify(loadCapture('gemini', name, colour));
        expect(screen.kind).toBe(expected.kind === 'narrow' ? 'permission' : expected.kind);
        if (screen.kind === 'permission' && expected.kind === 'narrow') {
          expect([screen.tool, screen.question, screen.highlighted, screen.escapeDenies]).toEqual([
            expected.tool,
            expected.question,
            0,
            true,
          ]);
          expect([approveKeyFor(screen), denyKeyFor(screen)]).toEqual([expected.approve, expected.deny]);
          // A cut label is never single-use or a no: only an uncut first row may be approved.
          expect(screen.options.slice(1).every((o) => o.kind !== 'once')).toBe(true);
        }
        if (screen.kind === 'permission' && expected.kind === 'permission') {
          expect([screen.tool, screen.subject, screen.question]).toEqual([expected.tool, expected.subject, expected.question]);
          expect([screen.highlighted, screen.confidence, screen.escapeDenies]).toEqual([0, 'high', true]);
          expect(screen.options[0]).toEqual({ key: '1', label: 'Allow once', kind: 'once' });
          expect(screen.options[1]).toEqual({ key: '2', label: 'Allow for this session', kind: 'always' });
          expect(screen.options.at(-1)).toEqual({ key: expected.deny, label: 'No, suggest changes (esc)', kind: 'deny' });
          expect([approveKeyFor(screen), denyKeyFor(screen)]).toEqual(['1', expected.deny]);
        }
        if (screen.kind === 'dialog' && expected.kind === 'dialog') {
          expect([screen.dialogId, screen.highlighted]).toEqual([expected.dialogId, expected.highlighted]);
        }
        if (screen.kind === 'idle' && expected.kind === 'idle') expect(screen.draft).toBe(expected.draft);
        if (screen.kind === 'working' && expected.kind === 'working') expect(screen.indicator).toBe(expected.indicator);
      }
    });
  }

  it('reads the edit prompt\'s "Modify with external editor" as other, never once or deny', () => {
    const screen = geminiRuntime.classify(loadCapture('gemini', 'perm-edit'));
    if (screen.kind !== 'permission') throw new Error(screen.kind);
    expect(screen.options[2]).toEqual({ key: '3', label: 'Modify with external editor', kind: 'other' });
  });

  it('refuses to type at every prompt and dialog', () => {
    for (const [name, e] of Object.entries(TABLE))
      if (e.kind === 'permission' || e.kind === 'narrow' || e.kind === 'dialog')
        expect(safeToType(geminiRuntime.classify(loadCapture('gemini', name))), name).toBe(false);
  });

  it('is not confident when the list is cut off before its No row', () => {
    const { lines } = loadCapture('gemini', 'perm-shell', false);
    const at = lines.findIndex((l) => l.includes('3. No, suggest changes'));
    const screen = geminiRuntime.classify({ lines: lines.slice(0, at) });
    expect(screen.kind === 'permission' ? approveKeyFor(screen) : null).toBeNull();
  });

  it('reads the working line as volatile, nothing else', () => {
    expect(geminiRuntime.isVolatileLine(' ⠙ Thinking... (esc to cancel, 3s)')).toBe(true);
    expect(geminiRuntime.isVolatileLine(' > a draft not sent')).toBe(false);
  });
});

describe('Gemini CLI process match', () => {
  it.each([
    ['gemini', undefined],
    ['node', 'node /usr/lib/node_modules/@google/gemini-cli/bundle/gemini.js'],
    ['node', 'node /home/u/.npm-global/bin/gemini -m gemini-2.5-flash'],
  ])('%s %s is Gemini CLI', (command, argv) => {
    expect(geminiRuntime.matchesProcess(command, argv)).toBe(true);
  });

  it.each([
    ['node', undefined],
    ['node', 'node server.js --gemini'],
    ['geminid', undefined],
  ])('%s %s is not', (command, argv) => {
    expect(geminiRuntime.matchesProcess(command, argv)).toBe(false);
  });
});
