import { describe, expect, it } from 'vitest';
import { splitCommandLine } from '../../../main/engine/jump/command-line-split.ts';

const split = (line: string) => {
  const r = splitCommandLine(line);
  if (!r.ok) throw new Error(r.problem);
  return r.argv;
};

describe('splitCommandLine', () => {
  it('splits on whitespace', () => {
    expect(split('  kitty  -e {tmux} attach -t {target} ')).toEqual(['kitty', '-e', '{tmux}', 'attach', '-t', '{target}']);
  });

  it('keeps single-quoted text literal', () => {
    expect(split(`sh -c 'tmux attach -t {target}; echo "$x"'`)).toEqual(['sh', '-c', 'tmux attach -t {target}; echo "$x"']);
  });

  it('honours backslash escapes inside double quotes only for the shell’s special characters', () => {
    expect(split(`echo "a \\"b\\" \\n"`)).toEqual(['echo', 'a "b" \\n']);
  });

  it('joins adjacent quoted parts into one word and keeps empty quoted words', () => {
    expect(split(`a'b'"c" '' d\\ e`)).toEqual(['abc', '', 'd e']);
  });

  it('reports an unclosed quote', () => {
    expect(splitCommandLine(`sh -c 'oops`)).toEqual({ ok: false, problem: 'unclosed single quote' });
  });
});
