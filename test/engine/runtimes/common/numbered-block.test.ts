/** A numbered option list read upward (Gemini CLI, Qwen Code, Copilot CLI): whole lists only, wrapped rows joined. */
import { describe, expect, it } from 'vitest';
import { numberedBlockEndingAt } from '../../../../main/engine/runtimes/common/numbered-block.ts';

const SHAPE = { markers: '❯', maxWrapped: 2 };

describe('numberedBlockEndingAt', () => {
  it("reads 1..n with the marker and each option's wrapped rows", () => {
    const rows = [
      'Do you want to run this command?',
      '',
      '❯ 1. Yes',
      "2. Yes, and don't ask again for file operations when in",
      'this directory',
      '3. No',
    ];
    expect(numberedBlockEndingAt(rows, 5, SHAPE)).toEqual({
      start: 2,
      options: [
        { number: 1, label: 'Yes', marked: true },
        { number: 2, label: "Yes, and don't ask again for file operations when in this directory", marked: false },
        { number: 3, label: 'No', marked: false },
      ],
    });
  });

  it('refuses a list with a hole, one cut off above option 1, or too many rows between options', () => {
    expect(numberedBlockEndingAt(['❯ 1. Yes', '3. No'], 1, SHAPE)).toBeNull();
    expect(numberedBlockEndingAt(['2. Always', '3. No'], 1, SHAPE)).toBeNull();
    expect(numberedBlockEndingAt(['❯ 1. Yes', 'a', 'b', 'c', '2. No'], 4, SHAPE)).toBeNull();
  });

  it('skips single blank rows between options only where the runtime draws them', () => {
    const rows = ['❯ 1. Yes', '', '2. No'];
    expect(numberedBlockEndingAt(rows, 2, SHAPE)).toBeNull();
    expect(numberedBlockEndingAt(rows, 2, { ...SHAPE, blankBetween: true })?.options.map((o) => o.label)).toEqual(['Yes', 'No']);
  });
});
