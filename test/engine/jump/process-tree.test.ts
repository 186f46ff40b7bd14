import { describe, expect, it } from 'vitest';
import { ancestry, appBundleOf, parsePsOutput, terminalAppOf } from '../../../main/engine/jump/process-tree.ts';

// macOS `ps -A -o pid= -o ppid= -o comm=`: full executable paths, some with spaces.
const MAC_PS = [
  '    1     0 /sbin/launchd',
  '  501     1 /Applications/iTerm.app/Contents/MacOS/iTerm2',
  '  610   501 /usr/bin/login',
  '  611   610 -zsh',
  '  700   611 tmux',
  '  800     1 /Applications/Visual Studio Code.app/Contents/MacOS/Electron',
  '  801   800 /Applications/Visual Studio Code.app/Contents/Frameworks/Code Helper.app/Contents/MacOS/Code Helper',
  '  802   801 /bin/zsh',
  '  803   802 tmux',
  'garbage line',
].join('\n');

describe('parsePsOutput', () => {
  it('reads pid, parent and the whole executable path', () => {
    const table = parsePsOutput(MAC_PS);
    expect(table.get(800)).toEqual({
      pid: 800,
      ppid: 1,
      comm: '/Applications/Visual Studio Code.app/Contents/MacOS/Electron',
      argv: '/Applications/Visual Studio Code.app/Contents/MacOS/Electron',
    });
    expect(table.size).toBe(9);
  });
});

describe('ancestry', () => {
  it('walks from the process up to (not including) init', () => {
    expect(ancestry(parsePsOutput(MAC_PS), 700).map((p) => p.pid)).toEqual([700, 611, 610, 501]);
  });

  it('stops on a loop', () => {
    const table = parsePsOutput('10 11 a\n11 10 b');
    expect(ancestry(table, 10).map((p) => p.pid)).toEqual([10, 11]);
  });
});

describe('terminalAppOf', () => {
  it('finds the terminal app above a tmux client', () => {
    expect(terminalAppOf(parsePsOutput(MAC_PS), 700)).toBe('/Applications/iTerm.app');
  });

  it('activates the app the user knows, not a helper app nested in it (VS Code’s terminal)', () => {
    expect(terminalAppOf(parsePsOutput(MAC_PS), 803)).toBe('/Applications/Visual Studio Code.app');
  });

  it('is null for a client with no app above it (ssh)', () => {
    expect(terminalAppOf(parsePsOutput('900 1 /usr/sbin/sshd\n901 900 tmux'), 901)).toBeNull();
  });
});

describe('appBundleOf', () => {
  it('cuts the path at the first .app', () => {
    expect(appBundleOf('/Applications/Ghostty.app/Contents/MacOS/ghostty')).toBe('/Applications/Ghostty.app');
    expect(appBundleOf('/usr/local/bin/tmux')).toBeNull();
  });
});
