import { describe, expect, it } from 'vitest';
import { markedScript, splitMarkedOutput } from '../../../main/engine/tmux/batch-script.ts';

describe('markedScript', () => {
  it('puts a marker line before each command and one at the end', () => {
    expect(markedScript([['capture-pane', '-p', '-t', '%1']], 'n0')).toBe(
      '"display-message" "-p" "n0 0"\n"capture-pane" "-p" "-t" "%1"\n"display-message" "-p" "n0 end"\n',
    );
  });
});

describe('splitMarkedOutput', () => {
  it('gives each command its own lines', () => {
    expect(splitMarkedOutput('n 0\na\nb\nn 1\nc\nn end\n', 'n', 2)).toEqual([['a', 'b'], ['c']]);
  });

  it('gives a command that printed nothing (a vanished pane) an empty section', () => {
    expect(splitMarkedOutput('n 0\nn 1\nc\nn end\n', 'n', 2)).toEqual([[], ['c']]);
  });

  it('keeps pane text that looks like a marker with another nonce', () => {
    expect(splitMarkedOutput('n 0\nm 1\nn end\n', 'n', 2)).toEqual([['m 1'], []]);
  });

  it('keeps empty screen lines', () => {
    expect(splitMarkedOutput('n 0\n\n\nn end\n', 'n', 1)).toEqual([['', '']]);
  });

  it('returns null everywhere when the end marker is missing', () => {
    expect(splitMarkedOutput('n 0\na\n', 'n', 2)).toEqual([null, null]);
  });
});
