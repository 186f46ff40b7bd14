import { describe, expect, it } from 'vitest';
import { ProcessError } from '../../../main/engine/platform/run.ts';
import { classifyTmuxMessage, tmuxFailure, tmuxProcessFailure } from '../../../main/engine/tmux/errors.ts';

describe('classifyTmuxMessage', () => {
  it.each([
    ['no server running on /tmp/tmux-0/x', 'no-server'],
    ['error connecting to /tmp/tmux-0/x (No such file or directory)', 'no-server'],
    ['error connecting to /tmp/s (Connection refused)', 'no-server'],
    ['server exited unexpectedly', 'no-server'],
    ["can't find pane: %99", 'no-such-pane'],
    ["can't find window: @3", 'no-such-pane'],
    ['error connecting to /tmp/s (Permission denied)', 'failed'],
    ['unknown command: frobnicate', 'failed'],
  ])('%s -> %s', (message, kind) => {
    expect(classifyTmuxMessage(message)).toBe(kind);
  });
});

describe('tmuxFailure', () => {
  it('names the subcommand and keeps the first line as message', () => {
    const err = tmuxFailure('send-keys', "can't find pane: %9\nmore");
    expect(err.message).toBe("tmux send-keys: can't find pane: %9");
    expect(err.kind).toBe('no-such-pane');
    expect(err.subcommand).toBe('send-keys');
  });
});

describe('tmuxProcessFailure', () => {
  it('maps a missing binary to not-installed', () => {
    const pe = new ProcessError('tmux', ['ls'], {
      exitCode: null,
      signal: null,
      timedOut: false,
      aborted: false,
      stderr: '',
      code: 'ENOENT',
    });
    expect(tmuxProcessFailure('list-panes', pe)).toMatchObject({ kind: 'not-installed', subcommand: 'list-panes' });
  });

  it('maps a timeout to failed', () => {
    const pe = new ProcessError('tmux', ['ls'], {
      exitCode: null,
      signal: 'SIGTERM',
      timedOut: true,
      aborted: false,
      stderr: '',
      code: null,
    });
    expect(tmuxProcessFailure('list-panes', pe)).toMatchObject({ kind: 'failed' });
  });
});
