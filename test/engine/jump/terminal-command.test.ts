import { describe, expect, it } from 'vitest';
import {
  appleScriptEscape,
  configuredTerminalCommand,
  defaultTerminalCommand,
  expandTerminalCommand,
  shellQuote,
} from '../../../main/engine/jump/terminal-command.ts';

const ctx = { target: '%7', socket: '/tmp/tmux-1000/default' };
const expand = (template: readonly string[], c = ctx) => {
  const r = expandTerminalCommand(template, c);
  if (!r.ok) throw new Error(r.problem);
  return [r.command.file, ...r.command.args];
};

describe('shellQuote', () => {
  it('leaves plain words alone', () => {
    expect(shellQuote('/tmp/tmux-1000/default')).toBe('/tmp/tmux-1000/default');
    expect(shellQuote('%7')).toBe('%7');
  });

  it('single-quotes anything else, escaping single quotes', () => {
    expect(shellQuote('/tmp/my socks/a')).toBe(`'/tmp/my socks/a'`);
    expect(shellQuote(`it's $HOME; rm -rf /`)).toBe(`'it'\\''s $HOME; rm -rf /'`);
  });
});

describe('appleScriptEscape', () => {
  it('escapes backslashes and double quotes', () => {
    expect(appleScriptEscape('a"b\\c')).toBe('a\\"b\\\\c');
  });
});

describe('expandTerminalCommand', () => {
  it('expands {tmux} as a whole argument into tmux with its socket', () => {
    expect(expand(['x-terminal-emulator', '-e', '{tmux}', 'attach-session', '-t', '{target}'])).toEqual([
      'x-terminal-emulator',
      '-e',
      'tmux',
      '-S',
      '/tmp/tmux-1000/default',
      'attach-session',
      '-t',
      '%7',
    ]);
  });

  it('passes whole-argument values as they are, even with spaces and quotes (no shell reads them)', () => {
    const odd = { target: '%7', socket: `/tmp/it's a dir/sock` };
    expect(expand(['kitty', 'tmux', '-S', '{socket}', 'attach', '-t', '{target}'], odd)).toEqual([
      'kitty',
      'tmux',
      '-S',
      `/tmp/it's a dir/sock`,
      'attach',
      '-t',
      '%7',
    ]);
  });

  it('shell-quotes values embedded in a longer argument', () => {
    const odd = { target: '%7', socket: '/tmp/a b/sock' };
    expect(expand(['sh', '-c', 'exec tmux -S {socket} attach -t {target}'], odd)).toEqual([
      'sh',
      '-c',
      `exec tmux -S '/tmp/a b/sock' attach -t %7`,
    ]);
  });

  it('drops hand-written single quotes around a placeholder (the value is quoted already)', () => {
    const odd = { target: '%7', socket: '/tmp/a b/sock' };
    expect(expand(['sh', '-c', `tmux -S '{socket}' attach -t '{target}'`], odd)).toEqual([
      'sh',
      '-c',
      `tmux -S '/tmp/a b/sock' attach -t %7`,
    ]);
  });

  it('for osascript also escapes the value for the AppleScript string it sits in', () => {
    const odd = { target: '%7', socket: '/tmp/x"y/sock' };
    const argv = expand(defaultTerminalCommand('darwin'), odd);
    expect(argv[0]).toBe('osascript');
    expect(argv[2]).toBe(`tell application "Terminal" to do script "tmux -S '/tmp/x\\"y/sock' attach-session -t %7"`);
  });

  it('expands {tmux} embedded in a command line as quoted words', () => {
    expect(expand(['wezterm', 'start', '--', 'sh', '-c', '{tmux} attach -t {target}'])).toEqual([
      'wezterm',
      'start',
      '--',
      'sh',
      '-c',
      'tmux -S /tmp/tmux-1000/default attach -t %7',
    ]);
  });

  it('refuses a template without {target}', () => {
    expect(expandTerminalCommand(['xterm', '-e', '{tmux}', 'attach'], ctx)).toEqual({
      ok: false,
      problem: expect.stringContaining('{target}'),
    });
  });

  it('refuses an empty template', () => {
    expect(expandTerminalCommand([], ctx).ok).toBe(false);
  });
});

describe('defaultTerminalCommand', () => {
  it('opens x-terminal-emulator on Linux', () => {
    expect(expand(defaultTerminalCommand('linux'))).toEqual([
      'x-terminal-emulator',
      '-e',
      'tmux',
      '-S',
      '/tmp/tmux-1000/default',
      'attach-session',
      '-t',
      '%7',
    ]);
  });

  it('opens Windows Terminal with WSL on Windows', () => {
    expect(expand(defaultTerminalCommand('win32'))).toEqual([
      'wt.exe',
      'wsl.exe',
      'tmux',
      '-S',
      '/tmp/tmux-1000/default',
      'attach-session',
      '-t',
      '%7',
    ]);
  });

  it('drives Terminal.app through osascript on macOS', () => {
    expect(expand(defaultTerminalCommand('darwin'))).toEqual([
      'osascript',
      '-e',
      'tell application "Terminal" to do script "tmux -S /tmp/tmux-1000/default attach-session -t %7"',
      '-e',
      'tell application "Terminal" to activate',
    ]);
  });

  it('accepts the engine config’s defaults, which quote placeholders by hand', () => {
    const engineDarwin = [
      'osascript',
      '-e',
      `tell application "Terminal" to do script "tmux -S '{socket}' attach-session -t '{target}'"`,
      '-e',
      'tell application "Terminal" to activate',
    ];
    expect(expand(engineDarwin, { target: '%7', socket: '/tmp/a b' })[2]).toBe(
      `tell application "Terminal" to do script "tmux -S '/tmp/a b' attach-session -t %7"`,
    );
  });
});

describe('configuredTerminalCommand', () => {
  const terminal = { linux: ['xterm', '-e', '{tmux}', 'attach', '-t', '{target}'], darwin: ['open'], win32: ['wt.exe'] };

  it('takes the platform’s argv when no one-line command is set', () => {
    expect(configuredTerminalCommand(terminal, 'linux')).toEqual({ ok: true, argv: terminal.linux });
    expect(configuredTerminalCommand({ ...terminal, command: null }, 'darwin')).toEqual({ ok: true, argv: ['open'] });
  });

  it('splits the one-line command, which wins on every platform', () => {
    expect(configuredTerminalCommand({ ...terminal, command: `kitty sh -c '{tmux} attach -t {target}'` }, 'win32')).toEqual({
      ok: true,
      argv: ['kitty', 'sh', '-c', '{tmux} attach -t {target}'],
    });
  });

  it('says why a one-line command cannot be read', () => {
    expect(configuredTerminalCommand({ ...terminal, command: `kitty 'oops` }, 'linux')).toEqual({
      ok: false,
      problem: 'the terminal command has an unclosed single quote',
    });
  });
});
