import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { scrollTop, tuiLayout } from '../../../main/cli/tui/layout.ts';
import { safeLine } from '../../../main/cli/tui/safe-text.ts';
import { guardTerminal, RESTORE_SEQUENCE } from '../../../main/cli/tui/terminal-guard.ts';
import { tuiKey, type InkKey } from '../../../main/cli/tui/tui-keys.ts';
import { wantsColour } from '../../../main/cli/commands/tui.ts';
import { chooseClient } from '../../../main/engine/jump/jump-plan.ts';

const NO_KEY: InkKey = {
  upArrow: false,
  downArrow: false,
  home: false,
  end: false,
  return: false,
  escape: false,
  ctrl: false,
  meta: false,
};

describe('tuiKey', () => {
  it.each([
    ['j', 'next'],
    ['k', 'prev'],
    ['a', 'approve'],
    ['d', 'deny'],
    ['D', 'deny-message'],
    ['r', 'reply'],
    ['s', 'skip'],
    ['z', 'snooze'],
  ] as const)('%s in the list is %s', (input, command) => {
    expect(tuiKey(input, NO_KEY, 'list')).toEqual({ kind: 'command', command });
  });

  it('Enter jumps, q and Esc quit, ? opens the help', () => {
    expect(tuiKey('', { ...NO_KEY, return: true }, 'list')).toEqual({ kind: 'command', command: 'jump' });
    expect(tuiKey('q', NO_KEY, 'list')).toEqual({ kind: 'quit' });
    expect(tuiKey('', { ...NO_KEY, escape: true }, 'list')).toEqual({ kind: 'quit' });
    expect(tuiKey('?', NO_KEY, 'list')).toEqual({ kind: 'help' });
  });

  it('Ctrl or Alt with a letter does nothing (Ctrl-A is not approve)', () => {
    expect(tuiKey('a', { ...NO_KEY, ctrl: true }, 'list')).toEqual({ kind: 'none' });
    expect(tuiKey('a', { ...NO_KEY, meta: true }, 'list')).toEqual({ kind: 'none' });
  });

  it('the snooze menu takes a digit or Esc, and never approves', () => {
    expect(tuiKey('2', NO_KEY, 'snooze')).toEqual({ kind: 'snooze-choice', index: 1 });
    expect(tuiKey('a', NO_KEY, 'snooze')).toEqual({ kind: 'none' });
    expect(tuiKey('', { ...NO_KEY, escape: true }, 'snooze')).toEqual({ kind: 'command', command: 'cancel' });
  });

  it.each(['reply', 'deny-message'] as const)('while typing (%s), letters and digits are text: only Esc reaches the keymap', (mode) => {
    expect(tuiKey('a', NO_KEY, mode)).toEqual({ kind: 'none' });
    expect(tuiKey('1', NO_KEY, mode)).toEqual({ kind: 'none' });
    expect(tuiKey('', { ...NO_KEY, escape: true }, mode)).toEqual({ kind: 'command', command: 'cancel' });
  });
});

describe('safeLine', () => {
  it('makes control characters, C1 and direction overrides visible, and keeps the rest', () => {
    expect(safeLine('ok ✓ \x1b[2J\x07\x7f\x9b \u202e\u200b\nnext')).toBe('ok ✓ ␛[2J␇␡<U+009B> <U+202E><U+200B>␤next');
  });
});

describe('tuiLayout', () => {
  it('at 80×24 with 5 items shows every row and gives the rest to the pane lines', () => {
    expect(tuiLayout(24, 5, 0, 0)).toEqual({ listRows: 5, tailRows: 12 });
  });

  it('never asks for more rows than the terminal has', () => {
    expect(tuiLayout(8, 50, 2, 1)).toEqual({ listRows: 0, tailRows: 0 });
    expect(tuiLayout(12, 50, 1, 1)).toEqual({ listRows: 3, tailRows: 0 });
  });

  it('scrolls so the selection stays in view', () => {
    expect(scrollTop(0, 5, 50)).toBe(0);
    expect(scrollTop(30, 5, 50)).toBe(28);
    expect(scrollTop(49, 5, 50)).toBe(45);
  });
});

describe('guardTerminal', () => {
  const terminal = () => {
    const out: string[] = [];
    const raw: boolean[] = [];
    return {
      out,
      raw,
      t: { stdout: { write: (s: string) => out.push(s) }, stdin: { isTTY: true, setRawMode: (m: boolean) => raw.push(m) } },
    };
  };

  it.each(['SIGTERM', 'SIGINT', 'SIGHUP'] as const)('%s stops the UI, then leaves the alternate screen and raw mode', (signal) => {
    const proc = new EventEmitter();
    const { out, raw, t } = terminal();
    const order: string[] = [];
    guardTerminal(t, proc, { onSignal: (s) => order.push(`stop ${s}`), onCrash: () => order.push('crash') });
    proc.emit(signal);
    expect(order).toEqual([`stop ${signal}`]);
    expect(out).toEqual([RESTORE_SEQUENCE]);
    expect(raw).toEqual([false]);
  });

  it('an uncaught error restores the terminal before it is reported', () => {
    const proc = new EventEmitter();
    const { out, t } = terminal();
    const seen: string[] = [];
    guardTerminal(t, proc, { onSignal: () => {}, onCrash: () => seen.push(`crash after ${out.length} restore`) });
    proc.emit('uncaughtException', new Error('boom'));
    expect(seen).toEqual(['crash after 1 restore']);
  });

  it('after release (a normal quit, Ink restored) it writes nothing more', () => {
    const proc = new EventEmitter();
    const { out, t } = terminal();
    guardTerminal(t, proc, { onSignal: () => {}, onCrash: () => {} }).release();
    proc.emit('exit');
    expect(out).toEqual([]);
    expect(proc.listenerCount('SIGTERM')).toBe(0);
  });
});

describe('wantsColour', () => {
  it('is off under NO_COLOR (any non-empty value), on otherwise', () => {
    expect(wantsColour({ NO_COLOR: '1' })).toBe(false);
    expect(wantsColour({ NO_COLOR: '' })).toBe(true);
    expect(wantsColour({})).toBe(true);
  });
});

describe('chooseClient with the popup’s client', () => {
  const client = (tty: string, activity: number, sessionName = 'work') => ({ tty, pid: 1, sessionName, activity, termName: 'xterm' });

  it('moves the client that asked even when another was used more recently', () => {
    expect(chooseClient([client('/dev/pts/1', 10), client('/dev/pts/2', 99)], 'agent', '/dev/pts/1')?.tty).toBe('/dev/pts/1');
  });

  it('falls back to the usual choice when that client is not attached to the pane’s server', () => {
    expect(chooseClient([client('/dev/pts/1', 10), client('/dev/pts/2', 99)], 'agent', '/dev/pts/9')?.tty).toBe('/dev/pts/2');
  });
});
