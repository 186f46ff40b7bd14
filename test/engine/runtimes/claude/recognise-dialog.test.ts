/** Dialogs: unknown menus still block (generic dialog), lists without a cursor are not menus, dialogs get no approve. */
import { describe, expect, it } from 'vitest';
import { claudeRuntime } from '../../../../main/engine/runtimes/claude/index.ts';
import { CLAUDE_FIXTURES, plainLines } from './load-fixture.ts';

const RULE = '─'.repeat(120);
const classify = (lines: readonly string[]) => claudeRuntime.classify({ lines });

describe('dialogs', () => {
  it('an unknown menu with a cursor is a generic dialog', () => {
    const lines = [
      RULE,
      ' Pick one',
      '',
      ' Which model should Claude use?',
      ' ❯ 1. Opus',
      '   2. Sonnet',
      '',
      ' Enter to confirm · Esc to exit',
    ];
    expect(classify(lines)).toEqual({
      kind: 'dialog',
      runtime: 'claude',
      dialogId: null,
      question: 'Which model should Claude use?',
      options: [
        { key: '1', label: 'Opus', kind: 'other' },
        { key: '2', label: 'Sonnet', kind: 'other' },
      ],
      highlighted: 0,
    });
  });

  it('a numbered list at the bottom with no cursor and no input box is not a dialog', () => {
    const lines = ['● Here is the plan:', '', '  1. Create the file', '  2. Run the tests'];
    expect(classify(lines).kind).toBe('unknown');
  });

  it('plan approval offering a plain "Yes" is a dialog, never a permission prompt to approve', () => {
    const lines = plainLines(CLAUDE_FIXTURES, 'v2.1.197/plan-approval');
    const screen = classify(lines);
    expect(screen.kind).toBe('dialog');
    expect(screen.kind === 'dialog' ? screen.options[0] : null).toEqual({ key: '1', label: 'Yes', kind: 'once' });
  });

  it('the trust dialog stays a dialog when its wording around the options changes', () => {
    const lines = plainLines(CLAUDE_FIXTURES, 'startup-trust-folder').map((l) => l.replace('Accessing workspace:', 'Workspace:'));
    const screen = classify(lines);
    expect(screen.kind === 'dialog' ? screen.dialogId : screen.kind).toBe('claude.trust-folder');
  });

  it('a dialog drawn above a shell prompt (the CLI already exited) is not a dialog', () => {
    expect(classify(plainLines(CLAUDE_FIXTURES, 'startup-trust-folder-after-esc')).kind).toBe('unknown');
  });
});
