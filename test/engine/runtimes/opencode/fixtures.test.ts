/** Every opencode 1.18.33 capture classifies as its note (`.md`) says. */
import { describe, expect, it } from 'vitest';
import { approveKeyFor, denyKeyFor } from '../../../../main/engine/runtimes/common/keys.ts';
import { opencodeRuntime } from '../../../../main/engine/runtimes/opencode/index.ts';
import { captureNames, loadCapture } from '../codex/fixture-files.ts';

type Expected =
  | { kind: 'permission'; tool: string; subject: string; highlighted: number; approve: string | null }
  | { kind: 'dialog'; dialogId: string | null; highlighted: number | null; openedByUser?: true }
  | { kind: 'idle'; draft: string }
  | { kind: 'working' }
  | { kind: 'unknown' };

const BASH = 'Shell command';
const ECHO = 'echo ran >> ran.txt';

/** From the notes. Approve is Enter only with "Allow once" visibly highlighted; deny is always Esc. */
const TABLE: Record<string, Expected> = {
  'approval-bash': { kind: 'permission', tool: BASH, subject: 'touch lab-allow-once.txt', highlighted: 0, approve: 'Enter' },
  // End did nothing: the highlight is still on Allow once (End, Enter would ALLOW).
  'approval-bash-after-end-key': { kind: 'permission', tool: BASH, subject: 'touch lab-end-key.txt', highlighted: 0, approve: 'Enter' },
  'approval-bash-reject-selected': { kind: 'permission', tool: BASH, subject: 'touch lab-allow-once.txt', highlighted: 2, approve: null },
  'approval-edit': { kind: 'permission', tool: 'Edit', subject: 'lab-edit-demo.txt', highlighted: 0, approve: 'Enter' },
  'approval-external-dir': {
    kind: 'permission',
    tool: 'Access external directory',
    subject: '/home/dev/lab-codex/work',
    highlighted: 0,
    approve: 'Enter',
  },
  // The header says Edit even for the write tool.
  'approval-write': { kind: 'permission', tool: 'Edit', subject: 'lab-edit-demo.txt', highlighted: 0, approve: 'Enter' },
  // Narrow panes (issue 29): under 80 columns the hints take their own row under the buttons; at 80 they are cut.
  'approval-bash-100': { kind: 'permission', tool: BASH, subject: ECHO, highlighted: 0, approve: 'Enter' },
  'approval-bash-80': { kind: 'permission', tool: BASH, subject: ECHO, highlighted: 0, approve: 'Enter' },
  'approval-bash-60': { kind: 'permission', tool: BASH, subject: ECHO, highlighted: 0, approve: 'Enter' },
  'approval-bash-40': { kind: 'permission', tool: BASH, subject: ECHO, highlighted: 0, approve: 'Enter' },
  // 30: the button row is cut (`Allow alway`, no Reject): read, never with confidence (see the test below).
  'approval-bash-30': { kind: 'permission', tool: BASH, subject: 'echo ran >> ran.\ntxt', highlighted: 0, approve: null },
  // 20: the title and the buttons break mid-word: nothing a key could answer.
  'approval-bash-20': { kind: 'dialog', dialogId: null, highlighted: null },
  'approval-bash-after-allow-once': { kind: 'idle', draft: '' },
  'approval-bash-after-esc': { kind: 'idle', draft: '' },
  'approval-bash-after-reject': { kind: 'idle', draft: '' },
  'approval-edit-after-reject': { kind: 'idle', draft: '' },
  'approval-write-after-allow-once': { kind: 'idle', draft: '' },
  // Confirm is pre-selected and means "allow always": a dialog, never approved.
  'dialog-always-allow-confirm': { kind: 'dialog', dialogId: 'opencode.always-allow-confirm', highlighted: 0 },
  'dialog-always-allow-confirm-40': { kind: 'dialog', dialogId: 'opencode.always-allow-confirm', highlighted: 0 },
  'dialog-always-allow-confirm-20': { kind: 'dialog', dialogId: null, highlighted: 0 },
  // The `question` tool's view: a dialog with the answers, no key.
  question: { kind: 'dialog', dialogId: 'opencode.question', highlighted: null },
  'question-80': { kind: 'dialog', dialogId: 'opencode.question', highlighted: null },
  'question-40': { kind: 'dialog', dialogId: 'opencode.question', highlighted: null },
  'question-20': { kind: 'unknown' },
  // Views the user opened over the transcript, the composer still under them: not queued, no key.
  'overlay-models-80': { kind: 'dialog', dialogId: 'opencode.model-picker', highlighted: null, openedByUser: true },
  'overlay-sessions-80': { kind: 'dialog', dialogId: 'opencode.sessions', highlighted: null, openedByUser: true },
  'overlay-sessions-delete-80': { kind: 'dialog', dialogId: 'opencode.sessions', highlighted: null, openedByUser: true },
  'overlay-sessions-40': { kind: 'dialog', dialogId: 'opencode.sessions', highlighted: null, openedByUser: true },
  'overlay-models-40': { kind: 'dialog', dialogId: 'opencode.model-picker', highlighted: null, openedByUser: true },
  'idle-after-turn': { kind: 'idle', draft: '' },
  'idle-startup': { kind: 'idle', draft: '' },
  // 40 columns: the footer's cells wrap on their own (`15 (0 ctrl+p` / `commands`).
  'idle-40': { kind: 'idle', draft: '' },
  'idle-with-draft': { kind: 'idle', draft: 'draft text the user has not sent yet' },
  'interrupted-esc': { kind: 'idle', draft: '' },
  // Still loading: an empty pane is not idle.
  'startup-blank': { kind: 'unknown' },
  'working-command-1': { kind: 'working' },
  'working-command-2': { kind: 'working' },
  'working-esc-once': { kind: 'working' },
  'working-stream-1': { kind: 'working' },
  'working-stream-2': { kind: 'working' },
  'working-stream-3': { kind: 'working' },
  // 40 columns: `esc interrupt` split over rows, the spinner leads (idle before issue 29's spinner rule).
  'working-stream-40': { kind: 'working' },
  // 20 columns: the footer in fragments: unknown, never idle.
  'working-stream-20': { kind: 'unknown' },
  'working-think-1': { kind: 'working' },
  'working-think-2': { kind: 'working' },
  'working-think-3': { kind: 'working' },
  'working-wait-1': { kind: 'working' },
  'working-wait-2': { kind: 'working' },
  'working-wait-3': { kind: 'working' },
};

describe('opencode fixtures', () => {
  it('has a table entry for every capture and a capture for every entry', () => {
    expect(Object.keys(TABLE).sort()).toEqual(captureNames('opencode'));
  });

  for (const [name, expected] of Object.entries(TABLE)) {
    it(`${name} is ${expected.kind}`, () => {
      const screen = opencodeRuntime.classify(loadCapture('opencode', name));
      expect(screen.kind).toBe(expected.kind);
      if (screen.kind === 'permission' && expected.kind === 'permission') {
        expect(screen.tool).toBe(expected.tool);
        expect(screen.subject).toBe(expected.subject);
        if (name === 'approval-bash-30') {
          expect([screen.confidence, approveKeyFor(screen), denyKeyFor(screen)]).toEqual(['low', null, 'Escape']);
          return;
        }
        expect(screen.options).toEqual([
          { key: null, label: 'Allow once', kind: 'once' },
          { key: null, label: 'Allow always', kind: 'always' },
          { key: null, label: 'Reject', kind: 'deny' },
        ]);
        expect(screen.highlighted).toBe(expected.highlighted);
        expect(screen.confidence).toBe('high');
        expect(screen.approveByEnterOnHighlight).toBe(true);
        expect(approveKeyFor(screen)).toBe(expected.approve);
        expect(denyKeyFor(screen)).toBe('Escape');
      }
      if (screen.kind === 'dialog' && expected.kind === 'dialog') {
        expect(screen.dialogId).toBe(expected.dialogId);
        expect(screen.highlighted).toBe(expected.highlighted);
        expect(screen.openedByUser).toBe(expected.openedByUser);
      }
      if (screen.kind === 'idle' && expected.kind === 'idle') expect(screen.draft).toBe(expected.draft);
    });
  }

  it('reads the question view with its answers, descriptions apart, at 120, 80 and 40 columns', () => {
    for (const name of ['question', 'question-80', 'question-40']) {
      const screen = opencodeRuntime.classify(loadCapture('opencode', name));
      if (screen.kind !== 'dialog') throw new Error(`${name}: ${screen.kind}`);
      expect(screen.question, name).toBe('Which colour should the button be?');
      expect(screen.options.map((o) => o.label)).toEqual(['Red', 'Blue', 'Type your own answer']);
      expect(screen.options.every((o) => o.kind === 'other' && o.key === null)).toBe(true);
    }
  });

  it('gives no approve key for any prompt read from the plain capture only', () => {
    for (const [name, expected] of Object.entries(TABLE)) {
      if (expected.kind !== 'permission') continue;
      const screen = opencodeRuntime.classify(loadCapture('opencode', name, false));
      expect(screen.kind === 'permission' && screen.highlighted, name).toBeNull();
      expect(screen.kind === 'permission' && approveKeyFor(screen), name).toBeNull();
      expect(screen.kind === 'permission' && denyKeyFor(screen), name).toBe('Escape');
    }
  });

  it('reads every other state the same from the plain capture only', () => {
    for (const [name, expected] of Object.entries(TABLE)) {
      expect(opencodeRuntime.classify(loadCapture('opencode', name, false)).kind, name).toBe(expected.kind);
    }
  });
});
