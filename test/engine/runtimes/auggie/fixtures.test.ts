/** Every auggie 0.36.0 capture classifies as its note (`.md`) says; keys as verified there. */
import { describe, expect, it } from 'vitest';
import { auggieRuntime } from '../../../../main/engine/runtimes/auggie/index.ts';
import { approveKeyFor, denyKeyFor } from '../../../../main/engine/runtimes/common/keys.ts';
import { safeToType } from '../../../../main/engine/watchdog/gates.ts';
import { captureNames, loadCapture } from '../codex/fixture-files.ts';

type Expected =
  | { kind: 'permission'; tool: string; subject: string }
  | { kind: 'dialog'; dialogId: string; highlighted: number | null }
  | { kind: 'indexing'; highlighted: number | null }
  | { kind: 'idle'; draft: string }
  | { kind: 'working'; indicator: string };

const SHELL = 'echo approved >> lab-approve-count.txt';
const idle: Expected = { kind: 'idle', draft: '' };

/** From the notes: `a` allows this one call, `d` denies; Esc and every other key do nothing. */
const TABLE: Record<string, Expected> = {
  'approval-edit': { kind: 'permission', tool: 'Edit File', subject: 'lab-edit-demo.txt' },
  'approval-edit-2': { kind: 'permission', tool: 'Edit File', subject: 'lab-edit-demo.txt' },
  'approval-edit-after-allow': idle,
  'approval-edit-after-deny': idle,
  'approval-remove': { kind: 'permission', tool: 'Remove Files', subject: 'lab-remove-demo.txt' },
  'approval-shell': { kind: 'permission', tool: 'Terminal', subject: SHELL },
  'approval-shell-after-allow': idle,
  'approval-shell-after-deny': idle,
  // Esc and Enter/y/n/Ctrl+C/Ctrl+D/Space leave the prompt exactly as it was.
  'approval-shell-after-esc': { kind: 'permission', tool: 'Terminal', subject: SHELL },
  'approval-shell-after-other-keys': { kind: 'permission', tool: 'Terminal', subject: SHELL },
  'approval-shell-long': {
    kind: 'permission',
    tool: 'Terminal',
    subject:
      'echo this-is-a-deliberately-long-command-line-to-see-how-the-approval-box-wraps-or-truncates-it >>\nlab-long-command-output.txt && echo done',
  },
  'approval-shell-multiline': { kind: 'permission', tool: 'Terminal', subject: 'echo first line of a two-line command\necho second line' },
  'approval-shell-permission-flag': { kind: 'permission', tool: 'Terminal', subject: 'echo flag >> lab-flag-count.txt' },
  'approval-shell-repeat': { kind: 'permission', tool: 'Terminal', subject: SHELL },
  'approval-write': { kind: 'permission', tool: 'Save File', subject: 'lab-write-demo.txt' },
  'approval-write-after-allow': idle,
  'default-no-prompt': idle,
  'dialog-indexing': { kind: 'indexing', highlighted: null },
  'dialog-indexing-after-down': { kind: 'indexing', highlighted: 0 },
  'dialog-tips-1': { kind: 'dialog', dialogId: 'auggie.tips', highlighted: 0 },
  'dialog-tips-2': { kind: 'dialog', dialogId: 'auggie.tips', highlighted: 0 },
  'dialog-tips-3': { kind: 'dialog', dialogId: 'auggie.tips', highlighted: 0 },
  'dialog-welcome': { kind: 'dialog', dialogId: 'auggie.welcome', highlighted: 0 },
  'idle-after-turn': idle,
  'idle-startup': idle,
  'idle-with-draft': { kind: 'idle', draft: 'a draft that is not sent' },
  'interrupted-esc': idle,
  'working-command': { kind: 'working', indicator: '⠋ Executing tools... (3s • esc to interrupt)' },
  'working-stream-1': { kind: 'working', indicator: '⠴ Processing response... (2s • esc to interrupt)' },
  'working-stream-2': { kind: 'working', indicator: '⠙ Processing response... (8s • esc to interrupt)' },
  'working-stream-3': { kind: 'working', indicator: '⠦ Processing response... (14s • esc to interrupt)' },
  'working-think-1': { kind: 'working', indicator: '⠲ Sending request... (2s • esc to interrupt)' },
  'working-think-2': { kind: 'working', indicator: '⠴ Sending request... (7s • esc to interrupt)' },
  'working-wait-1': { kind: 'working', indicator: '⠲ Sending request... (2s • esc to interrupt)' },
  'working-wait-2': { kind: 'working', indicator: '⠓ Sending request... (8s • esc to interrupt)' },
};

describe('auggie 0.36.0 captures', () => {
  it('is a verified runtime', () => {
    expect(auggieRuntime.verified).toBe(true);
  });

  it('has a table entry for every capture and a capture for every entry', () => {
    expect(Object.keys(TABLE).sort()).toEqual(captureNames('auggie'));
  });

  for (const [name, expected] of Object.entries(TABLE)) {
    it(`${name} is ${expected.kind}`, () => {
      for (const colour of [true, false]) {
        const screen = auggieRuntime.classify(loadCapture('auggie', name, colour));
        expect(screen.kind).toBe(expected.kind === 'indexing' ? 'permission' : expected.kind);
        if (screen.kind === 'permission' && expected.kind === 'indexing') {
          expect([screen.tool, screen.subject, screen.highlighted, screen.confidence]).toEqual([
            'Workspace indexing',
            '/home/me/auggie/work/project',
            expected.highlighted,
            'high',
          ]);
          expect([approveKeyFor(screen), denyKeyFor(screen)]).toEqual(['3', 'Escape']);
        }
        if (screen.kind === 'permission' && expected.kind === 'permission') {
          expect([screen.tool, screen.subject, screen.question]).toEqual([expected.tool, expected.subject, 'Tool Approval Required']);
          expect(screen.options).toEqual([
            { key: 'a', label: 'Allow', kind: 'once' },
            { key: 'd', label: 'Deny', kind: 'deny' },
          ]);
          expect([screen.highlighted, screen.confidence, screen.escapeDenies]).toEqual([null, 'high', false]);
          expect(approveKeyFor(screen)).toBe('a');
          expect(denyKeyFor(screen)).toBe('d');
        }
        if (screen.kind === 'dialog' && expected.kind === 'dialog') {
          expect([screen.dialogId, screen.highlighted]).toEqual([expected.dialogId, expected.highlighted]);
        }
        if (screen.kind === 'idle' && expected.kind === 'idle') expect(screen.draft).toBe(expected.draft);
        if (screen.kind === 'working' && expected.kind === 'working') expect(screen.indicator).toBe(expected.indicator);
      }
    });
  }

  it('refuses to type (reply, wake-up, watchdog) at every approval prompt: typed a or d would answer it', () => {
    const prompts = Object.entries(TABLE).filter(([, e]) => e.kind === 'permission');
    expect(prompts.length).toBeGreaterThan(5);
    for (const [name] of prompts) expect(safeToType(auggieRuntime.classify(loadCapture('auggie', name))), name).toBe(false);
  });

  it('never says Escape denies: Esc does nothing at the approval prompt', () => {
    const screen = auggieRuntime.classify(loadCapture('auggie', 'approval-shell-after-esc'));
    if (screen.kind !== 'permission') throw new Error(screen.kind);
    expect(denyKeyFor({ ...screen, options: screen.options.filter((o) => o.kind !== 'deny') })).toBeNull();
  });

  it('reads the indexing consent with its digits; approve is 3 (this session only), never 1 or Enter', () => {
    const screen = auggieRuntime.classify(loadCapture('auggie', 'dialog-indexing-after-down'));
    if (screen.kind !== 'permission') throw new Error(screen.kind);
    expect(screen.options.map((o) => [o.key, o.label, o.kind])).toEqual([
      ['1', 'Always index this workspace - Unlock full workspace understanding', 'always'],
      ['2', 'Never index this workspace - Use basic assistance only', 'always'],
      ['3', 'Index this workspace for this session', 'once'],
      ['4', 'Skip indexing for this session', 'other'],
    ]);
    // The marker stands on [1] (index for good): Enter would choose it.
    expect(screen.highlighted).toBe(0);
    expect(approveKeyFor(screen)).toBe('3');
  });
});
