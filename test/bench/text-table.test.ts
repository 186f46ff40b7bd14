import { describe, expect, it } from 'vitest';
import { textTable } from '../../bench/text-table.ts';

describe('bench text table', () => {
  it('pads columns, right-aligns numeric ones and shows null as a dash and booleans as PASS/FAIL', () => {
    const table = textTable(
      ['name', 'p95', 'ok'],
      [
        ['detection', 1146, true],
        ['approve', null, false],
      ],
    );
    expect(table.split('\n')).toEqual([
      '| name      |  p95 | ok   |',
      '|-----------|-----:|------|',
      '| detection | 1146 | PASS |',
      '| approve   |    – | FAIL |',
    ]);
  });
});
