import { describe, expect, it } from 'vitest';
import { parseShellArgs } from '../../../main/shell/app/shell-args.ts';

describe('parseShellArgs', () => {
  it('reads repeated --tmux-socket in both spellings', () => {
    expect(parseShellArgs(['/usr/bin/electron', 'dist/main/shell/main.js', '--tmux-socket', '/tmp/a', '--tmux-socket=/tmp/b c']).tmuxSockets).toEqual(['/tmp/a', '/tmp/b c']);
  });

  it('ignores Electron’s and Chromium’s own flags', () => {
    expect(parseShellArgs(['app', '--no-sandbox', '--inspect=9229', '--open-queue'])).toEqual({ tmuxSockets: [], openQueue: true, testHook: false });
  });

  it('does not take the next flag as a socket path', () => {
    expect(parseShellArgs(['app', '--tmux-socket', '--test-hook'])).toEqual({ tmuxSockets: [], openQueue: false, testHook: true });
  });
});
