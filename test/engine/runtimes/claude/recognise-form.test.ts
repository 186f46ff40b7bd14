/** Claude's form dialogs (settings rows, `Enter to continue · Esc to cancel`): a question, never a key. */
import { describe, expect, it } from 'vitest';
import { claudeRuntime } from '../../../../main/engine/runtimes/claude/index.ts';

const EDGE = '▔'.repeat(80);
const FORM = [
  '✻ Churned for 41s · done 8:47 AM',
  EDGE,
  '   Teach auto mode about your environment?',
  '',
  '   Claude Code reads this project, your recent Claude sessions, and',
  '',
  '     How you use Claude here     Mixed',
  '   ❯ Also scan shell history     false',
  '     Also scan your other repos  false',
  '',
  '     Continue',
  '',
  '   ←/→ to change · Enter to continue · Esc to cancel',
];

describe('Claude form dialogs', () => {
  it('reads the auto-mode setup as a known dialog with its question and no options', () => {
    expect(claudeRuntime.classify({ lines: FORM })).toEqual({
      kind: 'dialog',
      runtime: 'claude',
      dialogId: 'claude.auto-mode-setup',
      question: 'Teach auto mode about your environment?',
      options: [],
      highlighted: null,
    });
  });

  it('reads an unfamiliar form under a ──── rule as a dialog without an id', () => {
    const lines = [...FORM];
    lines[1] = '─'.repeat(80);
    lines[2] = '   Set up something new?';
    const screen = claudeRuntime.classify({ lines });
    expect(screen.kind === 'dialog' ? [screen.dialogId, screen.question] : screen.kind).toEqual([null, 'Set up something new?']);
  });

  it('is no form without a title question under the edge', () => {
    const lines = [...FORM];
    lines[2] = '   Some notice';
    expect(claudeRuntime.classify({ lines }).kind).toBe('unknown');
  });

  it('is no form when the footer offers no Esc', () => {
    const lines = [...FORM];
    lines[lines.length - 1] = '   ←/→ to change · Enter to continue';
    expect(claudeRuntime.classify({ lines }).kind).toBe('unknown');
  });
});
