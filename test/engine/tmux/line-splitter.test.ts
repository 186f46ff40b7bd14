import { describe, expect, it } from 'vitest';
import { LineSplitter } from '../../../main/engine/tmux/line-splitter.ts';

describe('LineSplitter', () => {
  it('returns complete lines and keeps the rest', () => {
    const s = new LineSplitter();
    expect(s.push(Buffer.from('a\nb\nc'))).toEqual(['a', 'b']);
    expect(s.push(Buffer.from('d\n'))).toEqual(['cd']);
  });

  it('does not mangle a multi-byte character cut across chunks', () => {
    const bytes = Buffer.from('✳ é\n');
    const s = new LineSplitter();
    expect(s.push(bytes.subarray(0, 1))).toEqual([]);
    expect(s.push(bytes.subarray(1, 4))).toEqual([]);
    expect(s.push(bytes.subarray(4))).toEqual(['✳ é']);
  });

  it('keeps empty lines', () => {
    expect(new LineSplitter().push(Buffer.from('\n\nx\n'))).toEqual(['', '', 'x']);
  });

  it('flushes an unterminated tail once', () => {
    const s = new LineSplitter();
    s.push(Buffer.from('x\ntail'));
    expect(s.flush()).toBe('tail');
    expect(s.flush()).toBeNull();
  });
});
