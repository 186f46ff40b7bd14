import { describe, expect, it } from 'vitest';
import { opensQueueAtStart, parseShellArgs, testHookAllowed } from '../../../main/shell/app/shell-args.ts';

describe('parseShellArgs', () => {
  it('reads repeated --tmux-socket in both spellings', () => {
    expect(
      parseShellArgs(['/usr/bin/electron', 'dist/main/shell/main.js', '--tmux-socket', '/tmp/a', '--tmux-socket=/tmp/b c']).tmuxSockets,
    ).toEqual(['/tmp/a', '/tmp/b c']);
  });

  it('ignores Electron’s and Chromium’s own flags', () => {
    expect(parseShellArgs(['app', '--no-sandbox', '--inspect=9229', '--open-queue'])).toEqual({
      tmuxSockets: [],
      openQueue: true,
      testHook: false,
      atLogin: false,
    });
  });

  it('does not take the next flag as a socket path', () => {
    expect(parseShellArgs(['app', '--tmux-socket', '--test-hook'])).toEqual({
      tmuxSockets: [],
      openQueue: false,
      testHook: true,
      atLogin: false,
    });
  });

  it('reads --at-login, the flag login items start the app with', () => {
    expect(parseShellArgs(['app', '--at-login']).atLogin).toBe(true);
  });
});

describe('opensQueueAtStart', () => {
  const args = (over: string[]) => parseShellArgs(['app', ...over]);
  it('opens the queue when started by hand (no tray icon on a bare GNOME would leave nothing visible)', () => {
    expect(opensQueueAtStart(args([]), false)).toBe(true);
  });
  it('stays in the tray when started at login, by flag (Linux, Windows) or as macOS reports it', () => {
    expect(opensQueueAtStart(args(['--at-login']), false)).toBe(false);
    expect(opensQueueAtStart(args([]), true)).toBe(false);
  });
  it('--open-queue always opens it', () => {
    expect(opensQueueAtStart(args(['--open-queue', '--at-login']), true)).toBe(true);
  });
});

describe('testHookAllowed', () => {
  it('only in an unpackaged app', () => {
    expect(testHookAllowed(parseShellArgs(['app', '--test-hook']), false)).toBe(true);
    expect(testHookAllowed(parseShellArgs(['app', '--test-hook']), true)).toBe(false);
    expect(testHookAllowed(parseShellArgs(['app']), false)).toBe(false);
  });
});
