import { describe, expect, it } from 'vitest';
import { commandLine, quoteArg } from '../../../main/engine/tmux/quote.ts';

describe('quoteArg', () => {
  it('wraps plain text in double quotes', () => {
    expect(quoteArg('capture-pane')).toBe('"capture-pane"');
  });

  it('escapes backslash, double quote and dollar', () => {
    expect(quoteArg('a\\b"c$HOME')).toBe('"a\\\\b\\"c\\$HOME"');
  });

  it('turns control characters into octal escapes, so a quoted line never contains a newline', () => {
    expect(quoteArg('a\nb\r\x1b\x7f\x01')).toBe('"a\\012b\\015\\033\\177\\001"');
  });

  it('leaves unicode, #, ~, ; and braces literal', () => {
    expect(quoteArg('é✳ #{x} ~ ; {}')).toBe('"é✳ #{x} ~ ; {}"');
  });
});

describe('commandLine', () => {
  it('joins quoted arguments with spaces', () => {
    expect(commandLine(['send-keys', '-t', '%3', 'Enter'])).toBe('"send-keys" "-t" "%3" "Enter"');
  });

  it('refuses an empty command (an empty line would detach a control client)', () => {
    expect(() => commandLine([])).toThrow(/empty/);
  });

  it('refuses NUL, which tmux cannot carry', () => {
    expect(() => commandLine(['set-buffer', 'a\0b'])).toThrow(/NUL/);
  });
});
