/**
 * Question and plan dialogs in any language (issue 29): the options a user wrote or a translated plan
 * carries are read as a dialog with every option, never a permission, never a key. Claude Code's own
 * chrome (tabs, footer hints, "Exit plan mode?") stays English; the rest is Japanese here.
 */
import { describe, expect, it } from 'vitest';
import { claudeRuntime } from '../../../../main/engine/runtimes/claude/index.ts';

const RULE = '─'.repeat(80);

describe('Claude Code dialogs in Japanese', () => {
  it('reads an AskUserQuestion form with Japanese options as a dialog with its options', () => {
    const screen = claudeRuntime.classify({
      lines: [
        '❯ 計画して',
        RULE,
        '←  ☐ 方針  ✔ 送信  →',
        '',
        'どの方針で進めますか?',
        '',
        '❯ 1. 既知のCLIのみ (推奨)',
        '     既存の一覧だけを使う。',
        '  2. 全プリセット対応',
        '     すべて対応する。',
        '  3. Type something.',
        RULE,
        '  4. Chat about this',
        '',
        'Enter to select · Tab/Arrow keys to navigate · Esc to cancel',
      ],
    });
    expect(screen).toMatchObject({
      kind: 'dialog',
      dialogId: 'claude.ask-user-question',
      question: 'どの方針で進めますか?',
      highlighted: 0,
    });
    expect(screen.kind === 'dialog' ? screen.options.map((o) => o.label) : []).toEqual([
      '既知のCLIのみ (推奨)',
      '全プリセット対応',
      'Type something.',
      'Chat about this',
    ]);
  });

  it('reads a plan approval with Japanese options as the plan dialog, no option approvable', () => {
    const screen = claudeRuntime.classify({
      lines: [
        RULE,
        ' Exit plan mode?',
        '',
        ' Claude はプランモードを終了します',
        '',
        ' ❯ 1. はい、自動で編集を承認する',
        '   2. はい、手動で承認する',
        '   3. いいえ、計画を続ける',
        '',
        ' Enter to confirm · Esc to cancel',
      ],
    });
    expect(screen).toMatchObject({ kind: 'dialog', dialogId: 'claude.plan-approval' });
    expect(screen.kind === 'dialog' ? screen.options.map((o) => o.kind) : []).toEqual(['other', 'other', 'other']);
  });
});
