/** Every Codex 0.169.0 capture classifies as its note (`.md`) says. */
import { describe, expect, it } from 'vitest';
import { codexRuntime } from '../../../../main/engine/runtimes/codex/index.ts';
import { approveKeyFor, denyKeyFor } from '../../../../main/engine/runtimes/common/keys.ts';
import type { OptionKind } from '../../../../main/engine/runtimes/types.ts';
import { captureNames, loadCapture } from './fixture-files.ts';

type Expected =
  | {
      kind: 'permission';
      tool: string | null;
      subject: string;
      kinds: OptionKind[];
      highlighted: number;
      approve: string | null;
      deny: string;
      /** Default: high. */
      confidence?: 'high' | 'low';
    }
  | { kind: 'dialog'; dialogId: string; highlighted: number | null }
  | { kind: 'idle'; draft: string }
  | { kind: 'working' }
  | { kind: 'unknown' };

const ONCE_ALWAYS_DENY: OptionKind[] = ['once', 'always', 'deny'];
const EDIT = '/home/dev/lab-codex/work/codex-git/lab-edit-demo.txt';

/** From the notes: state class, verified keys (`1` approves once, `3`/Esc deny). */
const TABLE: Record<string, Expected> = {
  'approval-edit': { kind: 'permission', tool: 'edit', subject: EDIT, kinds: ONCE_ALWAYS_DENY, highlighted: 0, approve: '1', deny: '3' },
  'approval-edit-update': {
    kind: 'permission',
    tool: 'edit',
    subject: EDIT,
    kinds: ONCE_ALWAYS_DENY,
    highlighted: 0,
    approve: '1',
    deny: '3',
  },
  'approval-exec': {
    kind: 'permission',
    tool: 'command',
    subject: 'touch lab-approve-1.txt',
    kinds: ONCE_ALWAYS_DENY,
    highlighted: 0,
    approve: '1',
    deny: '3',
  },
  // Highlight moved to the permanent rule: digits still select directly, so `1` is still the single use.
  'approval-exec-option2-selected': {
    kind: 'permission',
    tool: 'command',
    subject: 'touch lab-down.txt',
    kinds: ONCE_ALWAYS_DENY,
    highlighted: 1,
    approve: '1',
    deny: '3',
  },
  'approval-exec-prefix-rule': {
    kind: 'permission',
    tool: 'command',
    subject: 'mkdir -p lab-rule-dir',
    kinds: ONCE_ALWAYS_DENY,
    highlighted: 0,
    approve: '1',
    deny: '3',
  },
  // Live suite: a command asking for extra sandbox permissions (network); `1` ran it once.
  'approval-exec-network': {
    kind: 'permission',
    tool: 'command',
    subject: 'curl -s http://127.0.0.1:9/net-target; echo exit=$?',
    kinds: ['once', 'deny'],
    highlighted: 0,
    approve: '1',
    deny: '2',
  },
  'approval-exec-network-after-approve-1': { kind: 'idle', draft: '' },
  // Live suite: request_permissions. Every grant lasts the turn or the session: no approve key; Esc refused.
  'approval-grant-permissions': {
    kind: 'permission',
    tool: null,
    subject: '',
    kinds: ['always', 'always', 'always', 'deny'],
    highlighted: 0,
    approve: null,
    deny: 'Escape',
    confidence: 'low',
  },
  'approval-grant-permissions-after-esc': { kind: 'idle', draft: '' },
  'approval-edit-after-approve-1': { kind: 'idle', draft: '' },
  'approval-edit-after-deny-3': { kind: 'idle', draft: '' },
  'approval-exec-after-approve-1': { kind: 'idle', draft: '' },
  'approval-exec-after-deny-3': { kind: 'idle', draft: '' },
  'approval-exec-after-esc': { kind: 'idle', draft: '' },
  // Live suite, 0.169.0 with a hooks.json: a digit only moves the marker, Enter confirms.
  'dialog-hooks-review': { kind: 'dialog', dialogId: 'codex.hooks-review', highlighted: 0 },
  'dialog-hooks-review-after-down': { kind: 'dialog', dialogId: 'codex.hooks-review', highlighted: 1 },
  'dialog-login': { kind: 'dialog', dialogId: 'codex.login', highlighted: 0 },
  'dialog-login-other-way': { kind: 'dialog', dialogId: 'codex.login', highlighted: 0 },
  'dialog-model-migration': { kind: 'dialog', dialogId: 'codex.model-migration', highlighted: 0 },
  'dialog-trust': { kind: 'dialog', dialogId: 'codex.trust', highlighted: 0 },
  'idle-after-turn': { kind: 'idle', draft: '' },
  'idle-startup': { kind: 'idle', draft: '' },
  'idle-with-draft': { kind: 'idle', draft: 'draft text the user has not sent yet' },
  'interrupted-esc': { kind: 'idle', draft: '' },
  'model-migration-after-esc': { kind: 'idle', draft: '' },
  // The F2 warnings overlay hides the composer: typing there would not reach the agent.
  'overlay-warnings': { kind: 'dialog', dialogId: 'codex.warnings', highlighted: null },
  'working-before-esc': { kind: 'working' },
  'working-command-1': { kind: 'working' },
  'working-command-2': { kind: 'working' },
  'working-stream-1': { kind: 'working' },
  'working-stream-2': { kind: 'working' },
  'working-stream-3': { kind: 'working' },
  'working-think-1': { kind: 'working' },
  'working-think-2': { kind: 'working' },
  'working-think-3': { kind: 'working' },
  'working-wait-1': { kind: 'working' },
  'working-wait-2': { kind: 'working' },
  'working-wait-3': { kind: 'working' },
};

describe('codex fixtures', () => {
  it('has a table entry for every capture and a capture for every entry', () => {
    expect(Object.keys(TABLE).sort()).toEqual(captureNames('codex'));
  });

  for (const [name, expected] of Object.entries(TABLE)) {
    it(`${name} is ${expected.kind}`, () => {
      const screen = codexRuntime.classify(loadCapture('codex', name));
      expect(screen.kind).toBe(expected.kind);
      if (screen.kind === 'permission' && expected.kind === 'permission') {
        expect(screen.tool).toBe(expected.tool);
        expect(screen.subject).toBe(expected.subject);
        expect(screen.options.map((o) => o.kind)).toEqual(expected.kinds);
        expect(screen.options.map((o) => o.key)).toEqual(expected.kinds.map((_, i) => String(i + 1)));
        expect(screen.highlighted).toBe(expected.highlighted);
        expect(screen.confidence).toBe(expected.confidence ?? 'high');
        expect(approveKeyFor(screen)).toBe(expected.approve);
        expect(denyKeyFor(screen)).toBe(expected.deny);
      }
      if (screen.kind === 'dialog' && expected.kind === 'dialog') {
        expect(screen.dialogId).toBe(expected.dialogId);
        expect(screen.highlighted).toBe(expected.highlighted);
      }
      if (screen.kind === 'idle' && expected.kind === 'idle') expect(screen.draft).toBe(expected.draft);
    });
  }

  it('reads the same from the plain capture alone', () => {
    for (const name of Object.keys(TABLE)) {
      expect(codexRuntime.classify(loadCapture('codex', name, false)).kind, name).toBe(TABLE[name]?.kind);
    }
  });
});
