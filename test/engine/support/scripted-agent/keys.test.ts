import { describe, expect, it } from 'vitest';
import { KeyDecoder, canonicalKeyName } from '../../../support/scripted-agent/keys.ts';

function decode(...chunks: string[]): string[] {
  const d = new KeyDecoder();
  const names = chunks.flatMap((c) => d.feed(c).map((k) => k.name));
  return [...names, ...d.flush().map((k) => k.name)];
}

describe('KeyDecoder', () => {
  it('names the keys tmux send-keys delivers', () => {
    expect(decode('1y\r\t\x7f\x15 ')).toEqual(['1', 'y', 'Enter', 'Tab', 'BSpace', 'C-u', 'Space']);
  });

  it('decodes arrows, Home/End and BTab in CSI and SS3 forms', () => {
    expect(decode('\x1b[A\x1b[B\x1b[C\x1b[D\x1b[1~\x1b[4~\x1b[H\x1b[F\x1bOA\x1bOH\x1b[Z')).toEqual([
      'Up',
      'Down',
      'Right',
      'Left',
      'Home',
      'End',
      'Home',
      'End',
      'Up',
      'Home',
      'BTab',
    ]);
  });

  it('names modified arrows like tmux (C-Up)', () => {
    expect(decode('\x1b[1;5A\x1b[1;2B')).toEqual(['C-Up', 'S-Down']);
  });

  it('keeps a lone ESC pending until the timeout flushes it as Escape', () => {
    const d = new KeyDecoder();
    expect(d.feed('\x1b')).toEqual([]);
    expect(d.hasPending).toBe(true);
    expect(d.flush().map((k) => k.name)).toEqual(['Escape']);
    expect(d.hasPending).toBe(false);
  });

  it('joins an escape sequence split across reads', () => {
    expect(decode('\x1b', '[B')).toEqual(['Down']);
  });

  it('reads ESC followed by a character in the same read as Meta, as Claude does', () => {
    expect(decode('\x1bx')).toEqual(['M-x']);
  });

  it('reads ESC ESC as Escape then what follows', () => {
    expect(decode('\x1b\x1b[B')).toEqual(['Escape', 'Down']);
  });

  it('returns a bracketed paste as one Paste key with its text', () => {
    const d = new KeyDecoder();
    const keys = [...d.feed('\x1b[200~hello\rworld\x1b[201~\r')];
    expect(keys.map((k) => [k.name, k.text])).toEqual([
      ['Paste', 'hello\rworld'],
      ['Enter', undefined],
    ]);
  });

  it('waits for the end of a paste split across reads', () => {
    const d = new KeyDecoder();
    expect(d.feed('\x1b[200~par')).toEqual([]);
    expect(d.feed('t\x1b[201~').map((k) => k.text)).toEqual(['part']);
  });

  it('keeps every character: the raw texts of the keys add up to the input', () => {
    const input = 'a\x1b[B\x1bx\r\x1b[1;5A\u00e9\u{1F600}\x1b[99z';
    const d = new KeyDecoder();
    const keys = [...d.feed(input), ...d.flush()];
    expect(keys.map((k) => k.raw).join('')).toBe(input);
  });

  it('treats a wide character as one key', () => {
    expect(decode('\u{1F600}é')).toEqual(['\u{1F600}', 'é']);
  });
});

describe('canonicalKeyName', () => {
  it('passes tmux names through and decodes raw bytes', () => {
    expect([
      canonicalKeyName('Enter'),
      canonicalKeyName('\r'),
      canonicalKeyName('\x1b'),
      canonicalKeyName('\x1b[B'),
      canonicalKeyName('C-u'),
      canonicalKeyName('y'),
    ]).toEqual(['Enter', 'Enter', 'Escape', 'Down', 'C-u', 'y']);
  });

  it('rejects more than one key', () => {
    expect(canonicalKeyName('yes')).toBeNull();
  });
});
