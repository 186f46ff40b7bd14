/** The input box: drafts (one line, wrapped, placeholder), and shapes that only look like it. */
import { describe, expect, it } from 'vitest';
import { claudeRuntime } from '../../../../main/engine/runtimes/claude/index.ts';
import { CLAUDE_FIXTURES, plainLines } from './load-fixture.ts';

const RULE = '─'.repeat(120);
const classify = (lines: readonly string[]) => claudeRuntime.classify({ lines });

describe('idle input box', () => {
  it('joins a wrapped draft with newlines', () => {
    const lines = ['● Done.', '', RULE, '❯ first line of a long request that', '  wraps onto a second line', RULE, '  ⏸ manual mode on'];
    expect(classify(lines)).toEqual({
      kind: 'idle',
      runtime: 'claude',
      draft: 'first line of a long request that\nwraps onto a second line',
    });
  });

  it('reads the NBSP after ❯ as a space', () => {
    const lines = [RULE, '❯\u00a0hello', RULE, '  ⏸ manual mode on'];
    expect(classify(lines)).toEqual({ kind: 'idle', runtime: 'claude', draft: 'hello' });
  });

  it('treats text shown with "? for shortcuts" as the placeholder, not a draft', () => {
    const lines = [RULE, '❯ Try "refactor <filepath>"', RULE, '  ⏸ manual mode on · ? for shortcuts'];
    expect(classify(lines)).toEqual({ kind: 'idle', runtime: 'claude', draft: '' });
  });

  it('is not idle when the box has no closing rule', () => {
    expect(classify([RULE, '❯ ', '  ⏸ manual mode on · ? for shortcuts']).kind).toBe('unknown');
  });

  it('is not idle when a list sits under the rule (AskUserQuestion has a rule inside its options)', () => {
    const lines = plainLines(CLAUDE_FIXTURES, 'ask-user-question');
    expect(classify(lines).kind).toBe('dialog');
  });

  it('is not idle when an old user message is the last ❯ line above a prompt', () => {
    // noaltscreen keeps the scrollback: "❯ lab:bash n1 …" is above the prompt, not an input box.
    expect(classify(plainLines(CLAUDE_FIXTURES, 'perm-bash-noaltscreen')).kind).toBe('permission');
  });
});

describe('working above the input box', () => {
  it('is working with a spinner even when the footer does not say esc to interrupt', () => {
    const lines = ['✶ Pondering… (1s)', '', RULE, '❯ ', RULE, '  ⏸ manual mode on · ? for shortcuts'];
    expect(classify(lines)).toEqual({ kind: 'working', runtime: 'claude', indicator: '✶ Pondering… (1s)' });
  });

  it('is working with only "esc to interrupt" in the footer', () => {
    const lines = ['● partial answer', '', RULE, '❯ ', RULE, '  ⏸ manual mode on · esc to interrupt'];
    expect(classify(lines)).toEqual({ kind: 'working', runtime: 'claude', indicator: '⏸ manual mode on · esc to interrupt' });
  });

  it('a finished-turn line above the box is not a spinner', () => {
    const lines = ['✻ Worked for 30s · done 11:00 PM', '', RULE, '❯ ', RULE, '  ⏸ manual mode on · ? for shortcuts'];
    expect(classify(lines).kind).toBe('idle');
  });

  it('a spinner far up in the scrollback does not count', () => {
    const lines = [
      '· Seasoning… (2s · ↓ 29 tokens)',
      '● answer',
      '',
      '✻ Worked for 2s',
      '',
      RULE,
      '❯ ',
      RULE,
      '  ⏸ manual mode on · ? for shortcuts',
    ];
    expect(classify(lines).kind).toBe('idle');
  });
});
